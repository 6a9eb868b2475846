import FoundationEssentials
import PickerReel

/// What a sharded render (`render --shard K/N`) leaves in its output folder, `pickerreel-shard-K-of-N.json`: every
/// spec folder of the batch, and those this shard rendered, so that `compare` can tell a spec another shard
/// rendered from a spec that is gone.
///
/// A record is only as true as the batch it names: an unsharded render into the folder removes every record, and a
/// render in N shards removes those of another N.
struct ShardRecord: Codable, Equatable {
    /// `K/N`.
    var shard: String
    /// Every spec folder of the batch, sorted: the same list on every shard.
    var batch: [String]
    /// The spec folders this shard rendered, sorted.
    var rendered: [String]

    /// `pickerreel-shard-K-of-N.json`.
    static func fileName(of shard: Shard) -> String { "pickerreel-shard-\(shard.index)-of-\(shard.count).json" }

    /// True for the name of a record of any shard.
    static func isRecord(_ name: String) -> Bool { name.hasPrefix("pickerreel-shard-") && name.hasSuffix(".json") }

    /// Writes the record of `shard` into `folder` (atomically) and removes records of another shard count; without a
    /// shard, removes every record.
    ///
    /// Throws `RenderError` when the record cannot be written.
    static func update(in folder: String, shard: Shard?, batch: [String], rendered: [String]) throws {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let keep = shard.map { "-of-\($0.count).json" }
        for name in names where isRecord(name) && !(keep.map { name.hasSuffix($0) } ?? false) {
            try? FileManager.default.removeItem(atPath: folder + "/" + name)
        }
        guard let shard else { return }
        let record = ShardRecord(shard: "\(shard.index)/\(shard.count)", batch: batch.sorted(), rendered: rendered.sorted())
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        try AtomicFile.write(Array(try encoder.encode(record)) + [0x0A], to: folder + "/" + fileName(of: shard))
    }

    /// The spec folders of the batches recorded in `folder` that none of its shards rendered, and the records' names;
    /// empty when there is no record (or none can be read).
    static func otherShardsSpecs(in folder: String) -> (specs: Set<String>, records: [String]) {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter(isRecord).sorted()
        var batch: Set<String> = []
        var rendered: Set<String> = []
        var read: [String] = []
        for name in names {
            guard let data = FileManager.default.contents(atPath: folder + "/" + name), data.count < 16 << 20,
                let record = try? JSONDecoder().decode(ShardRecord.self, from: data)
            else { continue }
            batch.formUnion(record.batch)
            rendered.formUnion(record.rendered)
            read.append(name)
        }
        return (batch.subtracting(rendered), read)
    }
}
