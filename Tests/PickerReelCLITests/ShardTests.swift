import Foundation
import PickerKit
import TestSupport
import Testing

@testable import PickerReelCLI

@Suite("Shards and batches")
struct ShardTests {
    @Test(arguments: [0, 1, 5, 7, 100, 101])
    func theShardsTogetherTakeEverySpecExactlyOnce(count: Int) {
        let specs = (0..<count).map { "spec-\($0).json" }
        let cost = { (name: String) in name.count * 37 % 11 }
        for shardCount in 1...9 {
            let shards = (1...shardCount).map { Shard(index: $0, count: shardCount).pick(from: specs, name: { $0 }, cost: cost) }
            #expect(shards.flatMap { $0 }.sorted() == specs.sorted())
            // Each shard keeps the batch's order.
            for shard in shards { #expect(shard == specs.filter(shard.contains)) }
        }
    }

    /// The split depends on names and costs only: the same specs in another order give every shard the same specs.
    @Test func theSplitIsTheSameWhateverTheOrderOfTheSpecs() {
        let specs = (0..<40).map { (name: "spec-\($0)", cost: ($0 * 7919) % 97 + 1) }
        for index in 1...4 {
            let shard = Shard(index: index, count: 4)
            let forward = shard.pick(from: specs, name: \.name, cost: \.cost).map(\.name)
            let backward = shard.pick(from: specs.reversed(), name: \.name, cost: \.cost).map(\.name)
            #expect(forward.sorted() == backward.sorted())
        }
    }

    /// Cut by count, 60 specs whose costs grow along the sorted list gave the last shard several times the first's.
    @Test func shardsOfAVariedBatchAreBalancedByCost() {
        let specs = (0..<60).map { (name: String(format: "spec-%02d", $0), cost: ($0 + 1) * ($0 % 7 + 1) * 1000) }
        for count in [2, 3, 4, 6] {
            let loads = (1...count).map { index in
                Shard(index: index, count: count).pick(from: specs, name: \.name, cost: \.cost).reduce(0) { $0 + $1.cost }
            }
            #expect(Double(loads.max()!) <= 1.3 * Double(loads.min()!), "\(count) shards: \(loads)")
        }
    }

    @Test func moreShardsThanSpecsLeaveTheLastShardsEmpty() {
        let specs = ["a", "b"]
        let shards = (1...5).map { Shard(index: $0, count: 5).pick(from: specs, name: { $0 }, cost: { _ in 1 }) }
        #expect(shards == [["a"], ["b"], [], [], []])
        #expect(Shard(index: Int.max, count: Int.max).pick(from: specs, name: { $0 }, cost: { _ in 1 }) == [])
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
            // Beside the spec folders, the shard's record (`SelectiveCompareTests`).
            rendered += try FileManager.default.contentsOfDirectory(atPath: output.path).filter { !$0.hasPrefix("pickerreel-shard-") }
        }
        #expect(rendered.sorted() == (0..<5).map { "variant-\($0)" })
    }
}

/// The built binary's shards of 60 specs of varied sizes and lengths, weighed by what each shard wrote.
@Suite("Shards by cost, through the binary")
struct ShardCostTests {
    /// Cut by count, the sorted list put the large, long specs together: one shard drew several times another's pixels.
    @Test func theHeaviestShardDrawsAtMost1Point3TimesTheLightestsPixels() throws {
        let work = try temporaryFolder()
        var specs: [String] = []
        for index in 0..<60 {
            // Sizes and lengths grow along the sorted names, as a design system's "large-…" specs sort together.
            let items = (0..<(2 + index % 4)).map { "\"Item \($0)\"" }.joined(separator: ",")
            let scale = index < 30 ? 1 : 2
            let fps = 4 + index % 9
            let tail = 0.2 + Double(index % 5) * 0.3
            specs.append(
                try writeSpec(
                    #"{"items":[\#(items)],"selection":{"initial":"Item 0","sequence":[{"select":"Item 1","after":0.2}],"tail":\#(tail)},"#
                        + #""output":{"fps":\#(fps),"scale":\#(scale)}}"#,
                    named: String(format: "spec-%02d.json", index), in: work))
        }
        var loads: [Int] = []
        var rendered: [String] = []
        for shard in 1...4 {
            let output = work.appendingPathComponent("out-\(shard)")
            let run = try runTool(["render"] + specs + ["-o", output.path, "--shard", "\(shard)/4", "-q"])
            #expect(run.status == 0, "\(run.stderr)")
            let folders = try FileManager.default.contentsOfDirectory(atPath: output.path).filter { !$0.hasPrefix("pickerreel-shard-") }
            rendered += folders
            loads.append(try folders.reduce(0) { $0 + (try framePixels(in: output.appendingPathComponent($1))) })
        }
        #expect(rendered.sorted() == (0..<60).map { String(format: "spec-%02d", $0) })
        #expect(Double(loads.max() ?? 0) <= 1.3 * Double(loads.min() ?? 0), "frames × pixels per shard: \(loads)")
    }

    /// The sum of width × height over the PNG frames in `folder`, read from each file's header.
    private func framePixels(in folder: URL) throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".png") }.reduce(0) { total, name in
            let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)).prefix(24))
            let number = { (at: Int) in bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
            return total + number(16) * number(20)
        }
    }
}
