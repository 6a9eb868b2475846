import Foundation
import TestSupport
import Testing

/// A shard record (`pickerreel-shard-K-of-N.json`) found in ACTUAL is input, through the built binary: read within
/// limits and through no link; a record refused leaves no golden out, and compare says which record it did not read.
@Suite("compare: shard records are input")
struct ShardRecordInputTests {
    @Test func aShardRecordThatIsALinkOrNotARecordLeavesNoGoldenOut() throws {
        let work = try temporaryFolder()
        for name in ["a", "b"] {
            try writeSpec(
                #"{"items": ["A", "B"], "selection": {"initial": "A", "sequence": [{"select": "B", "after": 0.1}], "tail": 0.1}, "output": {"fps": 10, "scale": 1}}"#,
                named: "\(name).json", in: work)
        }
        try #require(try runTool(["render", "a.json", "b.json", "-o", "goldens", "-q"], in: work).status == 0)
        try #require(try runTool(["render", "a.json", "b.json", "-o", "Output", "-q", "--shard", "1/2"], in: work).status == 0)
        let record = work.appendingPathComponent("Output/pickerreel-shard-1-of-2.json")
        // The honest record leaves the other shard's spec out.
        let honest = try runTool(["compare", "goldens", "Output"], in: work)
        #expect(honest.status == 0, "\(honest.stdout)\(honest.stderr)")
        // The same record through a link (to a hidden file inside the tree, which compare's walk skips), or a record
        // naming a folder outside the batch's rules, is not read.
        try FileManager.default.moveItem(at: record, to: work.appendingPathComponent("Output/.record.json"))
        try FileManager.default.createSymbolicLink(atPath: record.path, withDestinationPath: ".record.json")
        // Since no link in a tree is followed, the link also stops the comparison (exit 2), never a green.
        let linked = try runTool(["compare", "goldens", "Output"], in: work)
        #expect(linked.status == 2, "\(linked.stdout)\(linked.stderr)")
        #expect(linked.stderr.contains("pickerreel-shard-1-of-2.json") && linked.stderr.contains("link"), "\(linked.stderr)")
        try FileManager.default.removeItem(at: record)
        try Data(#"{"shard": "1/2", "batch": ["../goldens", "a", "b"], "rendered": ["a"]}"#.utf8).write(to: record)
        let forged = try runTool(["compare", "goldens", "Output"], in: work)
        #expect(forged.status == 1, "\(forged.stdout)\(forged.stderr)")
        #expect(forged.stderr.contains("batch[0]"), "\(forged.stderr)")
    }
}
