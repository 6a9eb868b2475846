import Foundation
import PickerReel
import TestSupport
import Testing

@testable import PickerSnapshot

/// `assertPickerSnapshot(ofSpecFile:)` finds a relative spec beside the test file, as swift-snapshot-testing finds
/// its goldens, whatever the working directory, and takes a file URL too.
@Suite("The spec file of a snapshot assertion")
struct SpecFileLocationTests {
    /// The seed demo's spec, relative to this file's folder (Tests/PickerSnapshotTests): not found from the
    /// repository's root, where `swift test` runs, so only a path taken beside the test file reads it.
    static let besideThisFile = "../../Fixtures/specs/seed-demo.json"

    @Test func aRelativePathIsReadBesideTheTestFile() throws {
        #expect(!FileManager.default.fileExists(atPath: Self.besideThisFile), "the working directory must not find it")
        let folder = try SnapshotFolder()
        let (recorded, _) = try collecting {
            try assertPickerSnapshot(
                ofSpecFile: Self.besideThisFile, as: .frames(at: [0.78]), named: folder.name, snapshotDirectory: folder.path)
        }
        #expect(recorded.recordedGoldens)
        let (checked, issues) = try collecting {
            try assertPickerSnapshot(
                of: fixtureSpec("seed-demo"), as: .frames(at: [0.78]), named: folder.name, snapshotDirectory: folder.path)
        }
        #expect(checked.matches && issues.isEmpty, "\(issues.map(\.message))")
    }

    @Test func aFileURLIsAccepted() throws {
        let folder = try SnapshotFolder()
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(Self.besideThisFile)
        let (recorded, _) = try collecting {
            try assertPickerSnapshot(ofSpecFile: url, as: .animation, named: folder.name, snapshotDirectory: folder.path)
        }
        #expect(recorded.recordedGoldens)
        let (checked, issues) = try collecting {
            try assertPickerSnapshot(ofSpecFile: url.standardized, as: .animation, named: folder.name, snapshotDirectory: folder.path)
        }
        #expect(checked.matches && issues.isEmpty, "\(issues.map(\.message))")
    }

    @Test func aURLThatIsNotAFileOrASpecThatIsNotThereIsRefusedNamingIt() throws {
        let folder = try SnapshotFolder()
        let web = try #require(URL(string: "https://example.invalid/period.json"))
        #expect {
            try assertPickerSnapshot(ofSpecFile: web, as: .frames(at: [0]), named: folder.name, snapshotDirectory: folder.path)
        } throws: { error in
            "\(error)".contains("https://example.invalid/period.json is not a file URL")
        }
        #expect {
            try assertPickerSnapshot(
                ofSpecFile: "no-such-spec.json", as: .frames(at: [0]), named: folder.name, snapshotDirectory: folder.path)
        } throws: { error in
            "\(error)".contains("Tests/PickerSnapshotTests/no-such-spec.json")
        }
        #expect(try folder.files().isEmpty)
    }
}
