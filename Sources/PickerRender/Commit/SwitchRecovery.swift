import FoundationEssentials
import Glibc
import PickerKit

/// What a killed render leaves behind, finished or removed by the next render.
///
/// What is found in a destination is input, the tool's own journal included (a pull request can commit one): a
/// switch is finished only when its journal is one the tool writes (`SwitchJournal`) and every file it names is a
/// plain file, or missing, in the commit, backup and destination folders, each reached without following a link.
/// Anything else is refused before anything moves, with one message naming the journal and what to remove.
extension OutputFolder {
    /// Finishes the switches that killed renders left in `destination` (held open as `folder`) and removes their
    /// staging and backup folders (a link among them is removed as a link, never followed).
    ///
    /// Throws `RenderError.file` naming the journal when it is not one the tool would act on, with nothing moved;
    /// or naming the file a finishing switch could not move.
    static func recover(_ destination: URL, in folder: Int32) throws(RenderError) {
        let path = destination.path
        for name in BeneathFolder.names(in: folder).sorted() where name.hasPrefix(Names.commit) {
            let backup = Names.backup + String(name.dropFirst(Names.commit.count))
            let folders: SwitchFolders
            let journal: SwitchJournal
            do {
                journal = try checkedJournal(name, backup: backup, in: folder, path: path)
                folders = try SwitchFolders(destination: folder, path: path, commit: name, backup: backup)
            } catch {
                throw RenderError.file(path: path + "/" + name, reason: refusal(error, commit: name, backup: backup, path: path))
            }
            var made: [String] = []
            // Resuming moves each file on its own, in any order: sorted, names that share folders come together.
            let sorted = SwitchJournal(write: journal.write.sorted(), remove: journal.remove.sorted())
            try switchForward(sorted, through: folders, resuming: true, failsRename: nil, madeFolders: &made)
            retireSwitch(commit: name, backup: backup, in: folder)
        }
        // What is left is staging that never reached a switch, and backups of switches that had finished.
        for name in BeneathFolder.names(in: folder) where name.hasPrefix(Names.staging) || name.hasPrefix(Names.backup) {
            BeneathFolder.removeTree(name, in: folder)
        }
    }

    /// Removes the commit and backup folders of a switch that has moved every file.
    ///
    /// The commit folder is first renamed, in one step, to a staging name (`.pickerreel-new-TOKEN`, which recovery
    /// removes as staging that never reached a switch): a kill while its journal is being deleted would otherwise
    /// leave a commit folder with no journal, which the next render must refuse as not the tool's. When that rename
    /// fails (a folder of that name is there), the commit folder is removed where it is.
    static func retireSwitch(commit: String, backup: String, in folder: Int32) {
        let retired = Names.staging + String(commit.dropFirst(Names.commit.count))
        // Both names are one component inside the folder held open: renameat cannot leave it or follow a link.
        let name = renameat(folder, commit, folder, retired) == 0 ? retired : commit
        BeneathFolder.removeTree(name, in: folder)
        BeneathFolder.removeTree(backup, in: folder)
    }

    /// Why the next output into the folder at `path` would refuse a switch journal there, as `RenderError.file`'s
    /// message (`…/.pickerreel-commit-1: names .bashrc, which is not a file PickerReel writes; …: remove …`), or nil
    /// when every journal there is one the tool would finish (or there is none, or the folder cannot be opened).
    ///
    /// Reads as recovery reads, through no link and nothing outside the folder, and changes nothing: a plain
    /// `compare` of a tree says what `--update` would say, rather than telling the user to run it.
    package static func refusedJournal(in path: String) -> String? {
        let folder = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard folder >= 0 else { return nil }
        defer { close(folder) }
        for name in BeneathFolder.names(in: folder).sorted() where name.hasPrefix(Names.commit) {
            let backup = Names.backup + String(name.dropFirst(Names.commit.count))
            do {
                _ = try checkedJournal(name, backup: backup, in: folder, path: path)
            } catch {
                return "\(path)/\(name): " + refusal(error, commit: name, backup: backup, path: path)
            }
        }
        return nil
    }

    /// The reason a journal is refused, with what to remove: one wording for recovery and for compare.
    private static func refusal(_ problem: JournalProblem, commit: String, backup: String, path: String) -> String {
        "\(problem.reason); this journal was not made by an interrupted render: remove \(path)/\(commit) and \(path)/\(backup)"
    }

    /// The journal in the commit folder `commit` of the destination `folder`, when the tool would act on it: the
    /// commit folder a folder, the backup folder a folder or missing (neither a link), the journal one the tool writes,
    /// and each name it lists a plain file or missing in all three folders, with no link or file on its way.
    ///
    /// Throws `JournalProblem` saying what is wrong; looks at nothing outside `folder` and changes nothing.
    static func checkedJournal(_ commit: String, backup: String, in folder: Int32, path: String) throws(JournalProblem) -> SwitchJournal {
        let commitFolder = try openChecked(commit, in: folder, optional: false, what: "", path: path)
        defer { close(commitFolder) }
        let journal = try readJournal(in: commitFolder)
        let backupFolder = try openChecked(backup, in: folder, optional: true, what: "its backup folder \(path)/\(backup) ", path: path)
        defer { if backupFolder >= 0 { close(backupFolder) } }
        var places = [(commitFolder, path + "/" + commit), (folder, path)]
        if backupFolder >= 0 { places.append((backupFolder, path + "/" + backup)) }
        // In sorted order, names that share folders come together, and each walk opens each folder once.
        let names = (journal.write + journal.remove).sorted()
        for (place, placePath) in places {
            let walk = ParentWalk(in: place)
            for name in names { try checkEntry(name, through: walk, path: placePath) }
        }
        return journal
    }

    /// The folder `name` inside `folder`, opened without following a link; -1 when `optional` and it is missing.
    private static func openChecked(_ name: String, in folder: Int32, optional: Bool, what: String, path: String) throws(JournalProblem)
        -> Int32
    {
        switch BeneathFolder.kind(name, in: folder) {
        case S_IFLNK?: throw JournalProblem("\(what)is a link, not a folder")
        case S_IFDIR?: break
        case .some: throw JournalProblem("\(what)is not a folder")
        case nil:
            if optional { return -1 }
            throw JournalProblem("\(what)is missing")
        }
        let descriptor = BeneathFolder.openFolder(name, in: folder)
        guard descriptor >= 0 else { throw JournalProblem("\(what)cannot be opened (\(String(cString: strerror(errno))))") }
        return descriptor
    }

    /// The journal `.pickerreel-manifest` inside the commit folder held open as `commit`: a plain file of at most
    /// `SwitchJournal.maximumBytes`, read no further, parsed by `SwitchJournal.parse`.
    private static func readJournal(in commit: Int32) throws(JournalProblem) -> SwitchJournal {
        let missing = "is not a journal PickerReel writes (it holds no plain file \(Names.manifest))"
        guard BeneathFolder.kind(Names.manifest, in: commit) == S_IFREG else { throw JournalProblem(missing) }
        let descriptor = openat(commit, Names.manifest, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { throw JournalProblem("its \(Names.manifest) cannot be read (\(String(cString: strerror(errno))))") }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { throw JournalProblem(missing) }
        guard Int(status.st_size) <= SwitchJournal.maximumBytes else {
            throw JournalProblem(SwitchJournal.Refusal.tooLarge(bytes: Int(status.st_size)).reason)
        }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size) + 1)
        var count = 0
        while count < bytes.count {
            let read = bytes.withUnsafeMutableBytes { buffer in
                Glibc.read(descriptor, buffer.baseAddress.map { $0 + count }, buffer.count - count)
            }
            if read < 0, errno == EINTR { continue }
            guard read >= 0 else { throw JournalProblem("its \(Names.manifest) cannot be read (\(String(cString: strerror(errno))))") }
            if read == 0 { break }
            count += read
        }
        do {
            return try SwitchJournal.parse(Array(bytes[..<count]))
        } catch {
            throw JournalProblem(error.reason)
        }
    }

    /// Checks that `name` (a relative path) is a plain file or missing, with only folders on its way,
    /// walked by `walk` (a walk beneath the folder at `path`).
    private static func checkEntry(_ name: String, through walk: ParentWalk, path: String) throws(JournalProblem) {
        let quoted = SwitchJournal.Refusal.quoted(name)
        let parent: Int32
        do {
            parent = try walk.parent(of: name)
        } catch {
            if error.missing { return }
            let what =
                error.what == "a link" ? "is a link" : error.what == "not a folder" ? "is not a folder" : "cannot be opened (\(error.what))"
            throw JournalProblem("names \(quoted), but \(path)/\(error.path) \(what)")
        }
        if let kind = BeneathFolder.kind(BeneathFolder.leaf(of: name), in: parent), kind != S_IFREG {
            throw JournalProblem("names \(quoted), but \(path)/\(quoted) is \(BeneathFolder.words(for: kind)), not a plain file")
        }
    }

    /// Removes the `.NAME.pickerreel-PID-N` staging folders that killed renders of any spec left beside `destination`.
    ///
    /// Those in its parent whose process is gone and that no live render holds locked. A link of that name is left
    /// alone (never followed); a link inside one is removed as a link.
    ///
    /// A render killed while it filled a new folder leaves its whole render there (22 MB for a large spec); the next
    /// render into the same parent, of whatever spec, clears it. An exchange killed after it moved the staging folder
    /// beside the destination, or after the exchange itself (the old files beside), leaves the same kind of folder.
    static func removeStaleStaging(beside destination: URL) {
        let parent = open(destination.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard parent >= 0 else { return }
        defer { close(parent) }
        for name in BeneathFolder.names(in: parent) where name.hasPrefix(".") {
            guard let marker = name.ranges(of: ".pickerreel-").last else { continue }
            let token = name[marker.upperBound...].split(separator: "-", omittingEmptySubsequences: false)
            guard token.count == 2, let pid = Int32(token[0]), pid > 0, UInt32(token[1]) != nil else { continue }
            guard kill(pid, 0) != 0 && errno == ESRCH else { continue }
            let held = BeneathFolder.openFolder(name, in: parent)
            guard held >= 0 else { continue }
            defer { close(held) }
            // A render in another PID namespace (a container sharing the folder) is alive though its PID is not
            // seen here: it holds its staging folder locked.
            guard flock(held, LOCK_EX | LOCK_NB) == 0 else { continue }
            BeneathFolder.removeTree(name, in: parent)
        }
    }
}
