import Foundation
import TestSupport
import Testing

/// `pickerreel merge-reports`, through the built binary: shards compared apart, then merged, equal one compare of all.
@Suite("merge-reports")
struct MergeReportsTests {
    @Test func theMergedReportOfTwoShardsEqualsTheReportOfOneRunOverAll() throws {
        let work = try temporaryFolder()
        let specs = try (0..<5).map { index in
            try writeSpec(
                #"{"items":["A\#(index)","B"],"selection":{"initial":"A\#(index)","sequence":[{"select":"B","after":0.1}],"tail":0.1},"output":{"fps":10,"scale":1}}"#,
                named: "spec-\(index).json", in: work)
        }
        #expect(try runTool(["render"] + specs + ["-o", work.appendingPathComponent("goldens").path, "-q"]).status == 0)
        // One spec changes its picture: the merged report must say so, as the whole run's does.
        try Data(##"{"items":["A2","B"],"style":{"background":"#FF0000"},"output":{"fps":10,"scale":1}}"##.utf8).write(
            to: URL(fileURLWithPath: specs[2]))
        var reports: [String] = []
        var statuses: [Int32] = []
        for run in ["whole", "shard-1", "shard-2"] {
            let folder = work.appendingPathComponent(run)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let shard = run == "whole" ? [] : ["--shard", "\(run.suffix(1))/2"]
            #expect(try runTool(["render"] + specs + ["-o", "Output", "-q"] + shard, in: folder).status == 0)
            let compared = try runTool(["compare", "../goldens", "Output", "--report", "json=report.json"], in: folder)
            statuses.append(compared.status)
            reports.append(folder.appendingPathComponent("report.json").path)
        }
        // Each shard compares only its own specs: the one holding spec-2 differs, the other matches.
        #expect(statuses[0] == 1 && statuses[1...].sorted() == [0, 1], "\(statuses)")
        // The merge job's folder: the shards' pictures downloaded into one Output, beside the goldens (merge-reports
        // compares them again).
        let merging = work.appendingPathComponent("merge")
        try FileManager.default.createDirectory(at: merging.appendingPathComponent("Output"), withIntermediateDirectories: true)
        for shard in ["shard-1", "shard-2"] {
            #expect(try runShell("cp -R ../\(shard)/Output/. Output/", in: merging).status == 0)
        }
        let merged = try runTool(["merge-reports", reports[1], reports[2], "--report", "json"], in: merging)
        #expect(merged.status == 1, "\(merged.stderr)")
        let whole = try String(contentsOfFile: reports[0], encoding: .utf8)
        #expect(merged.stdout == whole)
        #expect(whole.contains("\"differs\" : 0") == false, "the whole run found the changed spec")
        let text = try runTool(["merge-reports", reports[2], reports[1]], in: merging)
        #expect(text.status == 1)
        #expect(text.stdout.contains("spec-2: "), "\(text.stdout)")
        // A shard compared with other settings, or other trees, is not a part of the same run: refused.
        let shard2 = work.appendingPathComponent("shard-2")
        _ = try runTool(["compare", "../goldens", "Output", "--max-diff-pixels", "5", "--report", "json=other.json"], in: shard2)
        let mixed = try runTool(["merge-reports", reports[1], shard2.appendingPathComponent("other.json").path])
        #expect(mixed.status == 2)
        #expect(mixed.stderr.contains("were compared with different settings"), "\(mixed.stderr)")
        _ = try runTool(["compare", "../goldens", "./Output", "--report", "json=elsewhere.json"], in: shard2)
        let elsewhere = try runTool(["merge-reports", reports[1], shard2.appendingPathComponent("elsewhere.json").path])
        #expect(elsewhere.status == 2)
        #expect(elsewhere.stderr.contains("merge the reports of one compare command's shards"), "\(elsewhere.stderr)")
    }

    @Test func badInputIsReportedWithExitStatus2() throws {
        let work = try temporaryFolder()
        let notJSON = work.appendingPathComponent("notes.json")
        try Data("hello".utf8).write(to: notJSON)
        let garbled = try runTool(["merge-reports", notJSON.path])
        #expect(garbled.status == 2)
        #expect(garbled.stderr.contains("notes.json: not a JSON report of pickerreel compare"), "\(garbled.stderr)")
        let missing = try runTool(["merge-reports", work.appendingPathComponent("absent.json").path])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("absent.json: no such file"), "\(missing.stderr)")
        let none = try runTool(["merge-reports"])
        #expect(none.status == 2)
        #expect(none.stderr.contains("give the shards' JSON reports"), "\(none.stderr)")
        let help = try runTool(["merge-reports", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("Usage: pickerreel merge-reports"))
    }
}
