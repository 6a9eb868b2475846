import Foundation
import TestSupport
import Testing

/// Issue 26, "Selective compare", through the built binary.
///
/// A sharded render records which specs of the batch it rendered (`pickerreel-shard-K-of-N.json`); `compare` then
/// leaves the other shards' specs out instead of reporting them removed, and still reports a spec that is in no
/// shard's batch (gone) as removed.
@Suite("Selective compare of shards")
struct SelectiveCompareTests {
    @Test func aShardIsComparedWithItsOwnSpecsOnly() throws {
        let work = try temporaryFolder()
        let specs = try ["a", "b", "c"].map { name in
            try writeSpec(
                #"{"items":["\#(name)","z"],"selection":{"sequence":[{"select":"z","after":0.1}]},"output":{"fps":10}}"#,
                named: "\(name).json", in: work)
        }
        let goldens = work.appendingPathComponent("goldens")
        #expect(try runTool(["render"] + specs + ["-o", goldens.path, "-q"]).status == 0)
        var owned: [String] = []
        for index in 1...2 {
            let actual = work.appendingPathComponent("shard-\(index)")
            #expect(try runTool(["render"] + specs + ["-o", actual.path, "--shard", "\(index)/2", "-q"]).status == 0)
            let data = try Data(contentsOf: actual.appendingPathComponent("pickerreel-shard-\(index)-of-2.json"))
            let record = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            #expect(record["batch"] as? [String] == ["a", "b", "c"])
            let rendered = try #require(record["rendered"] as? [String])
            owned += rendered
            // Only this shard's specs are compared, and they match.
            let run = try runTool(["compare", goldens.path, actual.path])
            #expect(run.status == 0, "\(run)")
            #expect(run.stderr.contains("of other shards not compared"), "\(run)")
            let frames = try FileManager.default.subpathsOfDirectory(atPath: actual.path).filter { $0.hasSuffix(".png") }.count
            #expect(run.stdout.contains("All \(frames) files match"), "\(run)")
        }
        #expect(owned.sorted() == ["a", "b", "c"])
        // A golden spec in no shard's batch is gone, and reported so.
        let shard = work.appendingPathComponent("shard-1")
        try FileManager.default.copyItem(at: goldens.appendingPathComponent(owned[0]), to: goldens.appendingPathComponent("gone"))
        let gone = try runTool(["compare", goldens.path, shard.path])
        #expect(gone.status == 1, "\(gone)")
        #expect(gone.stdout.contains("gone:") && gone.stdout.contains("removed"), "\(gone)")
        // An unsharded render into the folder removes the record: every spec is compared again.
        #expect(try runTool(["render", specs[0], "-o", shard.path, "-q"]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: shard.appendingPathComponent("pickerreel-shard-1-of-2.json").path))
    }
}
