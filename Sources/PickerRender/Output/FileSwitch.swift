import FoundationEssentials
import PickerKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The file-by-file switch with a journal, for a destination whose other entries must stay where they are (the
/// user's files, other formats' files, a tree of goldens) or that cannot be exchanged whole (a mount point).
extension OutputFolder {
    /// The files a switch writes and removes, as recorded in its manifest.
    struct SwitchPlan: Equatable {
        var write: [String]
        var remove: [String]
    }

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

    /// Moves old files aside and new files in.
    ///
    /// With `resuming`, safe to run again on a half-done switch (as recovery does): a new file no longer in the
    /// commit folder was moved in already and is left alone.
    ///
    /// Folders that relative paths need and the destination lacks are made, and appended to `madeFolders`
    /// (outermost first) so that an undo can remove them.
    static func switchForward(
        _ plan: SwitchPlan, from commit: URL, backup: URL, into destination: URL, resuming: Bool,
        failsRename: (() -> Bool)?, madeFolders: inout [URL]
    ) throws(RenderError) {
        let folders = try SwitchFolders(commit: commit.path, backup: backup.path, destination: destination.path)
        for name in plan.write {
            if resuming, !folders.holds(folders.commit, name) { continue }
            if name.contains("/") {
                madeFolders += try createFolders(upTo: destination.appendingPathComponent(name).deletingLastPathComponent())
            }
            if folders.holds(folders.destination, name) { try moveAside(name, in: folders, backup: backup, failsRename: failsRename) }
            try folders.move(name, from: folders.commit, to: folders.destination, failsRename: failsRename)
        }
        for name in plan.remove where folders.holds(folders.destination, name) {
            try moveAside(name, in: folders, backup: backup, failsRename: failsRename)
        }
    }

    /// Moves `name` from the destination to the same name inside the backup folder, making the folders a relative
    /// path needs there.
    private static func moveAside(_ name: String, in folders: SwitchFolders, backup: URL, failsRename: (() -> Bool)?) throws(RenderError) {
        if name.contains("/"), let reason = makeFolders(for: name, inside: backup) {
            let saved = backup.appendingPathComponent(name)
            throw RenderError.file(path: saved.deletingLastPathComponent().path, reason: "cannot create the folder (\(reason))")
        }
        try folders.move(name, from: folders.destination, to: folders.backup, failsRename: failsRename)
    }

    /// Puts the destination back as it was before `switchForward` started.
    static func switchBack(_ plan: SwitchPlan, from commit: URL, backup: URL, into destination: URL) throws(RenderError) {
        let folders = try SwitchFolders(commit: commit.path, backup: backup.path, destination: destination.path)
        for name in plan.write.reversed() where !folders.holds(folders.commit, name) && folders.holds(folders.destination, name) {
            try folders.move(name, from: folders.destination, to: folders.commit, failsRename: nil)
        }
        for name in plan.write + plan.remove where folders.holds(folders.backup, name) {
            try folders.move(name, from: folders.backup, to: folders.destination, failsRename: nil)
        }
    }

    /// Writes `plan` as the switch's journal into `folder`.
    static func writeManifest(_ plan: SwitchPlan, into folder: URL) throws(RenderError) {
        let document = JSONValue.object(
            JSONObject([
                (key: "write", value: .array(plan.write.map(JSONValue.string))),
                (key: "remove", value: .array(plan.remove.map(JSONValue.string))),
            ]))
        let path = folder.appendingPathComponent(Names.manifest).path
        if let reason = PlainFile.write(Array(JSONWriter.text(of: document).utf8), to: path) {
            throw RenderError.file(path: path, reason: "cannot write (\(reason))")
        }
    }

    /// The plan a switch's journal in `folder` records, or nil when there is none or it cannot be read.
    static func readManifest(in folder: URL) -> SwitchPlan? {
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(Names.manifest).path),
            case .object(let object)? = try? JSONParser.parse([UInt8](data)),
            case .array(let write)? = object["write"], case .array(let remove)? = object["remove"]
        else { return nil }
        func names(_ values: [JSONValue]) -> [String] {
            values.compactMap { value in
                guard case .string(let name) = value, isRelativeName(name) else { return nil }
                return name
            }
        }
        return SwitchPlan(write: names(write), remove: names(remove))
    }
}
