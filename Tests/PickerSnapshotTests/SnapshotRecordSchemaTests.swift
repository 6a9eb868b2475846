import Foundation
import PickerReel
import PickerRender
import TestSupport
import Testing

@testable import PickerSnapshot

/// Issue 36: a snapshot's `<name>.environment.json` is the tool's one provenance record, a render manifest that
/// follows schema/render-manifest.schema.json; the bare record of earlier releases is still read, and a record of
/// another version is refused, saying to record the goldens again.
@Suite("assertPickerSnapshot: the environment record is a render manifest")
struct SnapshotRecordSchemaTests {
    static let times = [0.78]

    func outcome(_ spec: PickerSpec, in folder: SnapshotFolder) throws -> SnapshotOutcome {
        try collecting {
            try assertPickerSnapshot(of: spec, as: .frames(at: Self.times), named: folder.name, snapshotDirectory: folder.path)
        }.0
    }

    @Test func theRecordIsAManifestTheSchemaAccepts() throws {
        let folder = try SnapshotFolder()
        _ = try outcome(try fixtureSpec("seed-demo"), in: folder)
        let record = URL(fileURLWithPath: folder.path).appendingPathComponent("\(folder.name).environment.json")
        let manifest = try RenderManifest.decode(Array(try Data(contentsOf: record)))
        #expect(manifest.inputs.options == ["snapshot": folder.name] && manifest.files.isEmpty)
        #expect(manifest.inputs.environment.libraries["pango"] != nil && !manifest.inputs.environment.fonts.isEmpty)
        let check = try checkAgainstRecordSchema([record.path])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    }

    /// The bare environment an earlier release recorded is read: a mismatch names what differs from it.
    @Test func theBareRecordOfAnEarlierReleaseIsRead() throws {
        let folder = try SnapshotFolder()
        var spec = try fixtureSpec("seed-demo")
        _ = try outcome(spec, in: folder)
        let record = URL(fileURLWithPath: folder.path).appendingPathComponent("\(folder.name).environment.json")
        var old = try recordedEnvironment(at: record)
        let pango = try #require(old.libraries["pango"])
        old.libraries["pango"] = "1.44.7"
        try JSONEncoder().encode(old).write(to: record)
        spec.style.highlight.color = .red
        let found = try outcome(spec, in: folder)
        #expect(found.environmentChanges == ["pango 1.44.7 → \(pango)"], "\(found.description)")
    }

    @Test func aRecordOfAnotherVersionIsRefusedSayingToRecordAgain() throws {
        let folder = try SnapshotFolder()
        var spec = try fixtureSpec("seed-demo")
        _ = try outcome(spec, in: folder)
        let record = URL(fileURLWithPath: folder.path).appendingPathComponent("\(folder.name).environment.json")
        let text = try String(contentsOf: record, encoding: .utf8)
        try Data(text.replacingOccurrences(of: #""version" : 1"#, with: #""version" : 2"#).utf8).write(to: record)
        spec.style.highlight.color = .red
        let found = try outcome(spec, in: folder)
        #expect(found.environmentChanges.isEmpty)
        #expect(
            found.description.contains("\(folder.name).environment.json was not read: version: expected 1, found the number 2")
                && found.description.contains("record the goldens again to rewrite it"), "\(found.description)")
    }
}
