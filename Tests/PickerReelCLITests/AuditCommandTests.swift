import Foundation
import TestSupport
import Testing

/// `pickerreel audit` through the built binary: its help, its exit statuses, every report kind written through
/// compare's report layer, and hostile input (exit 2, one clear message, nothing written).
@Suite("pickerreel audit")
struct AuditCommandTests {
    static let solid = """
        {"items": ["Aa", "Bb"], "selection": {"initial": "Aa"},
         "style": {"labelColor": "#000000", "background": "#FFFFFF",
                   "highlight": {"color": "#777777", "opacity": 1, "layer": "background"}},
         "output": {"fps": 10, "scale": 1}}
        """

    @Test("--help lists the options and the criteria")
    func help() throws {
        let run = try runTool(["audit", "--help"])
        #expect(run.status == 0)
        for word in ["--require", "--variant", "--report", "--root", "1.4.3", "1.4.11", "large-scale"] {
            #expect(run.stdout.contains(word), "\(word) missing from \(run.stdout)")
        }
        #expect(try runTool(["--help"]).stdout.contains("audit"))
    }

    @Test("A report by default: the seed demo's highlight is below 1.4.11 and the run passes; --require 1.4.11 fails it")
    func reportByDefaultRequireFails() throws {
        let report = try runTool(["audit"])
        #expect(report.status == 0, "\(report.stderr)")
        #expect(report.stdout.contains("below 1.4.11 Non-text Contrast, AA: highlight 1.51:1"), "\(report.stdout)")
        let required = try runTool(["audit", "--require", "1.4.11"])
        #expect(required.status == 1)
        #expect(required.stdout.contains("FAIL  1.4.11"), "\(required.stdout)")
        #expect(required.stdout.contains("failed."))
        // Requiring only what passes passes.
        let folder = try temporaryFolder()
        let spec = try writeSpec(Self.solid, named: "solid.json", in: folder)
        #expect(try runTool(["audit", spec, "--require", "all"]).status == 0)
    }

    @Test("JUnit, GitHub and HTML reports: a failure for a required criterion, a warning otherwise, a strip over time")
    func reports() throws {
        let folder = try temporaryFolder()
        let junit = folder.appendingPathComponent("audit.xml").path
        let html = folder.appendingPathComponent("report").path
        let summary = folder.appendingPathComponent("summary.md").path
        let run = try runTool(
            ["audit", "--require", "1.4.11", "--report", "junit", junit, "--report", "github", "--report", "html", html],
            environment: ["GITHUB_STEP_SUMMARY": summary])
        #expect(run.status == 1)
        #expect(run.stdout.contains("::error title=pickerreel audit%3A seed-demo 1.4.11::seed-demo: 1.4.11"), "\(run.stdout)")
        #expect(run.stdout.contains("::warning title=pickerreel audit%3A seed-demo 1.4.3::"))
        // With the GitHub report, standard output carries the annotations only; the text goes to standard error.
        #expect(run.stderr.contains("seed-demo (102 frames):"))
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.contains("failures=\"1\"") && xml.contains("<failure message=\"1.4.11 Non-text Contrast, AA: highlight 1.51:1"))
        let step = try String(contentsOfFile: summary, encoding: .utf8)
        #expect(step.contains("| `seed-demo` | 1.4.11 AA | highlight | 1.51:1 ❌ | 3:1 |"), "\(step)")
        let page = try String(contentsOfFile: html + "/index.html", encoding: .utf8)
        #expect(page.components(separatedBy: "<rect ").count - 1 == 2 * 102, "a bar per frame and criterion")
        #expect(page.contains("fill=\"#ff3b30\"") && page.contains("<h2>seed-demo</h2>"))
    }

    @Test(
        "Bad input: exit 2 and one clear message, nothing written",
        arguments: [
            (["audit", "--require", "1.4.4"], "--require 1.4.4: expected WCAG criteria the audit measures, 1.4.3, 1.4.11"),
            (["audit", "--require", ""], "--require \"\": expected WCAG criteria"),
            (["audit", "--require", "1.4.3,"], "--require 1.4.3,: expected WCAG criteria"),
            (["audit", "--report", "pdf"], "--report pdf: expected json, junit FILE, github or html DIR"),
            (["audit", "--report", "junit"], "--report junit needs a file"),
            (["audit", "--report", "github", "--report", "json"], "--report json prints to standard output"),
            (["audit", "--variant", "sepia"], "has no variant \"sepia\""),
            (["audit", "--fps", "2"], "output.fps is set in the spec"),
            (["audit", "missing.json"], "missing.json"),
        ])
    func badInput(arguments: [String], message: String) throws {
        let folder = try temporaryFolder()
        let run = try runTool(arguments, in: folder)
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(run.stderr.hasPrefix("pickerreel"), "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test("A spec that is not valid: exit 2 naming the file and the field, no report")
    func badSpec() throws {
        let folder = try temporaryFolder()
        let spec = try writeSpec(#"{"items": ["A"], "style": {"cornerRadius": "round"}}"#, named: "bad.json", in: folder)
        let json = folder.appendingPathComponent("audit.json").path
        let run = try runTool(["audit", spec, "--report", "json=\(json)"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("bad.json") && run.stderr.split(separator: "\n").count <= 3, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: json))
        let broken = try writeSpec("{", named: "broken.json", in: folder)
        let second = try runTool(["audit", broken])
        #expect(second.status == 2 && second.stderr.contains("broken.json"), "\(second.stderr)")
    }

    @Test("Reports through a symbolic link are refused: exit 2, nothing written where the link leads")
    func linkedReports() throws {
        let folder = try temporaryFolder()
        let elsewhere = folder.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("report").path, withDestinationPath: elsewhere.path)
        for report in [["--report", "html", "report"], ["--report", "json=report/audit.json"], ["--report", "junit", "report/a.xml"]] {
            let run = try runTool(["audit"] + report, in: folder)
            #expect(run.status == 2, "\(report)")
            #expect(run.stderr.contains("is a symbolic link"), "\(run.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
        }
    }

    @Test("Variants are audited one by one, named as render names their folders")
    func variants() throws {
        let folder = try temporaryFolder()
        let spec = try writeSpec(
            """
            {"items": ["Aa", "Bb"], "selection": {"initial": "Aa"}, "output": {"fps": 10, "scale": 1},
             "variants": {"colorScheme": ["light", "dark"]}}
            """, named: "pair.json", in: folder)
        let run = try runTool(["audit", spec, "--report", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        let names = try AuditJSON(run.stdout).audits.compactMap { $0["name"] as? String }
        #expect(names == ["pair", "pair-dark"])
        let one = try runTool(["audit", spec, "--variant", "dark", "--report", "json"])
        #expect(try AuditJSON(one.stdout).audits.compactMap { $0["name"] as? String } == ["pair-dark"])
    }
}
