import Foundation
import Testing

@testable import PickerKit

/// Issue 36: one shard type and one shard record in the library, shared by `render --shard` and `compare`: `K/N`
/// read by one rule, and the record written as it always was.
@Suite("One shard type and record")
struct ShardRecordTypeTests {
    @Test(arguments: [("2/4", Shard(index: 2, count: 4)), ("1/1", Shard(index: 1, count: 1)), ("+2/4", Shard(index: 2, count: 4))])
    func aShardIsReadAsKOfN(text: String, shard: Shard) {
        #expect(Shard(parsing: text) == shard)
    }

    @Test(arguments: ["0/4", "5/4", "2", "a/b", "2/0", "2/4/8", "", "/", "-1/4"])
    func anythingElseIsNotAShard(text: String) {
        #expect(Shard(parsing: text) == nil)
        let record = #"{"shard": "\#(text)", "batch": ["a"], "rendered": ["a"]}"#
        #expect(throws: RecordJSON.Failure(path: "shard", reason: "expected K/N, such as 2/4")) { try ShardRecord.read(Array(record.utf8)) }
    }

    /// The bytes a record had when its shard was a string: sorted keys, pretty, the shard as `K/N`, a newline.
    @Test func theRecordIsWrittenAsBefore() throws {
        struct Before: Encodable {
            var shard: String
            var batch: [String]
            var rendered: [String]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let before = Array(try encoder.encode(Before(shard: "2/3", batch: ["a", "b", "c"], rendered: ["b"]))) + [0x0A]
        let record = ShardRecord(shard: Shard(index: 2, count: 3), batch: ["c", "a", "b"], rendered: ["b"])
        #expect(try record.encoded() == before)
        #expect(try ShardRecord.read(try record.encoded()) == record)
        #expect(ShardRecord.fileName(of: record.shard) == "pickerreel-shard-2-of-3.json")
        #expect(ShardRecord.isRecord(ShardRecord.fileName(of: record.shard)))
    }
}
