import FoundationEssentials
import Glibc
import PickerRender

/// Accepts the pictures of a comparison: makes EXPECTED equal ACTUAL for every file that does not match, all or
/// nothing, so a reviewer can take a change with `pickerreel compare --update`.
///
/// Changed and resized files are replaced by the actual ones, added files copied in, removed files deleted; files
/// that match, and anything that is not a `*.png` in the tree, are left alone. A tree is written through the
/// render's `OutputFolder`, with the same discipline: EXPECTED is locked (a second update or a render into it fails
/// at once), every new file is first copied into a hidden staging folder inside it, and the switch is journalled,
/// undone on failure, never cut in half by SIGINT, SIGTERM or SIGHUP (the tool's signal handling waits for it, or
/// removes the staging), and finished by the next update after a SIGKILL. Folders left empty by removed files are
/// removed.
package enum ExpectedUpdate {
    /// One change made to EXPECTED.
    package struct Change: Equatable, Sendable {
        /// What was done.
        package enum Kind: String, Equatable, Sendable {
            /// An existing picture was replaced by the actual one.
            case replaced
            /// A picture only in ACTUAL was copied in.
            case added
            /// A picture only in EXPECTED was deleted.
            case removed
        }

        /// What was done.
        package var kind: Kind
        /// The file's path relative to EXPECTED (for two files, EXPECTED itself).
        package var path: String

        /// A change of `kind` to `path`.
        package init(kind: Kind, path: String) {
            self.kind = kind
            self.path = path
        }
    }

    /// The changes `apply` would make for `summary`, in path order.
    ///
    /// A renamed file is two changes: its new path added, its old path removed.
    package static func plan(_ summary: ComparisonSummary) -> [Change] {
        summary.differingFiles.flatMap { file in
            switch file.outcome {
            case .added: return [Change(kind: .added, path: file.path)]
            case .removed: return [Change(kind: .removed, path: file.path)]
            case .renamed(let from, _): return [Change(kind: .added, path: file.path), Change(kind: .removed, path: from)]
            case .compared, .sizeChanged: return [Change(kind: .replaced, path: file.path)]
            }
        }.sorted { $0.path.unicodeScalars.lexicographicallyPrecedes($1.path.unicodeScalars) }
    }

    /// Makes EXPECTED equal ACTUAL for the files of `summary` that do not match, and returns what it changed.
    ///
    /// Throws `CompareError` when EXPECTED is being written by another update or render, or a file cannot be staged
    /// (nothing is changed) or switched (what was switched is put back; the message says if that too failed).
    package static func apply(_ summary: ComparisonSummary) throws(CompareError) -> [Change] {
        try apply(summary, through: nil)
    }

    /// Locks the tree EXPECTED (made if missing) before it is compared, so the comparison and the update see the
    /// same files, and finishes the switches that killed updates or renders left in it, at any depth (a plain
    /// compare refuses a tree that holds one).
    ///
    /// Another update or a render into it fails at once. Give the result to `apply(_:through:)`; dropping it (or
    /// `release()`) leaves EXPECTED as it was.
    ///
    /// Throws `CompareError` when EXPECTED is locked by another update or render, or cannot be made or written.
    package static func lock(_ root: String) throws(CompareError) -> LockedTree {
        do {
            let locked = try OutputFolder(destination: URL(fileURLWithPath: root))
            for folder in CompareInput.unfinishedSwitches(in: root) {
                // Locking a folder finishes the switch left in it.
                try OutputFolder(destination: URL(fileURLWithPath: folder)).discard()
            }
            return LockedTree(folder: locked)
        } catch {
            throw CompareError(.updateFailed(path: root, reason: reason(error), rolledBack: true))
        }
    }

    /// The tree EXPECTED, locked by `lock(_:)` until `apply(_:through:)` writes through it or `release()` unlocks it.
    package struct LockedTree {
        let folder: OutputFolder

        /// Unlocks EXPECTED, leaving it as it was.
        package func release() { folder.discard() }
    }

    /// `apply(_:)` through `locked`, the lock `lock(_:)` took before comparing; nil takes it now.
    ///
    /// Throws as `apply(_:)` does.
    package static func apply(_ summary: ComparisonSummary, through tree: LockedTree?) throws(CompareError) -> [Change] {
        let locked = tree?.folder
        let changes = plan(summary)
        guard !changes.isEmpty else {
            locked?.discard()
            return []
        }
        if case .regularFile = FileKind.of(summary.actual) {
            locked?.discard()
            return try replaceFile(summary.expected, with: summary.actual, change: changes[0])
        }
        let root = summary.expected
        let output: OutputFolder
        if let locked {
            output = locked
        } else {
            output = try lock(root).folder
        }
        // A render's manifest in a folder whose pictures change no longer describes them. ACTUAL's, marked as
        // accepted (never up to date for a render), takes its place, so EXPECTED keeps the render environment its
        // goldens now come from; without one in ACTUAL, EXPECTED's goes.
        var manifests: [String] = []
        var accepted: [(name: String, bytes: [UInt8])] = []
        for folder in Set(changes.map { SpecGroup.folder(of: $0.path) }).sorted() {
            let name = folder == "." ? OutputFolder.Names.renderManifest : folder + "/" + OutputFolder.Names.renderManifest
            if let bytes = AcceptedManifest.bytes(ofFolder: folder == "." ? summary.actual : summary.actual + "/" + folder) {
                accepted.append((name, bytes))
            } else if case .regularFile = FileKind.of(root + "/" + name) {
                manifests.append(name)
            }
        }
        let removed = changes.filter { $0.kind == .removed }.map(\.path) + manifests
        do throws(RenderError) {
            for manifest in accepted { try output.write(manifest.bytes, named: manifest.name) }
            for file in summary.differingFiles where file.status != .removed {
                guard let actual = file.actualPath else { continue }
                let bytes: [UInt8]
                do {
                    bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: actual)))
                } catch {
                    throw RenderError.file(path: actual, reason: "cannot read it (\(FileErrors.reason(error)))")
                }
                try output.write(bytes, named: file.path)
            }
            try output.commit(removing: removed)
        } catch {
            output.discard()
            throw CompareError(.updateFailed(path: root, reason: reason(error), rolledBack: !output.needsRecovery))
        }
        removeEmptiedFolders(removed, in: root)
        return changes
    }

    /// The reason an update failed, in the user's terms.
    static func reason(_ error: RenderError) -> String {
        if case .busy = error {
            return "another pickerreel update or render is writing into this folder; wait for it to finish"
        }
        return error.description
    }

    /// Removes the folders inside `root` that the removed files have left empty, innermost first, beneath `root`
    /// without following a link (`OutputFolder.removeEmptiedFolders`).
    static func removeEmptiedFolders(_ removed: [String], in root: String) {
        OutputFolder.removeEmptiedFolders(removed, in: root)
    }

    /// Two single files: the expected file becomes a copy of the actual one, by one atomic rename.
    static func replaceFile(_ expected: String, with actual: String, change: Change) throws(CompareError) -> [Change] {
        var status = stat()
        let existed = lstat(expected, &status) == 0
        do {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: actual)))
            try AtomicFile.write(bytes, to: expected)
        } catch let error as RenderError {
            throw CompareError(.updateFailed(path: expected, reason: error.description, rolledBack: true))
        } catch {
            throw CompareError(.updateFailed(path: expected, reason: FileErrors.reason(error), rolledBack: true))
        }
        return [Change(kind: existed ? change.kind : .added, path: change.path)]
    }
}
