import Foundation
import Testing

@testable import PickerReelCLI

@Suite("Shards and batches")
struct ShardTests {
    @Test(arguments: [0, 1, 5, 7, 100, 101])
    func theShardsTogetherTakeEverySpecExactlyOnce(count: Int) {
        let specs = (0..<count).map { "spec-\($0).json" }
        for shardCount in 1...9 {
            let slices = (1...shardCount).map { Shard(index: $0, count: shardCount).slice(of: specs) }
            #expect(slices.flatMap { $0 } == specs)
            // Nearly equal: no slice is more than one longer than another.
            let sizes = slices.map(\.count)
            #expect((sizes.max() ?? 0) - (sizes.min() ?? 0) <= 1)
        }
    }

    @Test func shardIsParsedAndCheckedOnTheCommandLine() throws {
        guard case .render(let options) = try CommandParser.parse(["render", "a.json", "--shard", "2/4"]) else {
            Issue.record("expected render")
            return
        }
        #expect(options.shard == Shard(index: 2, count: 4))
        for bad in ["0/4", "5/4", "2", "a/b", "2/0"] {
            #expect(throws: UsageError.self) { try CommandParser.parse(["render", "a.json", "--shard", bad]) }
        }
    }

    @Test func renderingEveryShardRendersEverySpecOnceIntoItsOwnFolder() throws {
        let work = try temporaryFolder()
        let specs = try (0..<5).map { index -> String in
            let url = work.appendingPathComponent("variant-\(index).json")
            try Data(
                #"{"items": ["A", "B\#(index)"], "selection": {"initial": "A", "sequence": [{"select": "B\#(index)", "after": 0.1}], "tail": 0.1}, "output": {"scale": 1}}"#
                    .utf8
            )
            .write(to: url)
            return url.path
        }
        var rendered: [String] = []
        for shard in 1...3 {
            let output = work.appendingPathComponent("out-\(shard)")
            let run = try runTool(["render"] + specs.reversed() + ["-o", output.path, "--shard", "\(shard)/3", "-q"])
            #expect(run.status == 0, "\(run.stderr)")
            rendered += try FileManager.default.contentsOfDirectory(atPath: output.path)
        }
        #expect(rendered.sorted() == (0..<5).map { "variant-\($0)" })
    }
}
