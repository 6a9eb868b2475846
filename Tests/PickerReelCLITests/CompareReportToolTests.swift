import AnimationTestSupport
import Foundation
import FoundationXML
import TestSupport
import Testing

/// The reports of `pickerreel compare` through the built tool: several at once, the HTML page in headless
/// Chromium, JUnit, GitHub annotations and step summary, JSON; and --update.
@Suite("pickerreel compare: reports and --update")
struct CompareReportToolTests {
    /// A batch render pair where one seed frame differs and one is removed.
    func changedRenders() throws -> (folder: URL, expected: URL, actual: URL) {
        let folder = try temporaryFolder()
        let (expected, actual) = try batchRenders(in: folder)
        let seed = actual.appendingPathComponent("seed-demo")
        try FileManager.default.removeItem(at: seed.appendingPathComponent("frame-0005.png"))
        try FileManager.default.copyItem(
            at: seed.appendingPathComponent("frame-0040.png"), to: seed.appendingPathComponent("frame-0005.png"))
        try FileManager.default.removeItem(at: seed.appendingPathComponent("frame-0006.png"))
        return (folder, expected, actual)
    }

    @Test("html, junit, github and json at once; the page renders in headless Chromium with its counts and no console error")
    func reports() throws {
        let (folder, expected, actual) = try changedRenders()
        let html = folder.appendingPathComponent("report")
        let junit = folder.appendingPathComponent("junit.xml")
        let stepSummary = folder.appendingPathComponent("step-summary.md")
        try Data("earlier step\n".utf8).write(to: stepSummary)
        let run = try runTool(
            [
                "compare", expected.path, actual.path, "--report", "html", html.path, "--report", "junit", junit.path, "--report", "github",
                "--report", "json=\(folder.appendingPathComponent("report.json").path)",
            ],
            environment: ["GITHUB_STEP_SUMMARY": stepSummary.path])
        #expect(run.status == 1, "\(run.stderr)")

        // GitHub: one annotation per differing spec, on its first differing golden.
        let annotations = run.stdout.split(separator: "\n").filter { $0.hasPrefix("::error ") }
        #expect(annotations.count == 1)
        #expect(
            annotations[0].hasPrefix(
                "::error file=\(expected.path)/seed-demo/frame-0005.png,title=pickerreel compare%3A seed-demo::seed-demo: 2 of 102 frames differ (1 in pixels, 1 removed), first at frame 5, largest "
            ))
        let summaryText = try String(contentsOf: stepSummary, encoding: .utf8)
        #expect(summaryText.hasPrefix("earlier step\n### pickerreel compare: 2 of "))
        #expect(summaryText.contains("| `seed-demo` | 2 of 102 frames differ (1 in pixels, 1 removed), first at frame 5, largest "))

        // JUnit: a test case per spec, one failure.
        let document = try XMLDocument(contentsOf: junit)
        let total = try FileManager.default.subpathsOfDirectory(atPath: expected.path).filter { $0.hasSuffix(".png") }.count + 0
        #expect(try document.nodes(forXPath: "//testcase").count == 2)
        #expect(try document.nodes(forXPath: "//testcase/failure").count == 1)

        // JSON in a file; the text on standard error, since standard output carries only the annotations.
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("report.json"))) as? [String: Any])
        #expect((json["counts"] as? [String: Int])?["differs"] == 1)
        #expect(run.stderr.hasPrefix("seed-demo: 2 of 102 frames differ"))
        #expect(run.stdout.split(separator: "\n").allSatisfy { $0.hasPrefix("::error ") })

        // HTML: the pictures beside the page, and the page itself in Chromium.
        for kind in ["expected", "actual", "diff"] {
            #expect(FileManager.default.fileExists(atPath: html.appendingPathComponent("files/\(kind)/seed-demo/frame-0005.png").path))
        }
        let page = try String(contentsOf: html.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(!page.contains("http://") && !page.contains("https://"))
        guard Chromium.path != nil else {
            Issue.record("Chromium is not installed; `make test` installs it (scripts/install-dependencies.sh --test)")
            return
        }
        let browser = try Chromium.run([
            "--enable-logging=stderr", "--v=0", "--dump-dom", html.appendingPathComponent("index.html").absoluteString,
        ])
        let (dom, log) = (browser.stdout, browser.stderr)
        // The page's script ran to its end, and nothing was logged from the page's console.
        #expect(dom.contains(#"data-ready="yes""#), "\(log)")
        #expect(!log.contains("CONSOLE"), "\(log)")
        #expect(!log.contains("Uncaught"), "\(log)")
        #expect(dom.contains(#"data-count="files">\#(total)<"#))
        #expect(dom.contains(#"data-count="differs">1<"#))
        #expect(dom.contains(#"data-count="removed">1<"#))
        #expect(dom.contains("2 of \(total) files differ"))
        #expect(dom.contains(#"class="slider""#) && dom.contains(#"class="onion""#))
    }

    @Test("--update makes EXPECTED equal ACTUAL, says what it changed, exits 0; the next compare matches")
    func update() throws {
        let (_, expected, actual) = try changedRenders()
        let run = try runTool(["compare", expected.path, actual.path, "--update"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout.hasSuffix(
                "replaced  seed-demo/frame-0005.png\nremoved   seed-demo/frame-0006.png\nUpdated \(expected.path): 1 replaced, 1 removed.\n"
            ))
        let again = try runTool(["compare", expected.path, actual.path])
        #expect(again.status == 0, "\(again.stdout)")
        #expect(try snapshot(of: expected).keys.allSatisfy { !$0.hasPrefix(".") && !$0.contains("/.") })
    }

    @Test("--update records a missing EXPECTED from ACTUAL")
    func firstRecording() throws {
        let folder = try temporaryFolder()
        let (_, actual) = try batchRenders(in: folder)
        let goldens = folder.appendingPathComponent("goldens")
        let run = try runTool(["compare", goldens.path, actual.path, "--update"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try runTool(["compare", goldens.path, actual.path]).status == 0)
        #expect(try runTool(["compare", folder.appendingPathComponent("nothing").path, actual.path]).status == 2)
    }
}
