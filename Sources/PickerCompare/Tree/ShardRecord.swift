import FoundationEssentials
import PickerKit
import PickerRender

/// What a sharded render (`render --shard K/N`) leaves in its output folder, `pickerreel-shard-K-of-N.json`: every
/// spec folder of the batch, and those this shard rendered, so that `compare` can tell a spec another shard
/// rendered from a spec that is gone.
///
/// A record is only as true as the batch it names: an unsharded render into the folder removes every record, and a
/// render in N shards removes those of another N. A record found in a folder is input: read with limits, confined to
/// the folder and through no link, its names checked (`read(_:)`).
package struct ShardRecord: Codable, Equatable, Sendable {
    /// `K/N`.
    package var shard: String
    /// Every spec folder of the batch, sorted: the same list on every shard.
    package var batch: [String]
    /// The spec folders this shard rendered, sorted.
    package var rendered: [String]

    /// The record of shard `shard` (`K/N`) of a batch of spec folders `batch`, having rendered `rendered`.
    package init(shard: String, batch: [String], rendered: [String]) {
        self.shard = shard
        self.batch = batch
        self.rendered = rendered
    }

    /// The limits a record is read within: 16 MiB, and 1,000,000 spec folders in a list.
    package static let readingLimits = RecordJSON.Limits(maximumBytes: 16 << 20, maximumCount: 1_000_000)

    /// True for the name of a record of any shard.
    package static func isRecord(_ name: String) -> Bool { name.hasPrefix("pickerreel-shard-") && name.hasSuffix(".json") }

    /// The record in `bytes`, read as input.
    ///
    /// Within `readingLimits`, `shard` of the form `K/N` (1 ≤ K ≤ N), and every spec folder
    /// a plain name (not empty, no `/`, not starting with `.`). A pure function of the bytes, for `compare` and its fuzz
    /// target.
    ///
    /// Throws `RecordJSON.Failure` naming the JSON path at fault.
    package static func read(_ bytes: [UInt8]) throws(RecordJSON.Failure) -> ShardRecord {
        let record = try RecordJSON.decode(ShardRecord.self, from: bytes, limits: readingLimits)
        let parts = record.shard.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), parts.allSatisfy({ $0.allSatisfy(\.isASCII) }),
            count >= 1, (1...count).contains(index)
        else {
            throw RecordJSON.Failure(path: "shard", reason: "expected K/N, such as 2/4")
        }
        for (key, names) in [("batch", record.batch), ("rendered", record.rendered)] {
            for (position, name) in names.enumerated()
            where name.isEmpty || name.hasPrefix(".") || name.contains("/") || name.utf8.count > 255 {
                throw RecordJSON.Failure(path: "\(key)[\(position)]", reason: "expected the name of a spec folder")
            }
        }
        return record
    }

    /// The spec folders of the batches recorded in `folder` that none of its shards rendered, and the records' names;
    /// empty when there is no record.
    ///
    /// A record that is a link, not a regular file, over the limits or not a record is left out and named in
    /// `refused` with the reason: it cannot make compare leave a golden out.
    package static func otherShardsSpecs(in folder: String) -> (specs: Set<String>, records: [String], refused: [String]) {
        // Names only (a listing follows no link inside); each record is then read through `scope`, with no link.
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter(isRecord).sorted()
        let scope = FileScope(tree: folder, followsLinks: false)
        var batch: Set<String> = []
        var rendered: Set<String> = []
        var read: [String] = []
        var refused: [String] = []
        for name in names {
            do {
                let record = try ShardRecord.read(try scope.read(name, maximumBytes: readingLimits.maximumBytes))
                batch.formUnion(record.batch)
                rendered.formUnion(record.rendered)
                read.append(name)
            } catch let failure as RecordJSON.Failure {
                refused.append("\(FilePath.join(folder, name)): \(failure.message)")
            } catch let refusal as FileScope.Refusal {
                refused.append("\(FilePath.join(folder, name)): \(refusal.treeReason)")
            } catch {
                refused.append("\(FilePath.join(folder, name)): \(error)")
            }
        }
        return (batch.subtracting(rendered), read, refused)
    }
}
