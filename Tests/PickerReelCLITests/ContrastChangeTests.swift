import Foundation
import TestSupport
import Testing

/// Issue 35: a golden run that changes a ratio says so in compare's review.
///
/// `render --audit` keeps each label's, icon's and the highlight's worst contrast in the render manifest, `compare
/// --update` carries it into the goldens, and compare says `week: Day: text 5.85:1 → 2.16:1, below 4.5:1` in every
/// report, with the figures `pickerreel audit` gives for the same specs, never changing the verdict.
@Suite("Contrast changes in compare's review, through the built binary")
struct ContrastChangeTests {
    /// A spec whose label colour is a design token, as a team's theme would have it.
    static let spec =
        #"{"tokens": ["base.tokens.json"], "items": ["Day", "Week"], "selection": {"initial": "Day", "sequence": [{"select": "Week", "after": 0.1}], "tail": 0.1}, "style": {"labelColor": "{color.label}"}, "output": {"fps": 10, "scale": 1}}"#

    /// Writes the token file with `label` as the label colour.
    static func writeTokens(label: String, in work: URL) throws {
        try writeSpec(#"{"color": {"$type": "color", "label": {"$value": "\#(label)"}}}"#, named: "base.tokens.json", in: work)
    }

    /// The worst text ratio `pickerreel audit` reports for `week.json` as it is now, as its JSON writes it.
    static func auditedTextRatio(in work: URL) throws -> Double {
        let run = try runTool(["audit", "week.json", "--report", "json"], in: work)
        try #require(run.status == 0, "\(run)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let audit = try #require((report["audits"] as? [[String: Any]])?.first)
        let worst = try #require((audit["worst"] as? [[String: Any]])?.first { $0["criterion"] as? String == "1.4.3" })
        #expect(worst["item"] as? String == "Day")
        return try #require(worst["ratio"] as? Double)
    }

    /// A ratio as the reports write it: `5.85:1`, `4.5:1`.
    static func shown(_ ratio: Double) -> String {
        var text = String(format: "%.2f", ratio)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text + ":1"
    }

    /// Goldens of `week.json` with dark labels, and `Output` after a token change makes them light grey, both
    /// rendered with `--audit`; returns the ratios audit reports before and after.
    static func goldensAndALighterLabel(in work: URL, auditGoldens: Bool = true) throws -> (before: Double, after: Double) {
        try writeSpec(spec, named: "week.json", in: work)
        try writeTokens(label: "#1C1C1E", in: work)
        let goldens = try runTool(["render", "week.json", "-o", "goldens", "-q"] + (auditGoldens ? ["--audit"] : []), in: work)
        try #require(goldens.status == 0, "\(goldens)")
        let before = try auditedTextRatio(in: work)
        try writeTokens(label: "#8E8E93", in: work)
        let output = try runTool(["render", "week.json", "-o", "Output", "-q", "--audit"], in: work)
        try #require(output.status == 0, "\(output)")
        return (before, try auditedTextRatio(in: work))
    }

    func json(_ url: URL) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    @Test func aTokenChangeThatLowersALabelSaysSoInEveryReport() throws {
        let work = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let (before, after) = try Self.goldensAndALighterLabel(in: work)
        #expect(before >= 4.5 && after < 4.5, "the token change should take the label below 4.5:1: \(before) → \(after)")
        let day = "week: Day: text \(Self.shown(before)) → \(Self.shown(after)), below 4.5:1"
        let week = "week: Week: text \(Self.shown(before)) → \(Self.shown(after)), below 4.5:1"

        let summary = work.appendingPathComponent("summary.md")
        let run = try runTool(
            [
                "compare", "goldens", "Output", "--report", "json=report.json", "--report", "junit", "report.xml",
                "--report", "html", "html",
            ], in: work)
        // The pixels decide: they differ, so 1, as without the lines.
        #expect(run.status == 1, "\(run)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(Array(lines.prefix(2)) == ["contrast: \(day)", "contrast: \(week)"], "\(run.stdout)")
        #expect(!lines.contains { $0.contains("highlight") }, "the highlight did not move: \(run.stdout)")

        let report = try json(work.appendingPathComponent("report.json"))
        #expect(report["contrastChanges"] as? [String] == [day, week], "\(report)")
        #expect(report["status"] as? String == "differences")
        let xml = try String(contentsOf: work.appendingPathComponent("report.xml"), encoding: .utf8)
        #expect(xml.contains(#"<property name="contrast" value="\#(day)"/>"#), "\(xml)")
        let page = try String(contentsOf: work.appendingPathComponent("html/index.html"), encoding: .utf8)
        #expect(page.contains(#"<p class="environment contrast">contrast: \#(day)</p>"#))

        let github = try runTool(
            ["compare", "goldens", "Output", "--report", "github"], in: work, environment: ["GITHUB_STEP_SUMMARY": summary.path])
        #expect(github.status == 1)
        #expect(
            github.stdout.split(separator: "\n").first.map(String.init)
                == "::warning title=pickerreel compare%3A contrast::\(day); \(week)", "\(github.stdout)")
        let markdown = try String(contentsOf: summary, encoding: .utf8)
        #expect(
            markdown.contains("**Contrast:**\n\n- week: Day: text \(Self.shown(before)) → \(Self.shown(after)), below 4.5:1\n"),
            "\(markdown)")

        // merge-reports says what the trees' manifests say.
        let merged = try runTool(["merge-reports", "report.json"], in: work)
        #expect(merged.stdout.split(separator: "\n").first.map(String.init) == "contrast: \(day)", "\(merged)")
    }

    /// `compare --update` carries the measured contrast into the goldens, as it carries the manifest; the change back
    /// says the label now meets its level again.
    @Test func updateCarriesTheContrastIntoTheGoldensAndARiseIsSaid() throws {
        let work = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let (before, after) = try Self.goldensAndALighterLabel(in: work)
        let update = try runTool(["compare", "goldens", "Output", "--update"], in: work)
        try #require(update.status == 0, "\(update)")
        let accepted = try json(work.appendingPathComponent("goldens/week/pickerreel-manifest.json"))
        let rendered = try json(work.appendingPathComponent("Output/week/pickerreel-manifest.json"))
        let contrast = try #require(accepted["contrast"] as? [[String: Any]])
        #expect(contrast.count == 3, "\(contrast)")
        #expect((contrast.first { $0["item"] as? String == "Day" }?["ratio"] as? Double).map(Self.shown) == Self.shown(after))
        #expect(accepted["contrast"] as? NSArray == rendered["contrast"] as? NSArray)
        let schema = try checkAgainstRecordSchema([work.appendingPathComponent("goldens/week/pickerreel-manifest.json").path])
        #expect(schema.status == 0, "\(schema.stdout)\(schema.stderr)")

        // The token back: the labels rise above 4.5:1 again, and the review says so.
        try Self.writeTokens(label: "#1C1C1E", in: work)
        try #require(try runTool(["render", "week.json", "-o", "Output", "-q", "--audit"], in: work).status == 0)
        let back = try runTool(["compare", "goldens", "Output"], in: work)
        #expect(back.status == 1, "\(back)")
        #expect(
            back.stdout.hasPrefix("contrast: week: Day: text \(Self.shown(after)) → \(Self.shown(before)), now meets 4.5:1\n"),
            "\(back.stdout)")
    }

    @Test func noLineWhenTheGoldensWereRenderedWithoutMeasuring() throws {
        let work = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        _ = try Self.goldensAndALighterLabel(in: work, auditGoldens: false)
        let run = try runTool(["compare", "goldens", "Output", "--report", "json=report.json"], in: work)
        #expect(run.status == 1, "\(run)")
        #expect(!run.stdout.contains("contrast"), "\(run.stdout)")
        #expect(try json(work.appendingPathComponent("report.json"))["contrastChanges"] == nil)
        #expect(try json(work.appendingPathComponent("goldens/week/pickerreel-manifest.json"))["contrast"] == nil)
    }

    /// A change that moves pixels but no measured ratio (the highlight's corners) adds no line.
    @Test func noLineWhenNoRatioChanged() throws {
        let work = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        try writeSpec(Self.spec, named: "week.json", in: work)
        try Self.writeTokens(label: "#1C1C1E", in: work)
        try #require(try runTool(["render", "week.json", "-o", "goldens", "-q", "--audit"], in: work).status == 0)
        let rounder = Self.spec.replacingOccurrences(
            of: #""labelColor": "{color.label}""#, with: #""labelColor": "{color.label}", "highlight": {"cornerRadius": 2}"#)
        try writeSpec(rounder, named: "week.json", in: work)
        try #require(try runTool(["render", "week.json", "-o", "Output", "-q", "--audit"], in: work).status == 0)
        let run = try runTool(["compare", "goldens", "Output", "--report", "json=report.json"], in: work)
        #expect(run.status == 1, "the corners moved pixels: \(run)")
        #expect(!run.stdout.contains("contrast"), "\(run.stdout)")
        #expect(try json(work.appendingPathComponent("report.json"))["contrastChanges"] == nil)
        #expect(try json(work.appendingPathComponent("Output/week/pickerreel-manifest.json"))["contrast"] != nil)
    }

    /// `--audit` is recorded as an option: a folder rendered without measuring is rendered again to measure it, and
    /// one measured is up to date for the next `--audit`.
    @Test func measuringIsAnInputOfTheRender() throws {
        let work = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        try writeSpec(Self.spec, named: "week.json", in: work)
        try Self.writeTokens(label: "#1C1C1E", in: work)
        try #require(try runTool(["render", "week.json", "-o", "Output", "-q"], in: work).status == 0)
        let measured = try runTool(["render", "week.json", "-o", "Output", "--audit"], in: work)
        #expect(measured.status == 0 && !measured.stderr.contains("up to date"), "\(measured)")
        let manifest = try json(work.appendingPathComponent("Output/week/pickerreel-manifest.json"))
        #expect((manifest["contrast"] as? [Any])?.count == 3, "\(manifest)")
        #expect((manifest["inputs"] as? [String: Any]).flatMap { $0["options"] as? [String: String] }?["audit"] == "contrast")
        let again = try runTool(["render", "week.json", "-o", "Output", "--audit"], in: work)
        #expect(again.status == 0 && again.stderr.contains("up to date"), "\(again)")
        let verify = try runTool(["render", "week.json", "-o", "Output", "--audit", "--verify"], in: work)
        #expect(verify.status == 0, "\(verify)")
        let misuse = try runTool(["render", "week.json", "-o", "Output", "--audit=yes"], in: work)
        #expect(misuse.status == 2 && misuse.stderr.contains("--audit takes no value"), "\(misuse)")
        #expect(try runTool(["render", "--help"]).stdout.contains("--audit"))
    }
}
