import Foundation
import TestSupport

/// Two batch renders of both example specs into `folder/expected` and `folder/actual` (one folder per spec),
/// made with the tool itself.
func batchRenders(in folder: URL) throws -> (expected: URL, actual: URL) {
    let expected = folder.appendingPathComponent("expected")
    let actual = folder.appendingPathComponent("actual")
    for output in [expected, actual] {
        let run = try runTool(["render", fixture("seed-demo.json"), fixture("numbers-vertical.json"), "-o", output.path, "-q"])
        guard run.status == 0 else { throw RenderFailed(message: run.stderr) }
    }
    return (expected, actual)
}

struct RenderFailed: Error {
    var message: String
}
