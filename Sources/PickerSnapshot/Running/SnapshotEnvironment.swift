import FoundationEssentials
import PickerCompare
import PickerRender

/// The render environment a snapshot's goldens were recorded in, kept beside them as `<name>.environment.json`
/// (libraries' versions and the font files the labels were shaped with): when a golden later fails on another
/// machine, the failure says first what differs ("pango 1.50.12 → 1.54.0"), not only how many pixels.
enum SnapshotEnvironment {
    /// The record's path for the snapshot `name` in `goldenFolder`.
    static func path(name: String, goldenFolder: String) -> String {
        goldenFolder + "/" + name + ".environment.json"
    }

    /// Writes `environment` as the record at `path` (JSON, sorted keys: the same bytes on every run).
    ///
    /// Throws `SnapshotFailure` when it cannot be written, as writing a golden does.
    static func record(_ environment: RenderEnvironment, at path: String, name: String) throws(SnapshotFailure) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        do {
            try AtomicFile.write(Array(try encoder.encode(environment)) + [0x0A], to: path)
        } catch {
            throw SnapshotFailure(.cannotWrite(name: name, reason: "cannot write \(path): \(error)"))
        }
    }

    /// What differs from the record at `path` to `environment` (libraries, and font files of the same name with
    /// other bytes); empty when there is no record (goldens recorded before records were kept), it cannot be read, or
    /// nothing differs.
    static func changes(from path: String, to environment: RenderEnvironment) -> [String] {
        guard let data = FileManager.default.contents(atPath: path),
            let recorded = try? JSONDecoder().decode(RenderEnvironment.self, from: data)
        else { return [] }
        // The spec may have changed since the goldens were recorded, so a font used on one side only says nothing.
        return recorded.changes(to: environment, sameInputs: false)
    }
}
