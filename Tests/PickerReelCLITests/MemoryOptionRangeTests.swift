import Foundation
import TestSupport
import Testing

/// `--memory` says both ends of its range: 8000G was told "expected a size of at least 64M", though the ceiling is
/// 1 TiB (found in the hostile pass after issue 34).
@Suite("--memory's range in its message")
struct MemoryOptionRangeTests {
    @Test(arguments: ["render", "compare"])
    func aSizeAboveTheCeilingIsToldTheCeiling(command: String) throws {
        let paths = command == "compare" ? ["expected", "actual"] : []
        let run = try runTool([command] + paths + ["--memory", "8000G"])
        #expect(!run.trapped && run.status == 2, "\(run)")
        #expect(run.stderr.contains("--memory 8000G: expected a size of at least 64M and at most 1024G"), "\(run.stderr)")
    }
}
