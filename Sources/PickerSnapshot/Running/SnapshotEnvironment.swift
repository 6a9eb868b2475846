import FoundationEssentials
import PickerCompare
import PickerKit
import PickerRender

/// The render environment a snapshot's goldens were recorded in, kept beside them as `<name>.environment.json`
/// (libraries' versions and the font files the labels were shaped with): when a golden later fails on another
/// machine, the failure says first what differs ("pango 1.50.12 → 1.54.0"), not only how many pixels.
///
/// The record is the tool's one provenance record, a render manifest (`RenderManifest`): its `inputs.environment`,
/// with the snapshot's name as its one option; it lists no files, the goldens beside it being the evidence. Records
/// of earlier releases (the bare environment) are still read.
///
/// The record sits among the goldens a pull request commits, so it is input: read inside the golden folder through
/// no link, within `RenderEnvironment.recordLimits`, its strings escaped and cut short (`RenderEnvironment.readRecord`).
enum SnapshotEnvironment {
    /// What a snapshot's record names as the tool that rendered it.
    static let tool = "PickerSnapshot"

    /// The record's file name for the snapshot `name`.
    static func fileName(name: String) -> String {
        name + ".environment.json"
    }

    /// The record's path for the snapshot `name` in `goldenFolder`.
    static func path(name: String, goldenFolder: String) -> String {
        goldenFolder + "/" + fileName(name: name)
    }

    /// Writes `environment` as the record at `path` (JSON, sorted keys: the same bytes on every run).
    ///
    /// Throws `SnapshotFailure` when it cannot be written, as writing a golden does.
    static func record(_ environment: RenderEnvironment, at path: String, name: String) throws(SnapshotFailure) {
        let inputs = RenderInputs(tool: tool, spec: "snapshot", referenced: [:], options: ["snapshot": name], environment: environment)
        do {
            try AtomicFile.write(try RenderManifest(inputs: inputs, files: []).encoded(), to: path)
        } catch {
            throw SnapshotFailure(.cannotWrite(name: name, reason: "cannot write \(path): \(error)"))
        }
    }

    /// What differs from the record of snapshot `name` in `goldenFolder` to `environment` (libraries, and font files
    /// of the same name with other bytes), and why the record was not read when it was there but refused (a link,
    /// not a regular file, too large, not a record); no changes when there is no record (goldens recorded before
    /// records were kept) or nothing differs.
    static func changes(name: String, goldenFolder: String, to environment: RenderEnvironment) -> (changes: [String], problem: String?) {
        let file = fileName(name: name)
        let limit = RenderEnvironment.recordLimits.maximumBytes
        let recorded: RenderEnvironment
        do {
            let bytes = try FileScope(tree: goldenFolder, followsLinks: false).read(file, maximumBytes: limit)
            recorded = try RenderEnvironment.readRecord(bytes)
        } catch let refusal as FileScope.Refusal {
            switch refusal {
            case .unreadable("no such file"): return ([], nil)
            case .tooLarge: return ([], notRead(file, "it is over \(limit) bytes; a record may have at most \(limit) bytes"))
            default: return ([], notRead(file, refusal.treeReason))
            }
        } catch let failure as RecordJSON.Failure {
            return ([], notRead(file, failure.message))
        } catch {
            return ([], notRead(file, "\(error)"))
        }
        // The spec may have changed since the goldens were recorded, so a font used on one side only says nothing.
        return (recorded.changes(to: environment, sameInputs: false), nil)
    }

    /// The line a failure carries for a record that was refused.
    private static func notRead(_ file: String, _ reason: String) -> String {
        PlainText.escaped("the environment record \(file) was not read: \(reason); record the goldens again to rewrite it")
    }
}
