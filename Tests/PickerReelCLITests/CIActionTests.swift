import Foundation
import TestSupport
import Testing

/// The GitHub Action's steps (action.yml calls scripts/pickerreel-ci.sh), run here the same way with a fake
/// `$GITHUB_STEP_SUMMARY` and `$GITHUB_OUTPUT`.
@Suite("GitHub Action steps")
struct CIActionTests {
    struct Run {
        var status: Int32
        var stdout: String
        var summary: String
        var output: String
    }

    /// Runs the action's script in `work` as the action would, with `specs` and `goldens` relative to `work`.
    func runSteps(
        in work: URL, specs: String = "specs/*.json", output: String = "Output/pickerreel",
        environment extraEnvironment: [String: String] = [:],
        extra: [String] = []
    ) throws -> Run {
        let summary = work.appendingPathComponent("summary.md")
        let outputs = work.appendingPathComponent("outputs.txt")
        try Data().write(to: summary)
        try Data().write(to: outputs)
        let run = try runProcess(
            repositoryRoot.appendingPathComponent("scripts/pickerreel-ci.sh"),
            [try toolURL().path, specs, "goldens", output, "Output/report", "png"] + extra, in: work,
            environment: ["GITHUB_STEP_SUMMARY": summary.path, "GITHUB_OUTPUT": outputs.path].merging(extraEnvironment) { $1 })
        return Run(
            status: run.status, stdout: run.stdout, summary: try String(contentsOf: summary, encoding: .utf8),
            output: try String(contentsOf: outputs, encoding: .utf8))
    }

    /// A repository with two specs and goldens approved from a render of them.
    func repository() throws -> URL {
        let work = try temporaryFolder()
        try makeDesignSystem(in: work)
        return work
    }

    @Test func matchingGoldensPassWithAShortSummary() throws {
        let work = try repository()
        let run = try runSteps(in: work)
        #expect(run.status == 0, "\(run.stdout)")
        #expect(!run.stdout.contains("::error"))
        #expect(run.summary.hasPrefix("### pickerreel compare: "), "\(run.summary)")
        #expect(run.output == "report=true\nstatus=0\n")
        #expect(FileManager.default.fileExists(atPath: work.appendingPathComponent("Output/report/index.html").path))
        #expect(FileManager.default.fileExists(atPath: work.appendingPathComponent("Output/report/junit.xml").path))
    }

    @Test func aChangedSpecFailsWithAnnotationsATableAndTheReport() throws {
        let work = try repository()
        let spec = work.appendingPathComponent("specs/units.json")
        let text = try String(contentsOf: spec, encoding: .utf8).replacingOccurrences(of: "green", with: "indigo")
        try Data(text.utf8).write(to: spec)
        let run = try runSteps(in: work)
        #expect(run.status == 1)
        let annotations = run.stdout.split(separator: "\n").filter { $0.hasPrefix("::error file=") }
        #expect(!annotations.isEmpty)
        #expect(annotations.allSatisfy { $0.contains("goldens/units/frame-") }, "\(annotations)")
        #expect(run.summary.contains("| spec | finding |"))
        #expect(run.summary.contains("| `units` | "))
        #expect(!run.summary.contains("`period`"))
        #expect(run.output == "report=true\nstatus=1\n")
        let junit = try String(contentsOf: work.appendingPathComponent("Output/report/junit.xml"), encoding: .utf8)
        #expect(junit.contains("<failure"))
    }

    @Test func noSpecsOrABrokenSpecIsExitTwoNotGreen() throws {
        let work = try repository()
        let none = try runSteps(in: work, specs: "nothing/*.json")
        #expect(none.status == 2 && none.stdout.contains("::error title=PickerReel::no spec matches nothing/*.json"))
        try Data(#"{"items": []}"#.utf8).write(to: work.appendingPathComponent("specs/broken.json"))
        let broken = try runSteps(in: work)
        #expect(broken.status == 2)
        #expect(broken.stdout.contains("pickerreel render failed"))
    }

    /// An output folder that is the goldens, inside them or around them would be emptied before the render, and the
    /// render then compared with itself: refused, the goldens untouched, however the folder is spelt.
    @Test func anOutputOnTheGoldensIsRefusedAndTheGoldensStay() throws {
        let work = try repository()
        let goldens = work.appendingPathComponent("goldens")
        try FileManager.default.createSymbolicLink(at: work.appendingPathComponent("approved"), withDestinationURL: goldens)
        let before = try snapshot(of: goldens)
        for output in ["goldens", "goldens/", "./goldens/units", "approved", ".", work.path] {
            let run = try runSteps(in: work, output: output)
            #expect(run.status == 2, "\(output): \(run.stdout)")
            #expect(
                run.stdout.hasPrefix("::error title=PickerReel::") && run.stdout.contains("the goldens were not touched"), "\(run.stdout)")
            #expect(run.output == "status=2\n")
            #expect(try snapshot(of: goldens) == before, "\(output)")
        }
    }

    /// The action's `times` input (PICKERREEL_TIMES): goldens of a few moments, named as assertPickerSnapshot
    /// names them, rendered and compared as such; a change at one of them fails.
    @Test func timesRenderAndCompareOnlyThoseMoments() throws {
        let work = try repository()
        let goldens = work.appendingPathComponent("goldens")
        try FileManager.default.removeItem(at: goldens)
        let specs = ["specs/period.json", "specs/units.json"].map { work.appendingPathComponent($0).path }
        #expect(try runTool(["render"] + specs + ["-o", goldens.path, "--times", "0,0.15", "-q"]).status == 0)
        #expect(
            try snapshot(of: goldens).keys.sorted().filter { $0.hasSuffix(".png") } == [
                "period/period.0.000s.png", "period/period.0.150s.png", "units/units.0.000s.png", "units/units.0.150s.png",
            ])
        let match = try runSteps(in: work, environment: ["PICKERREEL_TIMES": "0,0.15"])
        #expect(match.status == 0, "\(match.stdout)")
        let rendered = try snapshot(of: work.appendingPathComponent("Output/pickerreel")).keys.filter { $0.hasSuffix(".png") }
        #expect(rendered.count == 4, "\(rendered)")
        let spec = work.appendingPathComponent("specs/units.json")
        try Data(try String(contentsOf: spec, encoding: .utf8).replacingOccurrences(of: "green", with: "indigo").utf8).write(to: spec)
        let change = try runSteps(in: work, environment: ["PICKERREEL_TIMES": "0,0.15"])
        #expect(change.status == 1)
        // One annotation for the spec, on its first differing moment.
        #expect(change.stdout.contains("::error file=goldens/units/units.0.000s.png"), "\(change.stdout)")
        #expect(!change.stdout.contains("goldens/period/"), "\(change.stdout)")
    }

    /// The action itself runs the script with its inputs, and uploads the report even when compare fails.
    @Test func theActionRunsTheseSteps() throws {
        let action = try String(contentsOf: repositoryRoot.appendingPathComponent("action.yml"), encoding: .utf8)
        #expect(action.contains("scripts/pickerreel-ci.sh"))
        for input in ["specs", "goldens", "output", "report", "formats", "compare-arguments"] {
            #expect(action.contains("${{ inputs.\(input) }}"), "input \(input)")
        }
        #expect(action.contains("if: always()") && action.contains("actions/upload-artifact@v4"))
        #expect(action.contains("using: composite"))
    }
}
