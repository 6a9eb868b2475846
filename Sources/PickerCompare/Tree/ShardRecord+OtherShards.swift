import FoundationEssentials
import PickerKit
import PickerRender

extension ShardRecord {
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
