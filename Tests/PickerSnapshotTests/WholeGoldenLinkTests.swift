import Foundation
import PickerReel
import TestSupport
import Testing

@testable import PickerSnapshot

/// A golden that is a link, under both strategies whose golden is one file for the whole animation: the rules they
/// share (`SnapshotCheck.startWholeGoldenCheck`) count a link to nothing as a golden, so recording never writes over
/// it and hides it, and refuse to read a golden through a link, dangling or not; the link is left as it was.
@Suite("A dangling link as a whole-animation golden")
struct WholeGoldenLinkTests {
    @Test(arguments: [("animation", "animated.png"), ("lottie", "lottie.json")])
    func aDanglingLinkIsRefusedNotRecordedOver(strategyName: String, suffix: String) throws {
        let strategy: SnapshotStrategy = strategyName == "animation" ? .animation : .lottie
        let folder = try SnapshotFolder()
        let golden = "\(folder.path)/\(folder.name).\(suffix)"
        let target = "\(folder.path)/gone.\(suffix)"
        try FileManager.default.createSymbolicLink(atPath: golden, withDestinationPath: target)
        let spec = try fixtureSpec("seed-demo")
        let (outcome, issues) = try collecting {
            try assertPickerSnapshot(of: spec, as: strategy, named: folder.name, snapshotDirectory: folder.path)
        }
        #expect(!outcome.matches && !outcome.recordedGoldens, "\(issues.map(\.message))")
        let message = try #require(issues.first?.message)
        #expect(message.contains("cannot read the golden: "), "\(message)")
        #expect(message.contains("a symbolic link is on its path, and none is followed here"), "\(message)")
        #expect(
            (try? FileManager.default.destinationOfSymbolicLink(atPath: golden)) == target, "the link is left as it was")
        #expect(!FileManager.default.fileExists(atPath: target), "nothing was written through the link")
        for path in outcome.actualPaths + outcome.diffPaths { try? FileManager.default.removeItem(atPath: path) }
    }

    /// A link to the render's own golden, which would match if it were followed, is refused too.
    @Test(arguments: ["animation", "lottie"])
    func aLinkToAMatchingGoldenIsNotFollowed(strategyName: String) throws {
        let strategy: SnapshotStrategy = strategyName == "animation" ? .animation : .lottie
        let suffix = strategyName == "animation" ? "animated.png" : "lottie.json"
        let spec = try fixtureSpec("seed-demo")
        let folder = try SnapshotFolder()
        let recorded = try SnapshotFolder()
        _ = try collecting { try assertPickerSnapshot(of: spec, as: strategy, named: folder.name, snapshotDirectory: recorded.path) }
        let golden = "\(folder.path)/\(folder.name).\(suffix)"
        try FileManager.default.createSymbolicLink(atPath: golden, withDestinationPath: "\(recorded.path)/\(folder.name).\(suffix)")
        let (outcome, issues) = try collecting {
            try assertPickerSnapshot(of: spec, as: strategy, named: folder.name, snapshotDirectory: folder.path)
        }
        #expect(!outcome.matches && !outcome.recordedGoldens, "\(issues.map(\.message))")
        let message = try #require(issues.first?.message)
        #expect(message.contains("cannot read the golden: "), "\(message)")
        #expect(message.contains("a symbolic link is on its path, and none is followed here"), "\(message)")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: golden)) != nil, "the link is left as it was")
        for path in outcome.actualPaths + outcome.diffPaths { try? FileManager.default.removeItem(atPath: path) }
    }
}
