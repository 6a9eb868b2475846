import FoundationEssentials
import PickerKit
import PickerRender

extension ShardRecord {
    /// Writes the record of `shard` into `folder` (atomically) and removes records of another shard count; without a
    /// shard, removes every record.
    ///
    /// Throws `RenderError` when the record cannot be written.
    package static func update(in folder: String, shard: Shard?, batch: [String], rendered: [String]) throws {
        // `folder` is the render's output folder, refused when a link is on its path (LinkedPath); removeItem takes a
        // link named like a record as the link itself, and a folder so named without following links inside it.
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let keep = shard.map { "-of-\($0.count).json" }
        for name in names where isRecord(name) && !(keep.map { name.hasSuffix($0) } ?? false) {
            try? FileManager.default.removeItem(atPath: folder + "/" + name)
        }
        guard let shard else { return }
        let record = ShardRecord(shard: shard, batch: batch, rendered: rendered)
        try AtomicFile.write(try record.encoded(), to: folder + "/" + fileName(of: shard))
    }
}
