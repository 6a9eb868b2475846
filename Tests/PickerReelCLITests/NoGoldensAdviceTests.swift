import Foundation
import TestSupport
import Testing

/// scripts/pickerreel-ci.sh with no goldens yet: what the workflow or the pull request names (the artifact, the
/// goldens folder) reaches the step summary only as code spans cut to 200 characters, and the local advice is a
/// command that can be pasted.
@Suite("What to do when there are no goldens yet")
struct NoGoldensAdviceTests {
    func runSteps(in work: URL, goldens: String, environment: [String: String]) throws -> (status: Int32, stdout: String, summary: String) {
        let summary = work.appendingPathComponent("summary.md")
        try Data().write(to: summary)
        let run = try runProcess(
            repositoryRoot.appendingPathComponent("scripts/pickerreel-ci.sh"),
            [try toolURL().path, "specs/*.json", goldens, "Output/pickerreel", "Output/report"], in: work,
            environment: ["GITHUB_STEP_SUMMARY": summary.path, "GITHUB_WORKSPACE": work.path].merging(environment) { $1 })
        return (run.status, run.stdout, try String(contentsOf: summary, encoding: .utf8))
    }

    @Test func aHostileArtifactNameCannotWriteMarkdownOrLinesIntoTheSummary() throws {
        let work = try temporaryFolder()
        try makeDesignSystem(in: work, goldens: false)
        let hostile =
            "pictures\n::add-mask::secret%0A`x`](javascript:alert(1))\r\n### Injected <img src=x> " + String(repeating: "y", count: 5_000)
        let run = try runSteps(in: work, goldens: "goldens", environment: ["PICKERREEL_ACCEPT_ARTIFACT": hostile])
        #expect(run.status == 1, "\(run.stdout)")
        let lines = run.summary.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(!lines.contains { $0.hasPrefix("### Injected") || $0.hasPrefix("::") }, "\(run.summary)")
        #expect(!run.summary.contains("\r"), "\(run.summary)")
        #expect(run.summary.utf8.count < 1_500, "\(run.summary.utf8.count) bytes")
        let annotation = try #require(run.stdout.split(separator: "\n").first { $0.hasPrefix("::error") }, "\(run.stdout)")
        #expect(annotation.utf8.count < 1_000, "\(annotation.utf8.count) bytes")
    }

    @Test func theLocalAdviceIsACommandThatCanBePasted() throws {
        let work = try temporaryFolder()
        try makeDesignSystem(in: work, goldens: false)
        let goldens = "gold en's $(touch PWNED)"
        let run = try runSteps(in: work, goldens: goldens, environment: [:])
        #expect(run.status == 1, "\(run.stdout)")
        let start = try #require(run.stdout.firstRange(of: "run `pickerreel compare "), "\(run.stdout)")
        let command = try #require(run.stdout[start.upperBound...].split(separator: "`").first, "\(run.stdout)")
        let pasted = try runProgram("/bin/bash", ["-c", "\"$0\" compare " + command, try toolURL().path], in: work)
        #expect(pasted.status == 0, "\(command): \(pasted.stderr)")
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("PWNED").path), "\(command)")
        #expect(FileManager.default.fileExists(atPath: work.appendingPathComponent(goldens).path), "\(command)")
    }
}
