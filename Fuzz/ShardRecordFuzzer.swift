// libFuzzer entry point for the shard record `render --shard K/N` leaves in its output folder and `compare` reads
// (`ShardRecord.read`): within its limits, `shard` of the form K/N, every spec folder a plain name.
//
// Built by `make fuzz-build` like the graphics fuzzer; run by `make fuzz-shard-record` from
// Fixtures/shard-record-corpus. A finding is anything that stops the process, or the fatalError below: a record
// accepted that breaks the rules, or one that does not read back the same after it is written.
import FoundationEssentials
import PickerCompare
import PickerKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzShardRecord(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let record = try? ShardRecord.read(bytes) else { return 0 }
    for name in record.batch + record.rendered where name.isEmpty || name.hasPrefix(".") || name.contains("/") {
        fatalError("fuzz: accepted the spec folder \(name)")
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    guard let written = try? encoder.encode(record), let again = try? ShardRecord.read(Array(written)), again == record else {
        fatalError("fuzz: a record read does not read back the same after it is written")
    }
    return 0
}
