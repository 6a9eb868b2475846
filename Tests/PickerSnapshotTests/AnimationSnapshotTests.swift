import Foundation
import PickerCompare
import PickerReel
import TestSupport
import Testing

@testable import PickerSnapshot

/// `assertPickerSnapshot(of:as: .animation, named:)`: one animated golden (an APNG) per spec and variant, checked in
/// time with `pickerreel compare`'s animation comparison.
@Suite("assertPickerSnapshot as an animation")
struct AnimationSnapshotTests {
    /// What checking `spec` as an animation against the goldens in `folder` found, with the issues it recorded.
    func checking(_ spec: PickerSpec, in folder: SnapshotFolder, variants: [String]? = nil) throws -> (SnapshotOutcome, [String]) {
        let (outcome, issues) = try collecting {
            try assertPickerSnapshot(of: spec, as: .animation, named: folder.name, variants: variants, snapshotDirectory: folder.path)
        }
        #expect(issues.count == outcome.messages.count)
        return (outcome, issues.map(\.message))
    }

    /// The seed demo with `change` applied to its JSON text.
    func seedDemo(_ change: (String) -> String = { $0 }) throws -> PickerSpec {
        let text = try String(contentsOf: repositoryRoot.appendingPathComponent("Fixtures/specs/seed-demo.json"), encoding: .utf8)
        return try PickerSpec(json: Data(change(text).utf8))
    }

    @Test func oneAnimatedGoldenIsRecordedThenTheSameRenderMatches() throws {
        let folder = try SnapshotFolder()
        let (recording, messages) = try checking(try seedDemo(), in: folder)
        #expect(recording.recordedGoldens)
        #expect(try folder.files() == ["\(folder.name).animated.png", "\(folder.name).environment.json"])
        #expect(messages.first?.hasPrefix("recorded 1 new snapshot at \(folder.path)") == true)
        let golden = try Data(contentsOf: URL(fileURLWithPath: folder.path).appendingPathComponent("\(folder.name).animated.png"))
        #expect(golden.count > 1_000 && golden.range(of: Data("acTL".utf8)) != nil, "the golden is an APNG")

        let (check, issues) = try checking(try seedDemo(), in: folder)
        #expect(check.matches && issues.isEmpty, "\(issues)")
    }

    @Test func aSpecFileIsCheckedAsAnAnimationInEveryVariant() throws {
        let folder = try SnapshotFolder()
        let file = repositoryRoot.appendingPathComponent("Fixtures/gallery/segmented.json").path
        let check = {
            try collecting {
                try assertPickerSnapshot(ofSpecFile: file, as: .animation, named: folder.name, snapshotDirectory: folder.path)
            }
        }
        let (recording, _) = try check()
        #expect(recording.recordedGoldens)
        #expect(
            try folder.files() == [
                "\(folder.name)-dark.animated.png", "\(folder.name)-dark.environment.json", "\(folder.name).animated.png",
                "\(folder.name).environment.json",
            ])
        let (again, issues) = try check()
        #expect(again.matches && issues.isEmpty, "\(issues.map(\.message))")
    }

    @Test func aChangedSpecFailsNamingTheMomentsAndTheDiff() throws {
        let folder = try SnapshotFolder()
        _ = try checking(try seedDemo(), in: folder)
        let changed = try seedDemo { $0.replacingOccurrences(of: "\"opacity\": 0.4", with: "\"opacity\": 0.5") }
        let (outcome, messages) = try checking(changed, in: folder)
        #expect(!outcome.matches && !outcome.recordedGoldens)
        let message = try #require(messages.first)
        #expect(message.contains("snapshot \"\(folder.name)\" does not match as an animation: 45 of 45 moments differ: 0 s "), "\(message)")
        #expect(outcome.diffPaths.count == 1 && outcome.diffPaths.allSatisfy { FileManager.default.fileExists(atPath: $0) })
        #expect(message.contains("diff:   \(outcome.diffPaths[0])"), "\(message)")
        #expect(message.contains("strip:  \(AnimationDiffNames.strip(of: outcome.diffPaths[0]))"), "\(message)")
        #expect(FileManager.default.fileExists(atPath: AnimationDiffNames.strip(of: outcome.diffPaths[0])))
        // The failure's files, made on purpose here.
        for path in outcome.actualPaths + outcome.diffPaths + outcome.diffPaths.map(AnimationDiffNames.strip) {
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    @Test func aChangedFrameRateIsSaidInWords() throws {
        let folder = try SnapshotFolder()
        _ = try checking(try seedDemo(), in: folder)
        let faster = try seedDemo { $0.replacingOccurrences(of: "\"fps\": 30", with: "\"fps\": 60") }
        let (_, messages) = try checking(faster, in: folder)
        #expect(messages.first?.contains("30 fps → 60 fps, 3.40 s → 3.37 s, 102 frames → 202 frames") == true, "\(messages)")
    }
}
