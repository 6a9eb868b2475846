import PickerSnapshot
import XCTest

/// The same assertion from an XCTest `throws` method: a thrown `SnapshotFailure` fails the test like any error.
final class XCTestUsageTests: XCTestCase {
    func testRecordingThrowsThenTheSnapshotMatches() throws {
        let folder = try SnapshotFolder()
        let spec = try fixtureSpec("numbers-vertical")
        XCTAssertThrowsError(try assertPickerSnapshot(of: spec, at: [1.3], named: folder.name, snapshotDirectory: folder.path)) { error in
            XCTAssertTrue("\(error)".hasPrefix("recorded 1 new snapshot at \(folder.path); re-run to compare"))
        }
        try assertPickerSnapshot(of: spec, at: [1.3], named: folder.name, snapshotDirectory: folder.path)
    }
}
