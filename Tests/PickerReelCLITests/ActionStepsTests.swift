import Foundation
import TestSupport
import Testing

/// action.yml's own steps, run in order as a GitHub runner runs them (Tests/ActionRunner/run_action.py), against a
/// design-system repository in a temporary folder: the build step builds the tool with `make build CONFIG=release`
/// (nothing to do after `make test` built it), the cache and upload-artifact steps are stood in for.
///
/// Serialized: the build steps share one build folder.
@Suite("GitHub Action, as a runner runs it", .serialized)
struct ActionStepsTests {
    static let build = "Build PickerReel"
    static let compare = "Render and compare with the goldens"

    @Test func matchingGoldensPassAndTheBuildStepRuns() throws {
        var world = try ActionWorld()
        let job = try world.run([[:]])
        let use = try #require(job.uses.first)
        #expect(job.outcome == "success", "\(use.log)")
        #expect(use.step(Self.build)?.outcome == "success", "\(use.log)")
        #expect(use.outputs["status"] == "0")
        #expect(!use.stdout.contains("::error"), "\(use.stdout)")
        let name = try #require(use.outputs["artifact-name"])
        let report = try #require(world.artifact(name, run: 1), "\(world.artifactNames(run: 1))")
        #expect(FileManager.default.fileExists(atPath: report.appendingPathComponent("index.html").path))
        #expect(world.artifact(name + "-goldens", run: 1) == nil)
        #expect(job.summary.contains("pickerreel compare"), "\(job.summary)")
    }

    @Test func aChangeFailsAndUploadsTheGoldensToAccept() throws {
        var world = try ActionWorld()
        try world.recolor("units", to: "indigo")
        let job = try world.run([[:]])
        let use = try #require(job.uses.first)
        #expect(job.outcome == "failure")
        #expect(use.outputs["status"] == "1", "\(use.log)")
        #expect(use.stdout.contains("::error file=goldens/units/"), "\(use.stdout)")
        let name = try #require(use.outputs["artifact-name"])
        #expect(world.artifact(name, run: 1) != nil, "the report is uploaded when compare fails")
        // The goldens to accept: laid out as the goldens folder, equal to a render of the changed specs.
        let accepted = try #require(world.artifact(name + "-goldens", run: 1), "\(world.artifactNames(run: 1))")
        #expect(try pngFiles(in: accepted) == pngFiles(in: world.workspace.appendingPathComponent("goldens")))
        let fresh = world.root.appendingPathComponent("fresh")
        #expect(
            try runTool(
                ["render", "specs/period.json", "specs/units.json", "-o", fresh.path, "--format", "apng", "-q"], in: world.workspace
            ).status == 0)
        let check = try runTool(["compare", accepted.path, fresh.path])
        #expect(check.status == 0, "\(check.stdout)")
    }

    @Test func compareArgumentsAndOtherInputsAreDataNotShell() throws {
        var world = try ActionWorld()
        let marker = world.workspace.appendingPathComponent("injected")
        let hostile = [
            ["compare-arguments": "--max-diff-ratio 0.002; echo INJECTED"],
            ["compare-arguments": "--max-diff-ratio 0.002 $(touch injected) `touch injected`"],
            ["specs": #"specs/*.json"; echo INJECTED; echo ""#],
            ["goldens": "goldens$(touch injected)"],
        ]
        for inputs in hostile {
            let job = try world.run([inputs])
            let use = try #require(job.uses.first)
            let lines = use.steps.flatMap { ($0.stdout + $0.stderr).split(separator: "\n") }
            #expect(!lines.contains("INJECTED"), "\(inputs): \(use.log)")
            #expect(!FileManager.default.fileExists(atPath: marker.path), "\(inputs)")
            #expect(job.outcome == "failure", "\(inputs): a word that is not an option is refused, not run")
        }
        // Split into words: options given this way reach compare.
        let job = try world.run([["compare-arguments": "--max-diff-ratio 0.002  --metric yiq"]])
        #expect(job.outcome == "success", "\(job.uses.first?.log ?? "")")
    }

    @Test func twoUsesInOneJobUploadUnderTheirOwnNames() throws {
        var world = try ActionWorld()
        let job = try world.run([[:], ["upload-renders": "true"]])
        #expect(job.outcome == "success", "\(job.uses.map(\.log))")
        let names = job.uses.compactMap { $0.outputs["artifact-name"] }
        #expect(names.count == 2 && names[0] != names[1], "\(names)")
        for name in names { #expect(world.artifact(name, run: 1) != nil, "\(world.artifactNames(run: 1))") }
        // The second use asked for the rendered files too, as an artifact of their own.
        let renders = try #require(world.artifact(names[1] + "-renders", run: 1), "\(world.artifactNames(run: 1))")
        #expect(FileManager.default.fileExists(atPath: renders.appendingPathComponent("units/units.png").path))
        #expect(world.artifact(names[0] + "-renders", run: 1) == nil)
        // A name given as an input is used as it is.
        let named = try world.run([["artifact-name": "pictures-shard-2"]])
        #expect(world.artifact("pictures-shard-2", run: 2) != nil, "\(named.uses.first?.log ?? "")")
    }

    @Test func aSecondRunWithAWarmCacheDoesNotBuild() throws {
        var world = try ActionWorld()
        let first = try world.run([[:]])
        #expect(first.uses.first?.step(Self.build)?.outcome == "success", "\(first.uses.first?.log ?? "")")
        let second = try world.run([[:]])
        let use = try #require(second.uses.first)
        #expect(use.step("Restore the built tool")?.outputs["cache-hit"] == "true", "\(use.log)")
        #expect(use.step(Self.build)?.outcome == "skipped", "\(use.log)")
        #expect(second.outcome == "success", "\(use.log)")
        #expect(use.step(Self.compare)?.outcome == "success")
    }

    @Test func theFirstRunFailsWithOneAnnotationSayingHowToAccept() throws {
        var world = try ActionWorld(goldens: false)
        let job = try world.run([[:]])
        let use = try #require(job.uses.first)
        #expect(job.outcome == "failure")
        #expect(use.outputs["status"] == "1", "\(use.log)")
        let annotations = use.stdout.split(separator: "\n").filter { $0.hasPrefix("::error") }
        #expect(annotations.count == 1, "\(annotations)")
        let name = try #require(use.outputs["artifact-name"])
        let annotation = String(annotations.first ?? "")
        #expect(annotation.contains("update: true"), "\(annotation)")
        #expect(annotation.contains("download the artifact \(name)-goldens and commit its contents as goldens"), "\(annotation)")
        // What it rendered, laid out exactly as the goldens folder.
        let accepted = try #require(world.artifact(name + "-goldens", run: 1), "\(world.artifactNames(run: 1))")
        let fresh = world.root.appendingPathComponent("fresh")
        #expect(
            try runTool(
                ["render", "specs/period.json", "specs/units.json", "-o", fresh.path, "--format", "apng", "-q"], in: world.workspace
            ).status == 0)
        #expect(try pngFiles(in: accepted) == pngFiles(in: fresh))
        #expect(try runTool(["compare", accepted.path, fresh.path]).status == 0)
    }

    @Test func updateCommitsTheGoldensAndPushesThemToTheBranchUnderReview() throws {
        var world = try ActionWorld()
        // The pull request's branch on a remote: a bare repository, cloned into the runner's workspace.
        let origin = world.root.appendingPathComponent("origin.git")
        try world.git(["init", "-q", "--bare", origin.path])
        try world.recolor("units", to: "indigo")
        try world.git(["commit", "-q", "-am", "Units: an indigo highlight"])
        try world.git(["push", "-q", origin.path, "HEAD:refs/heads/feature"])
        try FileManager.default.removeItem(at: world.workspace)
        try world.git(["clone", "-q", "-b", "feature", origin.path, world.workspace.path], in: world.root)

        let job = try world.run([["update": "true"]], github: ["head_ref": "feature", "event_name": "pull_request"])
        let use = try #require(job.uses.first)
        #expect(job.outcome == "success", "\(use.log)")
        #expect(use.step(Self.compare)?.outcome == "skipped")
        let subject = try world.git(["log", "-1", "--format=%s", "feature"], in: origin)
        #expect(subject.contains("units") && !subject.contains("period"), "\(subject)")
        let files = try world.git(["show", "--name-only", "--format=", "feature"], in: origin).split(separator: "\n")
        #expect(!files.isEmpty && files.allSatisfy { $0.hasPrefix("goldens/units/") }, "\(files)")
        // The pushed goldens equal a render of the pushed specs.
        let check = world.root.appendingPathComponent("check")
        try world.git(["clone", "-q", "-b", "feature", origin.path, check.path], in: world.root)
        let fresh = world.root.appendingPathComponent("fresh")
        #expect(
            try runTool(["render", "specs/period.json", "specs/units.json", "-o", fresh.path, "--format", "apng", "-q"], in: check).status
                == 0)
        #expect(try runTool(["compare", check.appendingPathComponent("goldens").path, fresh.path]).status == 0)

        // Run from workflow_dispatch on the branch: it pushes to the branch it ran on; nothing changed, no commit.
        let again = try world.run([["update": "true"]], github: ["head_ref": "", "ref_name": "feature", "event_name": "workflow_dispatch"])
        #expect(again.outcome == "success", "\(again.uses.first?.log ?? "")")
        #expect(try world.git(["log", "-1", "--format=%s", "feature"], in: origin) == subject)
    }
}
