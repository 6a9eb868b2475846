import PickerReel
import XCTest

@testable import PickerSnapshot

/// The same assertion from an XCTest method: a mismatch goes through `XCTFail` at the call's line, not through
/// Swift Testing, which is not running here.
final class XCTestUsageTests: XCTestCase {
    func testAMatchingSnapshotPassesAndAMismatchIsReportedAtTheCallSite() throws {
        let folder = try SnapshotFolder()
        var spec = try fixtureSpec("numbers-vertical")
        let collector = SnapshotReporter.Collector()
        try SnapshotReporter.$collector.withValue(collector) {
            try assertPickerSnapshot(of: spec, as: .frames(at: [1.3]), named: folder.name, snapshotDirectory: folder.path)
        }
        XCTAssertEqual(collector.issues.count, 1, "recording is one issue")
        // Matching: no issue, so XCTest records no failure.
        try assertPickerSnapshot(of: spec, as: .frames(at: [1.3]), named: folder.name, snapshotDirectory: folder.path)
        spec.style.highlight.color = .purple
        let line: UInt = #line + 2
        try SnapshotReporter.$collector.withValue(collector) {
            try assertPickerSnapshot(of: spec, as: .frames(at: [1.3]), named: folder.name, snapshotDirectory: folder.path)
        }
        XCTAssertEqual(collector.issues.count, 2)
        XCTAssertEqual(collector.issues.last?.location.line, line)
    }
}
