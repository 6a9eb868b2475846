import FoundationEssentials
import Glibc
import PickerKit

/// The file-by-file switch with a journal, for a destination whose other entries must stay where they are (the
/// user's files, other formats' files, a tree of goldens) or that cannot be exchanged whole (a mount point).
extension OutputFolder {
    /// The files a switch writes and removes, as recorded in its journal (`SwitchJournal`, which parses it).
    typealias SwitchPlan = SwitchJournal

    /// The plan of a commit of `names`, and whether the destination keeps entries the commit neither replaces nor
    /// removes (or the names make a tree), so that it cannot be exchanged whole.
    ///
    /// Throws `RenderError.file` when a file would replace a folder or a folder a file, before anything moves.
    func prepareSwitch(names: [String], removing: [String], owns: (String) -> Bool) throws(RenderError) -> (
        plan: SwitchPlan, keepsOthers: Bool
    ) {
        let existing: [String]
        do {
            existing = try FileManager.default.contentsOfDirectory(atPath: destination.path)
        } catch {
            throw RenderError.file(path: destination.path, reason: "cannot list the folder (\(FileErrors.reason(error)))")
        }
        let writing = Set(names)
        var remove: [String] = []
        var keepsOthers = names.contains { $0.contains("/") }
        let destinationPath = destination.path
        for name in existing.sorted() where !Names.isInternal(name) {
            let path = destinationPath + "/" + name
            var status = stat()
            guard lstat(path, &status) == 0 else { continue }
            let isFolder = status.st_mode & S_IFMT == S_IFDIR
            if writing.contains(name), isFolder {
                throw RenderError.file(path: path, reason: "is a folder, and the render writes a file of this name; move the folder away")
            }
            if !writing.contains(name), owns(name), !isFolder { remove.append(name) }
        }
        // Relative paths: the file must not be a folder, and the folders it goes into must be folders or missing.
        for name in names where name.contains("/") {
            let path = destination.appendingPathComponent(name).path
            if Self.kind(path) == S_IFDIR {
                throw RenderError.file(path: path, reason: "is a folder, and this writes a file of this name; move the folder away")
            }
            for folder in Self.folders(of: name) {
                let folderPath = destination.appendingPathComponent(folder).path
                var status = stat()
                if stat(folderPath, &status) == 0, status.st_mode & S_IFMT != S_IFDIR {
                    throw RenderError.file(path: folderPath, reason: "is a file, and this writes a folder of this name; move the file away")
                }
            }
        }
        for name in Set(removing).subtracting(writing).sorted() where Self.isRelativeName(name) {
            if let kind = Self.kind(destination.appendingPathComponent(name).path), kind != S_IFDIR { remove.append(name) }
        }
        let replaced = writing.union(remove)
        keepsOthers = keepsOthers || existing.contains { !Names.isInternal($0) && !replaced.contains($0) }
        return (SwitchPlan(write: names, remove: remove), keepsOthers)
    }

    /// Moves old files aside and new files in, through `folders` (opened beneath the destination, no link followed).
    ///
    /// With `resuming`, safe to run again on a half-done switch (as recovery does): a new file no longer in the
    /// commit folder was moved in already and is left alone.
    ///
    /// Folders that relative paths need and the destination lacks are made, and their relative paths appended to
    /// `madeFolders` (outermost first) so that an undo can remove them.
    static func switchForward(
        _ plan: SwitchPlan, through folders: SwitchFolders, resuming: Bool, failsRename: (() -> Bool)?, madeFolders: inout [String]
    ) throws(RenderError) {
        for name in plan.write {
            if resuming, !folders.holds(folders.commit, name) { continue }
            if folders.holds(folders.destination, name) {
                try folders.move(name, from: folders.destination, to: folders.backup, failsRename: failsRename, made: &madeFolders)
            }
            try folders.move(name, from: folders.commit, to: folders.destination, failsRename: failsRename, made: &madeFolders)
        }
        for name in plan.remove where folders.holds(folders.destination, name) {
            try folders.move(name, from: folders.destination, to: folders.backup, failsRename: failsRename, made: &madeFolders)
        }
    }

    /// Puts the destination back as it was before `switchForward` started.
    static func switchBack(_ plan: SwitchPlan, through folders: SwitchFolders) throws(RenderError) {
        var made: [String] = []
        for name in plan.write.reversed() where !folders.holds(folders.commit, name) && folders.holds(folders.destination, name) {
            try folders.move(name, from: folders.destination, to: folders.commit, failsRename: nil, made: &made)
        }
        for name in plan.write + plan.remove where folders.holds(folders.backup, name) {
            try folders.move(name, from: folders.backup, to: folders.destination, failsRename: nil, made: &made)
        }
    }

    /// Writes `plan` as the switch's journal into `folder`.
    ///
    /// Throws `RenderError.file` when the journal could not be read back by a recovery (a name the tool does not
    /// write, more names than a journal may hold), before anything moves, or cannot be written.
    static func writeManifest(_ plan: SwitchPlan, into folder: URL, destination: URL) throws(RenderError) {
        if let refusal = plan.refusal {
            throw RenderError.file(
                path: destination.path, reason: "cannot switch the files: the switch's journal would be refused, as it \(refusal.reason)")
        }
        let path = folder.appendingPathComponent(Names.manifest).path
        if let reason = PlainFile.write(plan.bytes, to: path) {
            throw RenderError.file(path: path, reason: "cannot write (\(reason))")
        }
    }
}
