import Foundation
import TestSupport
import Testing

/// `merge-reports` given reports it must not trust (issue 34, findings 2 and 3), through the built binary: a shard
/// report is input, its paths are taken only inside the trees it names, and it is never the only evidence for a green.
@Suite("merge-reports: reports are input")
struct MergeReportsTrustTests {
    /// A work folder with two specs rendered into `goldens` and into `Output` (the second one recoloured when
    /// `differing`), and a real compare's JSON report, `report-1.json`.
    struct World {
        let work: URL

        init(differing: Bool) throws {
            work = try temporaryFolder()
            for (name, color) in [("a", "gray"), ("b", "green")] {
                try writeSpec(Self.spec(color), named: "\(name).json", in: work)
            }
            try #require(try runTool(["render", "a.json", "b.json", "-o", "goldens", "-q"], in: work).status == 0)
            if differing { try writeSpec(Self.spec("indigo"), named: "b.json", in: work) }
            try #require(try runTool(["render", "a.json", "b.json", "-o", "Output", "-q"], in: work).status == 0)
            let compared = try runTool(["compare", "goldens", "Output", "--report", "json=report-1.json"], in: work)
            try #require(compared.status == (differing ? 1 : 0), "\(compared.stderr)")
        }

        static func spec(_ color: String) -> String {
            #"{"items": ["A", "B"], "selection": {"initial": "A", "sequence": [{"select": "B", "after": 0.1}], "tail": 0.1}, "style": {"highlight": {"color": "\#(color)"}}, "output": {"fps": 10, "scale": 1}}"#
        }

        var report: [String: Any] {
            get throws {
                let data = try Data(contentsOf: work.appendingPathComponent("report-1.json"))
                return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            }
        }

        /// Writes `report` as `name` in the work folder and returns its path.
        @discardableResult
        func write(_ report: [String: Any], as name: String) throws -> String {
            let url = work.appendingPathComponent(name)
            try JSONSerialization.data(withJSONObject: report, options: [.prettyPrinted, .sortedKeys]).write(to: url)
            return url.path
        }

        /// `report` with every file, and the verdict, claiming a match.
        static func claimingEveryMatch(_ report: [String: Any]) -> [String: Any] {
            var forged = report
            let files = (report["files"] as? [[String: Any]]) ?? []
            forged["files"] = files.map { file in
                var file = file
                file["status"] = "match"
                file["match"] = true
                file["differentPixels"] = 0
                file["antialiasedPixels"] = 0
                file["ratio"] = 0
                file["diff"] = nil
                return file
            }
            forged["status"] = "match"
            forged["match"] = true
            var counts = (report["counts"] as? [String: Any]) ?? [:]
            counts["match"] = files.count
            counts["differs"] = 0
            forged["counts"] = counts
            return forged
        }
    }

    /// Finding 2: a report's paths outside its trees are refused.
    ///
    /// Paths that are absolute, climb with `../`, or name `/proc/self/environ` were copied into the HTML report's
    /// `files/`. Each is refused with exit status 2 naming the report, the entry's JSON path and what was
    /// expected, and no report is written.
    @Test func aShardReportCannotNameFilesOutsideItsTrees() throws {
        let world = try World(differing: true)
        let outside = try temporaryFolder()
        let secret = outside.appendingPathComponent("secret.png")
        try FileManager.default.copyItem(at: world.work.appendingPathComponent("goldens/a/frame-0000.png"), to: secret)
        let report = try world.report
        let files = try #require(report["files"] as? [[String: Any]])
        let index = try #require(files.firstIndex { ($0["status"] as? String) == "differs" })
        let climbing = String(repeating: "../", count: 12) + String(secret.path.dropFirst())
        for (key, value) in [("expected", secret.path), ("actual", "Output/../" + climbing), ("expected", "/proc/self/environ")] {
            var forged = report
            var entries = files
            entries[index][key] = value
            forged["files"] = entries
            let path = try world.write(forged, as: "forged.json")
            let html = world.work.appendingPathComponent("html")
            let merged = try runTool(["merge-reports", path, "--report", "html", html.path], in: world.work)
            #expect(merged.status == 2, "\(value): \(merged.stdout)\(merged.stderr)")
            #expect(merged.stderr.contains("forged.json: files[\(index)].\(key)"), "\(merged.stderr)")
            #expect(merged.stderr.contains("a picture inside"), "\(merged.stderr)")
            #expect(!FileManager.default.fileExists(atPath: html.path), "\(value): a report was written")
            try? FileManager.default.removeItem(at: html)
        }
        // A path that leaves its tree is refused the same way.
        var forged = report
        var entries = files
        entries[index]["path"] = "../../secret.png"
        forged["files"] = entries
        let merged = try runTool(["merge-reports", try world.write(forged, as: "forged.json")], in: world.work)
        #expect(merged.status == 2 && merged.stderr.contains("forged.json: files[\(index)].path"), "\(merged.stderr)")
    }

    /// Finding 3: a report claiming every file matches cannot turn red into green.
    ///
    /// A committed `report-0.json` saying so won for every path (exit 0, "All 2 files match"). Now the worse verdict wins and the disagreement is named; alone, the forgery is re-compared.
    @Test func aReportClaimingEveryFileMatchesCannotTurnRedIntoGreen() throws {
        let world = try World(differing: true)
        let forged = try world.write(World.claimingEveryMatch(try world.report), as: "report-0.json")
        let real = world.work.appendingPathComponent("report-1.json").path
        for reports in [[forged, real], [real, forged], [forged]] {
            let merged = try runTool(["merge-reports"] + reports + ["--report", "json=merged.json"], in: world.work)
            #expect(merged.status == 1, "\(reports): \(merged.stdout)\(merged.stderr)")
            #expect(!merged.stdout.contains("files match"), "\(merged.stdout)")
            #expect(merged.stdout.contains("report-0.json says match"), "\(merged.stdout)")
            #expect(merged.stdout.contains("reports disagree: b/"), "\(merged.stdout)")
            let json = try String(contentsOf: world.work.appendingPathComponent("merged.json"), encoding: .utf8)
            #expect(json.contains("\"disagreements\""), "\(json)")
            #expect(json.contains("\"status\" : \"differences\""))
        }
        // Two shards that disagree: the worse verdict stands, and both are named.
        let merged = try runTool(["merge-reports", forged, real], in: world.work)
        #expect(merged.stdout.contains("report-1.json says differs"), "\(merged.stdout)")
    }

    /// A report that says a file differs when the pictures match keeps the worse verdict too: a report can make a
    /// run red, never green.
    @Test func aReportCanMakeARunRedButNeverGreen() throws {
        let world = try World(differing: false)
        var report = try world.report
        var files = try #require(report["files"] as? [[String: Any]])
        files[0]["status"] = "differs"
        files[0]["match"] = false
        files[0]["differentPixels"] = 7
        report["files"] = files
        let path = try world.write(report, as: "report-2.json")
        let merged = try runTool(["merge-reports", path], in: world.work)
        #expect(merged.status == 1, "\(merged.stdout)\(merged.stderr)")
        #expect(merged.stdout.contains("report-2.json says differs; compared again: match"), "\(merged.stdout)")
        let honest = try runTool(["merge-reports", "report-1.json"], in: world.work)
        #expect(honest.status == 0, "\(honest.stdout)\(honest.stderr)")
    }

    /// The pictures are read confined to their trees and no link is followed, even to a picture inside.
    @Test func aPictureThatIsALinkIsRefused() throws {
        let world = try World(differing: false)
        let frame = world.work.appendingPathComponent("Output/a/frame-0001.png")
        try FileManager.default.removeItem(at: frame)
        try FileManager.default.createSymbolicLink(atPath: frame.path, withDestinationPath: "frame-0000.png")
        let merged = try runTool(["merge-reports", "report-1.json"], in: world.work)
        #expect(merged.status == 2, "\(merged.stdout)\(merged.stderr)")
        #expect(merged.stderr.contains("Output/a/frame-0001.png"), "\(merged.stderr)")
        #expect(merged.stderr.contains("link"), "\(merged.stderr)")
        // A file that is not a picture by its bytes is refused, whatever its name.
        try FileManager.default.removeItem(at: frame)
        try Data("#!/bin/sh\n".utf8).write(to: frame)
        let text = try runTool(["merge-reports", "report-1.json"], in: world.work)
        #expect(text.status == 2, "\(text.stdout)\(text.stderr)")
        #expect(text.stderr.contains("Output/a/frame-0001.png") && text.stderr.contains("PNG"), "\(text.stderr)")
    }

    /// Without the pictures there is nothing to check a report against: refused, naming what is missing; `--actual`
    /// says where the shards' pictures are when they were downloaded elsewhere.
    @Test func mergeReportsChecksThePicturesWhereverTheyWereDownloaded() throws {
        let world = try World(differing: false)
        let downloaded = try temporaryFolder().appendingPathComponent("shards")
        try FileManager.default.moveItem(at: world.work.appendingPathComponent("Output"), to: downloaded)
        let missing = try runTool(["merge-reports", "report-1.json"], in: world.work)
        #expect(missing.status == 2, "\(missing.stdout)\(missing.stderr)")
        #expect(missing.stderr.contains("Output"), "\(missing.stderr)")
        let elsewhere = try runTool(["merge-reports", "report-1.json", "--actual", downloaded.path], in: world.work)
        #expect(elsewhere.status == 0, "\(elsewhere.stdout)\(elsewhere.stderr)")
        #expect(elsewhere.stdout.contains("files match"), "\(elsewhere.stdout)")
    }

    /// A shard whose artifact never arrived (neither its pictures nor its report) cannot pass: the merged ACTUAL
    /// should hold every shard's pictures, so its specs are removed, not left out as another shard's.
    @Test func aMissingShardCannotPass() throws {
        let world = try World(differing: false)
        try FileManager.default.removeItem(at: world.work.appendingPathComponent("Output"))
        let shard = try runTool(["render", "a.json", "b.json", "-o", "Output", "-q", "--shard", "1/2"], in: world.work)
        try #require(shard.status == 0, "\(shard.stderr)")
        let compared = try runTool(["compare", "goldens", "Output", "--report", "json=report-1.json"], in: world.work)
        try #require(compared.status == 0, "the shard's own compare leaves the other shard's spec out: \(compared.stdout)")
        let merged = try runTool(["merge-reports", "report-1.json"], in: world.work)
        #expect(merged.status == 1, "\(merged.stdout)\(merged.stderr)")
        #expect(merged.stdout.contains("removed"), "\(merged.stdout)")
    }

    /// Reports are parsed with limits: too deep, too large or not a report is exit status 2 naming the file.
    @Test func reportsAreParsedWithLimits() throws {
        let world = try World(differing: false)
        let deep = world.work.appendingPathComponent("deep.json")
        try Data((String(repeating: "[", count: 200) + String(repeating: "]", count: 200)).utf8).write(to: deep)
        let tooDeep = try runTool(["merge-reports", deep.path], in: world.work)
        #expect(tooDeep.status == 2 && tooDeep.stderr.contains("deep.json"), "\(tooDeep.stderr)")
        #expect(tooDeep.stderr.contains("deeper"), "\(tooDeep.stderr)")
        let large = world.work.appendingPathComponent("large.json")
        var bytes = Array(try Data(contentsOf: world.work.appendingPathComponent("report-1.json")))
        bytes += [UInt8](repeating: 0x20, count: 65 << 20)
        try Data(bytes).write(to: large)
        let tooLarge = try runTool(["merge-reports", large.path], in: world.work)
        #expect(tooLarge.status == 2 && tooLarge.stderr.contains("large.json"), "\(tooLarge.stderr)")
        #expect(tooLarge.stderr.contains("at most"), "\(tooLarge.stderr)")
    }
}
