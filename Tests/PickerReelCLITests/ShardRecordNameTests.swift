import Foundation
import TestSupport
import Testing

/// A render removes the shard records of other batches from its output folder, and only those: regular files named
/// exactly `pickerreel-shard-K-of-N.json` that read as records (found in the hostile pass after issue 34: every
/// entry named `pickerreel-shard-*.json` was removed, folders and the user's files included).
@Suite("Shard records: only the tool's own are removed")
struct ShardRecordNameTests {
    /// A spec whose output folder would be named as a record is refused, naming it.
    ///
    /// On main `pickerreel-shard-1-of-2.json.json` was rendered into `pickerreel-shard-1-of-2.json`, exit 0, and the
    /// folder was then removed as a record: through the Action's script, a pull request adding it with no goldens
    /// passed where any other name failed as added.
    @Test func aSpecNamedAsAShardRecordIsRefused() throws {
        let work = try temporaryFolder()
        let spec = try writeSpec(
            try String(contentsOfFile: fixture("seed-demo.json"), encoding: .utf8), named: "pickerreel-shard-1-of-2.json.json", in: work)
        let output = work.appendingPathComponent("Output")
        let run = try runTool(["render", spec, "-o", output.path, "--times", "0"])
        #expect(!run.trapped && run.status == 2, "\(run)")
        #expect(
            run.stderr.contains("is named \"pickerreel-shard-1-of-2.json\", the name of the shard records a render keeps"), "\(run.stderr)")
    }

    /// A spec file beside the output whose name starts like a record's is the user's file: a render leaves it.
    ///
    /// On main `render pickerreel-shard-demo.json -o .` removed the spec file itself.
    @Test(arguments: ["pickerreel-shard-demo.json", "pickerreel-shard-1-of-2.json"])
    func aFileOfTheUsersNamedLikeARecordIsLeft(name: String) throws {
        let work = try temporaryFolder()
        let text = try String(contentsOfFile: fixture("seed-demo.json"), encoding: .utf8)
        _ = try writeSpec(text, named: name, in: work)
        let run = try runTool(["render", name, "-o", ".", "--times", "0"], in: work)
        #expect(run.status == 0, "\(run)")
        #expect(try String(contentsOf: work.appendingPathComponent(name), encoding: .utf8) == text, "the spec file is as it was")
    }

    /// A record of another shard count, written by the tool, is still removed by a render in N shards.
    @Test func theToolsOwnRecordOfAnotherCountIsRemoved() throws {
        let work = try temporaryFolder()
        let spec = try writeSpec(try String(contentsOfFile: fixture("seed-demo.json"), encoding: .utf8), named: "seed.json", in: work)
        let output = work.appendingPathComponent("Output")
        let three = try runTool(["render", spec, "-o", output.path, "--times", "0", "--shard", "1/3"])
        #expect(three.status == 0, "\(three)")
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("pickerreel-shard-1-of-3.json").path))
        let two = try runTool(["render", spec, "-o", output.path, "--times", "0", "--shard", "1/2"])
        #expect(two.status == 0, "\(two)")
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("pickerreel-shard-1-of-3.json").path))
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("pickerreel-shard-1-of-2.json").path))
    }
}
