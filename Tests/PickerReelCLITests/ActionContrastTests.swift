import Foundation
import TestSupport
import Testing

/// Issue 35: through action.yml's own steps (`ActionWorld`), a pull request that changes a colour says how each
/// contrast ratio moved, when the goldens were rendered with `--audit` and the Action's `audit` input is set (its
/// render then measures too), as a warning and in the step summary, without changing the verdict.
///
/// Serialized: the build steps share one build folder.
@Suite("GitHub Action: contrast changes", .serialized)
struct ActionContrastTests {
    @Test func aRecolouredHighlightSaysHowItsContrastMoved() throws {
        var world = try ActionWorld()
        let measured = try runTool(
            ["render", "specs/period.json", "specs/units.json", "-o", "goldens", "--format", "apng", "--audit", "-q"],
            in: world.workspace)
        try #require(measured.status == 0, "\(measured)")
        try world.git(["add", "-A"])
        try world.git(["commit", "-q", "-m", "Goldens with their contrast"])
        try world.recolor("units", to: "white")
        let job = try world.run([["audit": "report"]])
        let use = try #require(job.uses.first)
        // The pixels decide: the recoloured spec differs, so the run fails as before.
        #expect(job.outcome == "failure", "\(use.log)")
        #expect(use.outputs["status"] == "1", "\(use.log)")
        let warning = try #require(
            use.stdout.split(separator: "\n").first { $0.hasPrefix("::warning title=pickerreel compare%3A contrast::") },
            "\(use.stdout)")
        #expect(warning.contains("units: highlight ") && warning.contains(" → "), "\(warning)")
        #expect(!warning.contains("period"), "period did not change: \(warning)")
        #expect(job.summary.contains("units: highlight "), "\(job.summary)")
    }
}
