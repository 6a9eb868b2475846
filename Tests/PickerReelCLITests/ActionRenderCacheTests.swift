import Foundation
import TestSupport
import Testing

/// The Action's render cache, run as a runner runs action.yml (Tests/ActionRunner/run_action.py): the renders of one
/// job are saved by actions/cache/save under a key naming the render environment (`pickerreel environment
/// --digest`), and a fresh runner of the same environment restores them, so it draws only the specs that changed.
///
/// Serialized: the build steps share one build folder.
@Suite("GitHub Action's render cache, as a runner runs it", .serialized)
struct ActionRenderCacheTests {
    static let compare = "Render and compare with the goldens"

    /// The spec names the compare step's log says were up to date, and those it says were drawn: render's lines,
    /// `NAME: up to date → FOLDER` and `NAME: 7 frames (png; …) in 0.05 s → FOLDER` (compare's lines have no arrow).
    static func renders(in job: ActionResult) throws -> (upToDate: Set<String>, drawn: Set<String>) {
        let use = try #require(job.uses.first)
        let log = try #require(use.step(compare), "\(use.log)").stderr
        var upToDate: Set<String> = []
        var drawn: Set<String> = []
        for line in log.split(separator: "\n") {
            for name in ["period", "units"] where line.hasPrefix("\(name): ") && line.contains(" → Output/pickerreel/\(name)") {
                if line.contains("up to date") { upToDate.insert(name) } else { drawn.insert(name) }
            }
        }
        return (upToDate, drawn)
    }

    /// The cache entries of the renders, by key.
    static func renderEntries(in world: ActionWorld) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: world.cache.path).filter { $0.hasPrefix("pickerreel-renders-") }.sorted()
    }

    @Test func aFreshRunnerRestoresTheRendersAndDrawsOnlyWhatChanged() throws {
        var world = try ActionWorld()
        let first = try world.run([[:]])
        #expect(first.outcome == "success", "\(first.uses.first?.log ?? "")")
        #expect(try Self.renders(in: first) == ([], ["period", "units"]))
        // Saved under the environment's digest.
        let digest = try runTool(["environment", "--digest"]).stdout.trimmingCharacters(in: .newlines)
        let entries = try Self.renderEntries(in: world)
        #expect(entries.count == 1 && entries.allSatisfy { $0.hasPrefix("pickerreel-renders-\(digest.prefix(32))-") }, "\(entries)")

        // A second runner (a fresh temp folder; the workspace's Output is emptied by the render step) with one spec
        // changed: the other is restored and not drawn again, and the pictures are compared as before.
        try world.recolor("units", to: "indigo")
        let second = try world.run([[:]])
        let use = try #require(second.uses.first)
        #expect(use.step("Restore the renders of this environment")?.outputs["cache-matched-key"] == entries.first, "\(use.log)")
        #expect(try Self.renders(in: second) == (["period"], ["units"]))
        #expect(use.outputs["status"] == "1", "the changed spec still differs from its golden: \(use.log)")
        #expect(use.stdout.contains("::error file=goldens/units/"), "\(use.stdout)")
        // Saved though compare failed (the renders are right whatever the goldens say): a third runner draws nothing.
        #expect(try Self.renderEntries(in: world).count == 2)
        let third = try world.run([[:]])
        #expect(try Self.renders(in: third) == (["period", "units"], []), "\(third.uses.first?.log ?? "")")
        #expect(third.uses.first?.step("Restore the renders of this environment")?.outputs["cache-hit"] == "true")
    }

    /// Renders saved by a runner of another environment (another digest in the key) are not restored: every spec
    /// is drawn.
    @Test func rendersOfAnotherEnvironmentAreNotRestored() throws {
        var world = try ActionWorld()
        _ = try world.run([[:]])
        let entry = try #require(try Self.renderEntries(in: world).first)
        let digest = try runTool(["environment", "--digest"]).stdout.trimmingCharacters(in: .newlines)
        let other = entry.replacingOccurrences(of: String(digest.prefix(32)), with: String(repeating: "0", count: 32))
        try FileManager.default.moveItem(at: world.cache.appendingPathComponent(entry), to: world.cache.appendingPathComponent(other))
        let job = try world.run([[:]])
        #expect(job.outcome == "success", "\(job.uses.first?.log ?? "")")
        #expect(try Self.renders(in: job) == ([], ["period", "units"]))
    }

    /// A cache entry holding a link (a tampered cache) is not used: a warning, every spec drawn, nothing outside
    /// the output touched through the link.
    @Test func aRestoredCacheHoldingALinkIsNotUsed() throws {
        var world = try ActionWorld()
        _ = try world.run([[:]])
        let entry = world.cache.appendingPathComponent(try #require(try Self.renderEntries(in: world).first))
        let outside = world.root.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        let link = entry.appendingPathComponent("period/frame-0009.png")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: outside.appendingPathComponent("x.png").path)
        let job = try world.run([[:]])
        let use = try #require(job.uses.first)
        #expect(use.stdout.contains("::warning title=PickerReel::the render cache"), "\(use.stdout)")
        #expect(try Self.renders(in: job) == ([], ["period", "units"]))
        #expect(job.outcome == "success", "\(use.log)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
    }
}
