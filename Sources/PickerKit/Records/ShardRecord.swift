import FoundationEssentials

/// What a sharded render (`render --shard K/N`) leaves in its output folder, `pickerreel-shard-K-of-N.json`: every
/// spec folder of the batch, and those this shard rendered, so that `compare` can tell a spec another shard
/// rendered from a spec that is gone.
///
/// A record is only as true as the batch it names: an unsharded render into the folder removes every record, and a
/// render in N shards removes those of another N. A record found in a folder is input: read with limits, confined to
/// the folder and through no link, its names checked (`read(_:)`).
package struct ShardRecord: Encodable, Equatable, Sendable {
    /// The shard that wrote it, written `K/N`.
    package var shard: Shard
    /// Every spec folder of the batch, sorted: the same list on every shard.
    package var batch: [String]
    /// The spec folders this shard rendered, sorted.
    package var rendered: [String]

    /// The record of `shard` of a batch of spec folders `batch`, having rendered `rendered` (both kept sorted).
    package init(shard: Shard, batch: [String], rendered: [String]) {
        self.shard = shard
        self.batch = batch.sorted()
        self.rendered = rendered.sorted()
    }

    /// The limits a record is read within: 16 MiB, and 1,000,000 spec folders in a list.
    package static let readingLimits = RecordJSON.Limits(maximumBytes: 16 << 20, maximumCount: 1_000_000)

    /// True for the name of a record of any shard: exactly `pickerreel-shard-K-of-N.json` of a shard `K/N`.
    package static func isRecord(_ name: String) -> Bool {
        guard name.hasPrefix("pickerreel-shard-"), name.hasSuffix(".json"), name.utf8.count <= 64 else { return false }
        let middle = String(name.dropFirst("pickerreel-shard-".count).dropLast(".json".count))
        guard let of = middle.firstRange(of: "-of-") else { return false }
        guard let shard = Shard(parsing: String(middle[..<of.lowerBound]) + "/" + String(middle[of.upperBound...])) else { return false }
        return fileName(of: shard) == name
    }

    /// The record's file name for `shard`: `pickerreel-shard-K-of-N.json`.
    package static func fileName(of shard: Shard) -> String { "pickerreel-shard-\(shard.index)-of-\(shard.count).json" }

    /// The record as written: `shard` as `K/N`.
    private struct Stored: Codable {
        var shard: String
        var batch: [String]
        var rendered: [String]
    }

    /// Encodes the record as its file holds it (`shard` as `K/N`).
    package func encode(to encoder: any Encoder) throws {
        try Stored(shard: shard.description, batch: batch, rendered: rendered).encode(to: encoder)
    }

    /// The record's bytes: JSON with sorted keys and a newline, the same bytes for the same batch on every run.
    package func encoded() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return Array(try encoder.encode(self)) + [0x0A]
    }

    /// The record in `bytes`, read as input.
    ///
    /// Within `readingLimits`, `shard` of the form `K/N` (1 ≤ K ≤ N, `Shard(parsing:)`), and every spec folder a
    /// plain name (not empty, no `/`, not starting with `.`). A pure function of the bytes, for `compare` and its
    /// fuzz target.
    ///
    /// Throws `RecordJSON.Failure` naming the JSON path at fault.
    package static func read(_ bytes: [UInt8]) throws(RecordJSON.Failure) -> ShardRecord {
        let stored = try RecordJSON.decode(Stored.self, from: bytes, limits: readingLimits)
        guard let shard = Shard(parsing: stored.shard) else {
            throw RecordJSON.Failure(path: "shard", reason: "expected K/N, such as 2/4")
        }
        for (key, names) in [("batch", stored.batch), ("rendered", stored.rendered)] {
            for (position, name) in names.enumerated()
            where name.isEmpty || name.hasPrefix(".") || name.contains("/") || name.utf8.count > 255 {
                throw RecordJSON.Failure(path: "\(key)[\(position)]", reason: "expected the name of a spec folder")
            }
        }
        var record = ShardRecord(shard: shard, batch: [], rendered: [])
        // As written, not sorted again: a record is what its file says.
        (record.batch, record.rendered) = (stored.batch, stored.rendered)
        return record
    }
}
