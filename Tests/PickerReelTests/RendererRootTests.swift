import Foundation
import PickerReel
import TestSupport
import Testing

/// `Renderer(_:variant:file:root:)`, the library's `--root`.
///
/// Icons and images are read only from inside the root,
/// by default the spec's repository or its own folder.
@Suite("Renderer root")
struct RendererRootTests {
    @Test func iconsAreReadOnlyFromInsideTheRoot() throws {
        let work = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        try FileManager.default.createDirectory(at: work.appendingPathComponent("icons"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: work.appendingPathComponent("specs"), withIntermediateDirectories: true)
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>"#
        try Data(svg.utf8).write(to: work.appendingPathComponent("icons/sun.svg"))
        let file = work.appendingPathComponent("specs/a.json").path
        let spec = try PickerSpec(json: Data(#"{"items":[{"value":"a","icon":"../icons/sun.svg"},"b"]}"#.utf8), file: file)
        // No repository above the spec: its own folder is the root, and the icon beside it is outside.
        #expect {
            _ = try Renderer(spec, file: file)
        } throws: { error in
            (error as? SpecError)?.description.contains("items[0].icon") == true
                && "\(error)".contains("outside the root \(work.resolvingSymlinksInPath().path)/specs")
        }
        let renderer = try Renderer(spec, file: file, root: work)
        #expect(renderer.frameCount > 0)
    }
}
