import Foundation
import PickerReel
import PickerRender
import TestSupport
import Testing

@testable import PickerSnapshot

/// Issue 34, finding 13: the `<name>.environment.json` beside the goldens is input.
///
/// It is read bounded, confined to
/// the golden folder and never through a link, and its strings reach failure messages without control characters
/// and cut short.
@Suite("assertPickerSnapshot: the environment record is input")
struct SnapshotEnvironmentRecordTests {
    static let times = [0.78]

    /// Records the seed demo's golden in `folder`, and returns the spec changed so that it no longer matches, and
    /// the environment record's URL.
    func recordedMismatch(in folder: SnapshotFolder) throws -> (spec: PickerSpec, record: URL, recorded: RenderEnvironment) {
        let spec = try fixtureSpec("seed-demo")
        _ = try collecting {
            try assertPickerSnapshot(of: spec, as: .frames(at: Self.times), named: folder.name, snapshotDirectory: folder.path)
        }
        let record = URL(fileURLWithPath: folder.path).appendingPathComponent("\(folder.name).environment.json")
        let recorded = try recordedEnvironment(at: record)
        var moved = spec
        moved.style.highlight.color = .red
        return (moved, record, recorded)
    }

    func outcome(_ spec: PickerSpec, in folder: SnapshotFolder) throws -> SnapshotOutcome {
        try collecting {
            try assertPickerSnapshot(of: spec, as: .frames(at: Self.times), named: folder.name, snapshotDirectory: folder.path)
        }.0
    }

    @Test func aRecordThatIsALinkIsNotFollowed() throws {
        let folder = try SnapshotFolder()
        let (spec, record, recorded) = try recordedMismatch(in: folder)
        var other = recorded
        other.libraries["pango"] = "1.44.7"
        let outside = try temporaryFolder().appendingPathComponent("elsewhere.json")
        try JSONEncoder().encode(other).write(to: outside)
        try FileManager.default.removeItem(at: record)
        try FileManager.default.createSymbolicLink(at: record, withDestinationURL: outside)
        let found = try outcome(spec, in: folder)
        #expect(!found.matches)
        #expect(found.environmentChanges.isEmpty, "read through a link: \(found.environmentChanges)")
        #expect(found.description.contains("\(folder.name).environment.json was not read"), "\(found.description)")
        #expect(found.description.contains("link"), "\(found.description)")
    }

    @Test func aRecordOverTheSizeLimitIsNotRead() throws {
        let folder = try SnapshotFolder()
        let (spec, record, recorded) = try recordedMismatch(in: folder)
        var other = recorded
        other.libraries["pango"] = "1.44.7"
        // Valid JSON, padded past the limit with spaces.
        try Data(Array(try JSONEncoder().encode(other)) + [UInt8](repeating: 0x20, count: 2 << 20)).write(to: record)
        let found = try outcome(spec, in: folder)
        #expect(found.environmentChanges.isEmpty, "\(found.environmentChanges)")
        #expect(found.description.contains("was not read") && found.description.contains("at most"), "\(found.description)")
    }

    @Test func aRecordsStringsReachMessagesWithoutControlCharactersAndCutShort() throws {
        let folder = try SnapshotFolder()
        let (spec, record, recorded) = try recordedMismatch(in: folder)
        var other = recorded
        other.libraries["pango"] = "1.44\u{1B}[2J\u{1B}]0;owned\u{07}\n::error::forged" + String(repeating: "x", count: 5_000)
        other.libraries["evil\nlibrary\u{1B}[31m" + String(repeating: "y", count: 5_000)] = "0\r\u{9B}1"
        try JSONEncoder().encode(other).write(to: record)
        let found = try outcome(spec, in: folder)
        #expect(found.environmentChanges.count == 2, "\(found.environmentChanges)")
        for text in found.environmentChanges + found.messages {
            #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, "\(text.debugDescription)")
        }
        for change in found.environmentChanges {
            #expect(!change.contains("\n"), "\(change.debugDescription)")
            #expect(change.count < 400, "\(change.count) characters")
        }
    }

    @Test func aRecordThatIsNotJSONOrTooDeepIsNamed() throws {
        let folder = try SnapshotFolder()
        let (spec, record, _) = try recordedMismatch(in: folder)
        try Data((String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000)).utf8).write(to: record)
        let found = try outcome(spec, in: folder)
        #expect(found.environmentChanges.isEmpty)
        #expect(found.description.contains("\(folder.name).environment.json was not read"), "\(found.description)")
    }
}
