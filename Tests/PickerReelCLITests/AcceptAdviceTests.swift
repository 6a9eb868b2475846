import Foundation
import TestSupport
import Testing

/// Every failure says what to do (issue 37).
///
/// The annotations, the step summary and the HTML report name the report artifact, the goldens that differ and how
/// to accept, and never a path on the runner; the accept run's summary lists what it accepted and the commit.
/// Through scripts/pickerreel-ci.sh, the Action's own steps' script.
@Suite("What to do after a failing comparison")
struct AcceptAdviceTests {
    struct Run {
        var status: Int32
        var stdout: String
        var summary: String
        var annotations: [String] { stdout.split(separator: "\n").map(String.init).filter { $0.hasPrefix("::error") } }
    }

    /// The environment the Action's compare step gives the script.
    static let action = ["PICKERREEL_REPORT_ARTIFACT": "pictures", "PICKERREEL_ACCEPT_ARTIFACT": "pictures-goldens"]

    /// Runs the script in `work` as action.yml does; `formats` nil leaves the script's default.
    func runSteps(in work: URL, formats: String? = nil, environment: [String: String] = [:]) throws -> Run {
        let summary = work.appendingPathComponent("summary.md")
        try Data().write(to: summary)
        var arguments = [try toolURL().path, "specs/*.json", "goldens", "Output/pickerreel", "Output/report"]
        if let formats { arguments.append(formats) }
        let run = try runProcess(
            repositoryRoot.appendingPathComponent("scripts/pickerreel-ci.sh"), arguments, in: work,
            environment: ["GITHUB_STEP_SUMMARY": summary.path, "GITHUB_WORKSPACE": work.path].merging(environment) { $1 })
        return Run(status: run.status, stdout: run.stdout, summary: try String(contentsOf: summary, encoding: .utf8))
    }

    /// A design system whose goldens are `formats`, with the units spec then recoloured.
    func changedRepository(formats: String = "apng") throws -> URL {
        let work = try temporaryFolder()
        try makeDesignSystem(in: work, formats: formats)
        let spec = work.appendingPathComponent("specs/units.json")
        try Data(try String(contentsOf: spec, encoding: .utf8).replacingOccurrences(of: "green", with: "indigo").utf8).write(to: spec)
        return work
    }

    @Test func inTheActionEachAnnotationNamesTheArtifactAndTheAcceptPathAndNoRunnerPath() throws {
        let work = try changedRepository()
        let run = try runSteps(in: work, environment: Self.action)
        #expect(run.status == 1, "\(run.stdout)")
        let annotations = run.annotations
        #expect(annotations.count == 1, "\(annotations)")
        for annotation in annotations {
            #expect(annotation.hasPrefix("::error file=goldens/units/units.png,"), "\(annotation)")
            #expect(annotation.contains("report: the artifact pictures (index.html)"), "\(annotation)")
            #expect(annotation.contains("to accept: run the workflow with update: true, or comment /pickerreel accept"), "\(annotation)")
            #expect(annotation.contains("or commit the artifact pictures-goldens as goldens"), "\(annotation)")
            #expect(!annotation.contains("Output/") && !annotation.contains(work.path), "a path on the runner: \(annotation)")
        }
        // The summary: one line naming what differs, the artifact and the accept path.
        let line = try #require(run.summary.split(separator: "\n").first { $0.hasPrefix("**What to do:**") }, "\(run.summary)")
        #expect(line.contains("1 spec folder differs: `units`;") && line.contains("pictures") && line.contains("update: true"), "\(line)")
        #expect(!line.contains("`period`"))
        // The report the artifact holds says the same, with the command.
        let page = try String(contentsOf: work.appendingPathComponent("Output/report/index.html"), encoding: .utf8)
        #expect(page.contains("<code>pickerreel compare goldens Output/pickerreel --update</code>"), "\(page.prefix(3_000))")
        #expect(page.contains("run the workflow with <code>update: true</code>"))
    }

    @Test func outsideTheActionTheAnnotationsAndReportGiveTheUpdateCommand() throws {
        let work = try changedRepository(formats: "png")
        let run = try runSteps(in: work, formats: "png")
        #expect(run.status == 1)
        #expect(!run.annotations.isEmpty)
        for annotation in run.annotations {
            #expect(annotation.contains("to accept: pickerreel compare goldens Output/pickerreel --update"), "\(annotation)")
            #expect(!annotation.contains("update: true"), "\(annotation)")
        }
        // The command does accept exactly what was shown: afterwards the same comparison matches.
        #expect(try runTool(["compare", "goldens", "Output/pickerreel", "--update"], in: work).status == 0)
        #expect(try runTool(["compare", "goldens", "Output/pickerreel"], in: work).status == 0)
        let page = try String(contentsOf: work.appendingPathComponent("Output/report/index.html"), encoding: .utf8)
        #expect(page.contains("<code>pickerreel compare goldens Output/pickerreel --update</code>"))
        #expect(!page.contains("update: true"))
    }

    @Test func aPathThatIsNotOneShellWordIsQuotedInTheCommand() throws {
        let work = try temporaryFolder()
        try makeDesignSystem(in: work)
        let spec = work.appendingPathComponent("specs/units.json")
        try Data(try String(contentsOf: spec, encoding: .utf8).replacingOccurrences(of: "green", with: "red").utf8).write(to: spec)
        #expect(try runTool(["render", "specs/units.json", "-o", "it's new", "-q"], in: work).status == 0)
        let run = try runTool(["compare", "goldens/units", "it's new/units", "--report", "github"], in: work)
        #expect(run.status == 1)
        #expect(run.stdout.contains(#"to accept: pickerreel compare goldens/units 'it'\''s new/units' --update"#), "\(run.stdout)")
    }

    @Test func hostileArtifactNamesStayDataInTheAnnotationsAndTheSummary() throws {
        let work = try changedRepository()
        let hostile = "pictures\n::add-mask::secret%0A`x`](javascript:alert(1))" + String(repeating: "y", count: 5_000)
        let run = try runSteps(in: work, environment: ["PICKERREEL_REPORT_ARTIFACT": hostile, "PICKERREEL_ACCEPT_ARTIFACT": hostile])
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n")
        #expect(!lines.contains { $0.hasPrefix("::add-mask") }, "\(run.stdout)")
        #expect(run.annotations.count == 1 && run.annotations.allSatisfy { $0.utf8.count < 2_000 }, "the name is cut")
        #expect(!run.summary.contains("`](javascript"), "the link is escaped: \(run.summary)")
    }

    @Test func theFirstRunInTheActionNamesTheArtifactNotTheRunnersFolder() throws {
        let work = try temporaryFolder()
        try makeDesignSystem(in: work, goldens: false)
        let accept = try temporaryFolder().appendingPathComponent("accept").path
        let run = try runSteps(in: work, environment: Self.action.merging(["PICKERREEL_ACCEPT": accept]) { $1 })
        #expect(run.status == 1)
        let annotation = try #require(run.annotations.first)
        #expect(annotation.contains("run this workflow with update: true or comment /pickerreel accept"), "\(annotation)")
        #expect(annotation.contains("download the artifact pictures-goldens and commit its contents as goldens"), "\(annotation)")
        #expect(!annotation.contains("Output/") && !annotation.contains(accept), "\(annotation)")
        // The default goldens are one APNG per spec.
        #expect(try pngFiles(in: URL(fileURLWithPath: accept)) == ["period/period.png", "units/units.png"])
    }

    /// The accept run (`update: true`) writes what it accepted, file by file, and the commit it pushed.
    @Test func theAcceptRunsSummaryListsWhatWasAcceptedAndTheCommitPushed() throws {
        let work = try changedRepository()
        let origin = try temporaryFolder().appendingPathComponent("origin.git")
        func git(_ arguments: [String], in folder: URL) throws -> String {
            let run = try runProgram(
                "git", ["-c", "user.name=Designer", "-c", "user.email=designer@example.invalid"] + arguments, in: folder,
                environment: ["GIT_CONFIG_GLOBAL": "/dev/null"])
            try #require(run.status == 0, "git \(arguments): \(run.stderr)")
            return run.stdout
        }
        _ = try git(["init", "-q", "-b", "main"], in: work)
        try Data("Output/\nsummary.md\n".utf8).write(to: work.appendingPathComponent(".gitignore"))
        _ = try git(["add", "-A"], in: work)
        _ = try git(["commit", "-q", "-m", "Specs and goldens"], in: work)
        _ = try git(["init", "-q", "--bare", origin.path], in: work)
        _ = try git(["remote", "add", "origin", origin.path], in: work)
        let run = try runSteps(
            in: work,
            environment: [
                "PICKERREEL_UPDATE": "true", "PICKERREEL_PUSH_BRANCH": "feature", "GIT_CONFIG_GLOBAL": "/dev/null",
                "GIT_AUTHOR_NAME": "Bot", "GIT_AUTHOR_EMAIL": "bot@example.invalid", "GIT_COMMITTER_NAME": "Bot",
                "GIT_COMMITTER_EMAIL": "bot@example.invalid",
            ])
        #expect(run.status == 0, "\(run.stdout)")
        let commit = try git(["rev-parse", "--short", "feature"], in: origin).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(run.summary.hasPrefix("### PickerReel: goldens accepted"), "\(run.summary)")
        #expect(
            run.summary.contains("Accepted the render as the goldens of `units`: 2 files in `goldens`, committed as `\(commit)`"),
            "\(run.summary)")
        #expect(run.summary.contains("| changed | `units/units.png` |"), "\(run.summary)")
        #expect(run.summary.contains("Pushed `\(commit)` to `feature`."), "\(run.summary)")
        #expect(!run.summary.contains("`period"), "\(run.summary)")
        // A second accept has nothing to accept, and says so.
        let again = try runSteps(in: work, environment: ["PICKERREEL_UPDATE": "true", "GIT_CONFIG_GLOBAL": "/dev/null"])
        #expect(again.status == 0 && again.summary.contains("nothing was committed"), "\(again.summary)")
    }
}

/// An animated golden's review line speaks in moments, as a folder of frames speaks in frames, in every report.
@Suite("Animated goldens reviewed in moments")
struct MomentReviewLineTests {
    @Test func theTextSummaryAnnotationAndHTMLCardSpeakInMoments() throws {
        let work = try temporaryFolder()
        try makeDesignSystem(in: work, formats: "apng")
        let spec = work.appendingPathComponent("specs/units.json")
        try Data(try String(contentsOf: spec, encoding: .utf8).replacingOccurrences(of: "green", with: "indigo").utf8).write(to: spec)
        #expect(
            try runTool(["render", "specs/period.json", "specs/units.json", "-o", "out", "--format", "apng", "-q"], in: work).status == 0)
        let summary = work.appendingPathComponent("summary.md")
        let run = try runTool(
            ["compare", "goldens", "out", "--report", "github", "--report", "html", "report"], in: work,
            environment: ["GITHUB_STEP_SUMMARY": summary.path])
        #expect(run.status == 1, "\(run)")
        // 2 frames at 10 fps, then the tail: every moment shows the other highlight colour.
        let pattern = #/(\d+) of (\d+) moments differ, first at 0 s, largest ([\d,]+) pixels at [\d.]+ s/#
        let annotation = try #require(run.stdout.split(separator: "\n").first { $0.hasPrefix("::error") })
        #expect(annotation.contains(pattern), "\(annotation)")
        #expect(try String(contentsOf: summary, encoding: .utf8).contains(pattern))
        #expect(run.stderr.contains(pattern), "the text report: \(run.stderr)")
        #expect(!run.stderr.contains("1 of 1 file differs"), "\(run.stderr)")
        let page = try String(contentsOf: work.appendingPathComponent("report/index.html"), encoding: .utf8)
        #expect(page.contains(#/"finding":"\d+ of \d+ moments differ, first at 0 s, largest/#), "the card's line")
    }
}
