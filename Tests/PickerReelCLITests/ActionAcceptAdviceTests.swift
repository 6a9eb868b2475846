import Foundation
import TestSupport
import Testing

/// action.yml's own steps say what to do (issue 37): a failing run's annotation and summary name the report's
/// uploaded artifact and the accept path; the accept run's summary lists what it accepted and the commit it pushed.
///
/// Serialized: the build steps share one build folder with ActionStepsTests.
@Suite("GitHub Action: what to do, as a runner runs it", .serialized)
struct ActionAcceptAdviceTests {
    @Test func aFailingRunNamesTheUploadedReportAndTheAcceptRunSaysWhatItPushed() throws {
        var world = try ActionWorld()
        let origin = world.root.appendingPathComponent("origin.git")
        try world.git(["init", "-q", "--bare", origin.path])
        try world.recolor("units", to: "indigo")
        try world.git(["commit", "-q", "-am", "Units: an indigo highlight"])
        try world.git(["push", "-q", origin.path, "HEAD:refs/heads/feature"])
        try FileManager.default.removeItem(at: world.workspace)
        try world.git(["clone", "-q", "-b", "feature", origin.path, world.workspace.path], in: world.root)

        let failing = try world.run([[:]])
        let use = try #require(failing.uses.first)
        #expect(failing.outcome == "failure", "\(use.log)")
        let name = try #require(use.outputs["artifact-name"])
        #expect(world.artifact(name, run: 1) != nil, "\(world.artifactNames(run: 1))")
        let annotations = use.stdout.split(separator: "\n").filter { $0.hasPrefix("::error") }
        #expect(annotations.count == 1, "\(annotations)")
        for annotation in annotations {
            #expect(annotation.contains("units: "), "\(annotation)")
            #expect(annotation.contains("moments differ"), "APNG goldens by default: \(annotation)")
            #expect(annotation.contains("report: the artifact \(name) (index.html)"), "\(annotation)")
            #expect(annotation.contains("to accept: run the workflow with update: true, or comment /pickerreel accept"), "\(annotation)")
            #expect(annotation.contains("or commit the artifact \(name)-goldens as goldens"), "\(annotation)")
            #expect(!annotation.contains("Output/") && !annotation.contains(world.root.path), "a path on the runner: \(annotation)")
        }
        #expect(failing.summary.contains("**What to do:** 1 spec folder differs: `units`;"), "\(failing.summary)")
        #expect(failing.summary.contains("the artifact \(name)"), "\(failing.summary)")

        let accept = try world.run([["update": "true"]], github: ["head_ref": "feature", "event_name": "pull_request"])
        #expect(accept.outcome == "success", "\(accept.uses.first?.log ?? "")")
        let commit = try world.git(["rev-parse", "--short", "feature"], in: origin).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(accept.summary.contains("### PickerReel: goldens accepted"), "\(accept.summary)")
        #expect(accept.summary.contains("Accepted the render as the goldens of `units`:"), "\(accept.summary)")
        #expect(accept.summary.contains("| changed | `units/units.png` |"), "\(accept.summary)")
        #expect(accept.summary.contains("committed as `\(commit)`") && accept.summary.contains("Pushed `\(commit)` to `feature`."))
    }
}
