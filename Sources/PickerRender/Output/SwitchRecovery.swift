import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a killed render leaves behind, finished or removed by the next render.
extension OutputFolder {
    /// Finishes the switches that killed renders left in `destination` and removes their staging folders.
    static func recover(_ destination: URL) throws(RenderError) {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: destination.path)) ?? []
        for name in entries.sorted() where Names.isInternal(name) {
            let url = destination.appendingPathComponent(name)
            if name.hasPrefix(Names.commit) {
                let token = String(name.dropFirst(Names.commit.count))
                let backup = destination.appendingPathComponent(Names.backup + token)
                guard let plan = readManifest(in: url) else {
                    removeTree(url)
                    continue
                }
                if !FileManager.default.fileExists(atPath: backup.path) { try makeFolder(backup) }
                var madeFolders: [URL] = []
                try switchForward(
                    plan, from: url, backup: backup, into: destination, resuming: true, failsRename: nil, madeFolders: &madeFolders)
                removeTree(url)
                removeTree(backup)
            }
        }
        // What is left is staging that never reached a switch, and backups of switches that had finished.
        let remaining = (try? FileManager.default.contentsOfDirectory(atPath: destination.path)) ?? []
        for name in remaining where name.hasPrefix(Names.staging) || name.hasPrefix(Names.backup) {
            removeTree(destination.appendingPathComponent(name))
        }
    }

    /// Removes the `.NAME.pickerreel-PID-N` staging folders that killed renders of any spec left beside
    /// `destination` (in its parent): those whose process is gone and that no live render holds locked.
    ///
    /// A render killed while it filled a new folder leaves its whole render there (22 MB for a large spec); the next
    /// render into the same parent, of whatever spec, clears it. An exchange killed after it moved the staging folder
    /// beside the destination, or after the exchange itself (the old files beside), leaves the same kind of folder.
    static func removeStaleStaging(beside destination: URL) {
        let parent = destination.deletingLastPathComponent()
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
        for name in entries where name.hasPrefix(".") {
            guard let marker = name.ranges(of: ".pickerreel-").last else { continue }
            let token = name[marker.upperBound...].split(separator: "-", omittingEmptySubsequences: false)
            guard token.count == 2, let pid = Int32(token[0]), pid > 0, UInt32(token[1]) != nil else { continue }
            guard kill(pid, 0) != 0 && errno == ESRCH else { continue }
            let folder = parent.appendingPathComponent(name)
            let held = open(folder.path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard held >= 0 else { continue }
            defer { close(held) }
            // A render in another PID namespace (a container sharing the folder) is alive though its PID is not
            // seen here: it holds its staging folder locked.
            guard flock(held, LOCK_EX | LOCK_NB) == 0 else { continue }
            removeTree(folder)
        }
    }
}
