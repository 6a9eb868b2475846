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
        // Only a record the tool wrote is removed: a regular file, read through no link, that reads as a record.
        // Anything else so named (a spec's folder, a file of the user's) is left as it is.
        let scope = FileScope(tree: folder, followsLinks: false)
        for name in names where isRecord(name) && !(keep.map { name.hasSuffix($0) } ?? false) {
            guard (try? ShardRecord.read(try scope.read(name, maximumBytes: readingLimits.maximumBytes))) != nil else { continue }
            try? FileManager.default.removeItem(atPath: folder + "/" + name)
        }
        guard let shard else { return }
        let record = ShardRecord(shard: shard, batch: batch, rendered: rendered)
        try AtomicFile.write(try record.encoded(), to: folder + "/" + fileName(of: shard))
    }
}
