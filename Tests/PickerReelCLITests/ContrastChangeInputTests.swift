import Foundation
import TestSupport
import Testing

/// The contrast section of a render manifest is input: a pull request can commit goldens whose manifest says anything.
///
/// Forged ratios, an oversized section, thousands of entries, hostile names and a manifest that is a link are each
/// run through the built binary: compare's exit status and output stay what the pixels decide (the output of the
/// same goldens without a contrast section), or a bounded, escaped line, and nothing traps.
@Suite("Contrast sections as input to compare, through the built binary")
struct ContrastChangeInputTests {
    /// Goldens and a lighter render of the same spec, both measured; returns the goldens' manifest URL.
    static func goldensAndOutput(in work: URL) throws -> URL {
        _ = try ContrastChangeTests.goldensAndALighterLabel(in: work)
        return work.appendingPathComponent("goldens/week/pickerreel-manifest.json")
    }

    static func manifest(_ url: URL) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    /// Writes the manifest at `url` with `contrast` as its section, the literal `@RAW@` (quoted) replaced by `raw`
    /// as written, so that bytes JSONSerialization would not write (NaN, 1e999) can be tried.
    static func write(_ url: URL, contrast: Any?, raw: String = "") throws {
        var record = try manifest(url)
        record["contrast"] = contrast
        let text = String(decoding: try JSONSerialization.data(withJSONObject: record, options: [.sortedKeys]), as: UTF8.self)
        try Data(text.replacingOccurrences(of: #""@RAW@""#, with: raw).utf8).write(to: url)
    }

    /// What compare says of the trees when the goldens' manifest has no contrast section: what the pixels decide.
    static func baseline(in work: URL, manifest url: URL) throws -> ProcessRun {
        let saved = try Data(contentsOf: url)
        defer { try? saved.write(to: url) }
        try write(url, contrast: nil)
        let run = try runTool(["compare", "goldens", "Output"], in: work)
        #expect(run.status == 1 && !run.stdout.contains("contrast"), "\(run)")
        return run
    }

    static func entry(_ ratio: Any, item: Any = "Day", subject: String = "text") -> [String: Any] {
        ["subject": subject, "item": item, "ratio": ratio, "criterion": "1.4.3", "required": 4.5]
    }

    @Test func forgedRatiosAndSectionsAreIgnoredAndChangeNothing() throws {
        let work = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let url = try Self.goldensAndOutput(in: work)
        let baseline = try Self.baseline(in: work, manifest: url)
        let forgeries: [(String, Any, String)] = [
            ("NaN", [Self.entry("@RAW@")], "NaN"),
            ("infinity as a literal", [Self.entry("@RAW@")], "1e999"),
            ("1e308", [Self.entry(1e308)], ""),
            ("negative", [Self.entry(-4.5)], ""),
            ("zero", [Self.entry(0)], ""),
            ("above 21", [Self.entry(21.5)], ""),
            ("a string", [Self.entry("4.5")], ""),
            ("null", [Self.entry(NSNull())], ""),
            ("an object", ["ratio": 3], ""),
            (
                "a criterion not the subject's", [["subject": "text", "item": "Day", "ratio": 3, "criterion": "1.4.11", "required": 4.5]],
                ""
            ),
            ("a level not the criterion's", [["subject": "text", "item": "Day", "ratio": 3, "criterion": "1.4.3", "required": 1]], ""),
            ("an unknown subject", [Self.entry(3, subject: "border")], ""),
            ("an unknown key", [Self.entry(3).merging(["frame": 4]) { $1 }], ""),
            ("an item that is a number", [Self.entry(3, item: 7)], ""),
            ("an item of 100 KB", [Self.entry(3, item: String(repeating: "W", count: 100_000))], ""),
            ("300 entries", (0..<300).map { Self.entry(3, item: "item \($0)") }, ""),
            ("20,000 entries", (0..<20_000).map { Self.entry(3, item: "item \($0)") }, ""),
            ("nested deep", ["@RAW@"], String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000)),
        ]
        for (name, contrast, raw) in forgeries {
            let saved = try Data(contentsOf: url)
            try Self.write(url, contrast: contrast, raw: raw)
            let run = try runTool(["compare", "goldens", "Output"], in: work)
            #expect(!run.trapped, "\(name): \(run)")
            #expect(run.status == baseline.status, "\(name): \(run)")
            #expect(run.stdout == baseline.stdout, "\(name): \(run.stdout)")
            #expect(run.stderr == baseline.stderr, "\(name): \(run.stderr)")
            try saved.write(to: url)
        }
    }

    /// A contrast section compare does read, forged to change every ratio of 256 items on both sides: at most ten
    /// lines and a count, each name cut short and escaped (no line that starts a workflow command), and the verdict
    /// the pixels give.
    @Test func manyForgedChangesAreBoundedAndEscaped() throws {
        let work = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let url = try Self.goldensAndOutput(in: work)
        let actual = work.appendingPathComponent("Output/week/pickerreel-manifest.json")
        let baseline = try Self.baseline(in: work, manifest: url)
        let hostile = "Day\n::error::forged " + String(repeating: "x", count: 700)
        func section(_ ratio: Double) -> [[String: Any]] {
            [Self.entry(ratio, item: hostile)] + (1..<256).map { Self.entry(ratio, item: "item \($0)") }
        }
        try Self.write(url, contrast: section(7))
        try Self.write(actual, contrast: section(2))
        let run = try runTool(["compare", "goldens", "Output"], in: work)
        #expect(!run.trapped && run.status == baseline.status, "\(run)")
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let contrast = lines.filter { $0.hasPrefix("contrast: ") }
        #expect(contrast.count == 11, "\(run.stdout)")
        #expect(contrast.last == "contrast: and 246 more contrast changes", "\(contrast)")
        #expect(contrast.allSatisfy { $0.count <= 160 }, "\(contrast)")
        #expect(contrast.first?.hasPrefix(#"contrast: week: Day\n::error::forged xxx"#) == true, "\(contrast)")
        #expect(!lines.contains { $0.hasPrefix("::error::forged") }, "\(run.stdout)")
        // The rest of the output is the pixels' own.
        let rest = lines.filter { !$0.hasPrefix("contrast: ") }
        #expect(rest == baseline.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init), "\(run.stdout)")
        let github = try runTool(["compare", "goldens", "Output", "--report", "github"], in: work)
        #expect(!github.trapped && github.status == baseline.status, "\(github)")
        let commands = github.stdout.split(separator: "\n").map(String.init)
        #expect(commands.filter { $0.hasPrefix("::warning title=pickerreel compare%3A contrast::") }.count == 1, "\(github.stdout)")
        #expect(!commands.contains { $0.hasPrefix("::error::forged") }, "\(github.stdout)")
    }

    /// A manifest that is a link is not read through: compare refuses the link in the tree (exit 2 naming it, as for
    /// any link), and no number of the file it leads to is said.
    @Test func aManifestThatIsALinkIsNotRead() throws {
        let work = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let url = try Self.goldensAndOutput(in: work)
        let elsewhere = work.appendingPathComponent("elsewhere.json")
        try Self.write(url, contrast: [Self.entry(20.99)])
        try FileManager.default.moveItem(at: url, to: elsewhere)
        for target in [elsewhere.path, "../../elsewhere.json"] {
            try? FileManager.default.removeItem(at: url)
            try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: target)
            let run = try runTool(["compare", "goldens", "Output"], in: work)
            #expect(!run.trapped && run.status == 2, "\(run)")
            #expect(run.stderr.contains("goldens/week/pickerreel-manifest.json"), "\(run.stderr)")
            #expect(!run.stdout.contains("20.99") && !run.stdout.contains("contrast"), "\(run.stdout)")
        }
    }

    /// The schema refuses what compare ignores: a ratio out of range, the highlight with an item.
    @Test func theSchemaRefusesAForgedSection() throws {
        let work = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let url = try Self.goldensAndOutput(in: work)
        let good = try runTool(["compare", "goldens", "Output"], in: work)
        #expect(good.stdout.hasPrefix("contrast: "), "\(good.stdout)")
        #expect(try checkAgainstRecordSchema([url.path]).status == 0)
        try Self.write(
            url, contrast: [Self.entry(1e308), ["subject": "highlight", "item": "x", "ratio": 2, "criterion": "1.4.11", "required": 3]])
        let refused = try checkAgainstRecordSchema([url.path])
        #expect(
            refused.status == 1 && refused.stdout.contains("$.contrast[0].ratio") && refused.stdout.contains("$.contrast[1]"),
            "\(refused.stdout)")
    }
}
