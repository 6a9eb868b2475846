// libFuzzer entry point for the icons and images a spec names: the input's bytes are an item's file, an SVG or a
// PNG, drawn through what `validate` does (`RenderPlan.measuring`) and what `render` does (a `Renderer`'s PNG and
// SVG frames, first and last, with the icon cross-fading as its item is selected, and the animated SVG).
//
// The first byte chooses how: bit 0 an icon (a template, SVG only) or an image (SVG or PNG), bit 1 the output scale
// (1 or 2 pixels a point), bit 2 whether the selected label has its own colour (so the icon is drawn in two looks).
// The rest is the file, written into a folder of the fuzzer's own beside the spec.
//
// Built by `make fuzz-build` like the render fuzzer; run by `make fuzz-graphics` from Fixtures/graphics-corpus.
// A finding is anything that stops the process: a Swift trap, an AddressSanitizer or LeakSanitizer report, a
// timeout, or the abort below, when `validate` accepts a graphic that `render` then refuses (an SVG), or refuses
// one without naming its field (a PNG's pixels, which `validate` does not decode).
import Foundation
import PickerReel

/// The folder the fuzzer writes its file and names its spec in, made once.
let graphicsFolder: URL = {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pickerreel-graphics-fuzz-\(getpid())")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGraphics(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data, size > 0 else { return 0 }
    let mode = data[0]
    let file = Data(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let key = mode & 1 == 0 ? "icon" : "image"
    let scale = mode & 2 == 0 ? 1 : 2
    let selected = mode & 4 == 0 ? "" : ##","selectedLabel":{"color":"#FF0000"}"##
    let graphic = graphicsFolder.appendingPathComponent("graphic")
    let specPath = graphicsFolder.appendingPathComponent("spec.json").path
    guard (try? file.write(to: graphic)) != nil else { return 0 }
    let json = """
        {"items":[{"value":"a","label":"A","\(key)":"graphic"},"b"],
         "selection":{"initial":"b","sequence":[{"select":"a","after":0.05}],"tail":0},
         "animation":{"curve":"linear","duration":0.1},
         "style":{"icon":{"size":12}\(selected)},"output":{"fps":20,"scale":\(scale)}}
        """
    guard let spec = try? PickerSpec.decode(Array(json.utf8), file: specPath) else {
        fail("the fuzzer's own spec does not decode")
    }
    guard (try? RenderPlan.measuring(spec, file: specPath)) != nil else { return 0 }
    let field = "items[0].\(key)"
    do {
        let renderer = try Renderer(spec, file: specPath)
        let last = renderer.frameCount - 1
        for frame in [0, last] {
            _ = try renderer.png(frame: frame)
            _ = try renderer.svg(frame: frame)
        }
        _ = try renderer.animatedSVG()
    } catch {
        let message = "\(error)"
        if key == "image", file.starts(with: [0x89, 0x50, 0x4E, 0x47]), message.contains(field) { return 0 }
        fail("validate accepted \(field) but render failed: \(message)")
    }
    return 0
}

func fail(_ problem: String) -> Never {
    FileHandle.standardError.write(Data(("fuzz finding: " + problem + "\n").utf8))
    abort()
}
