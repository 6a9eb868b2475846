// libFuzzer entry point for everything a spec goes through: decoding, validation, Pango measuring, layout,
// timeline, limits, and every format's bytes in memory through `Renderer.encoded(_:frame:)`, each decoded again;
// `RenderRoundTrip` (Tests/PickerPropertyTests/Checks/, shared with the corpus replay test) says what is done.
//
// Built by `make fuzz-build` with `-sanitize=fuzzer,address` against the package's own modules, themselves built
// with the same flags by `swift build` in a scratch path of their own; see the Makefile.
//
// A finding is anything that stops the process: a Swift trap, an AddressSanitizer or LeakSanitizer report, a
// timeout, or the abort below, when a valid spec fails to render in some format, renders bytes that are not a
// picture of the right size, or does not survive its own JSON.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRender(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    if let problem = RenderRoundTrip.problem(with: Array(UnsafeBufferPointer(start: data, count: size))) {
        FileHandle.standardError.write(Data(("fuzz finding: " + problem + "\n").utf8))
        abort()
    }
    return 0
}
