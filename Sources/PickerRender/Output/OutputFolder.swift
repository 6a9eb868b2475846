import FoundationEssentials
import PickerKit
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a set of files into a folder all or nothing: readers of the folder see the old files or the new ones,
/// never a mix, whatever fails, whatever signal arrives, even after a SIGKILL.
///
/// - The files are written into a hidden staging folder inside the destination (so the destination may be a
///   mount point: every rename stays on one file system). When the destination did not exist and this output made
///   it (empty), the staging folder is beside it instead (`.NAME.pickerreel-PID-N`), and the commit is one rename
///   of the staging folder onto the empty destination: no manifest, no file-by-file switch.
/// - The destination is locked (`flock` on the folder itself) for the whole render: a second writer fails at once.
/// - `commit` writes a manifest, renames the staging folder to mark the switch as started, moves each old file
///   that is replaced or removed into a backup folder and each new file into place, then deletes the backup. A
///   failure part-way moves everything back. A switch cut short by SIGKILL is finished by the next `OutputFolder`
///   on the same destination, before it does anything else, and staging folders left by killed renders are removed,
///   those beside the destination of every spec in the same parent.
/// - While a switch runs, `OutputFolders.interruptAll()` (the signal handler) waits for it to end rather than
///   cutting it in half.
///
/// Names may be relative paths (`spec/frame-0000.png`, as `compare --update` writes a tree of goldens): folders
/// missing in the destination are made by the switch and removed again if it is undone.
///
/// `write` may be called from several threads at once; `commit` and `discard` belong to the one owner.
package final class OutputFolder: @unchecked Sendable {
    // @unchecked: `written` and `phase` live in `progress`'s mutex; `switching` orders commits against the signal
    // handler, and `staging` changes only while holding it; `descriptor` and `createdFolders` are set only while the
    // initializer runs, and the descriptor is closed once (by a failed start or in deinit).

    /// What a render is doing with its folder.
    enum Phase {
        /// Files are being written into the staging folder.
        case writing
        /// The new files are being moved into place.
        case switching
        /// The folder holds the new files.
        case finished
        /// Nothing was switched: the staging folder is gone and the destination is as it was.
        case abandoned
        /// A switch failed and could not be undone; the next output into the destination finishes it.
        case needsRecovery
    }

    /// Names of the hidden entries this type creates inside a destination.
    package enum Names {
        static let prefix = ".pickerreel-"
        static let staging = prefix + "new-"
        static let commit = prefix + "commit-"
        static let backup = prefix + "old-"
        static let manifest = ".pickerreel-manifest"
        /// The render manifest a render writes beside its files (`RenderManifest`), visible: it is the user's record.
        package static let renderManifest = "pickerreel-manifest.json"

        /// True for the hidden entries of a render in progress or cut short, which belong to no output.
        package static func isInternal(_ name: String) -> Bool { name.hasPrefix(prefix) }
        /// True for the journal of a switch: it is there from before the first file is moved until after the last,
        /// so a folder holding one holds old and new files mixed until the next output into it finishes the switch.
        package static func isSwitchJournal(_ name: String) -> Bool { name.hasPrefix(commit) }
    }

    /// The folder the files end up in.
    package let destination: URL
    /// The destination, opened to hold its lock; -1 before it is opened and after a failed start.
    private var descriptor: Int32 = -1
    private let token: String
    private var staging: URL {
        didSet { stagingPath = staging.path }
    }
    /// `staging.path`, kept in step with it: each file written is named by appending to it.
    private var stagingPath: String
    /// True when the staging folder is beside a destination this output made, to be renamed onto it whole.
    private var stagesBeside = false
    /// The staging folder beside the destination, opened to hold its lock; -1 when there is none.
    private var stagingDescriptor: Int32 = -1
    private let faults: RenameFaults?
    /// The files written so far and the phase.
    private let progress = Mutex<(written: Set<String>, phase: Phase)>(([], .writing))
    /// Held by a commit, and by the signal handler's `interrupt`, which waits for a switch to end.
    private let switching = Mutex(())
    /// Folders this output created (missing parents, and the destination itself), outermost first.
    private var createdFolders: [URL] = []

    /// Prepares to write into `destination`: creates it and missing parents, locks it, finishes or undoes what a
    /// killed render left there, and creates the staging folder.
    ///
    /// Throws `RenderError.busy` when another render holds the folder, and `RenderError.file` when the destination
    /// is a file, a dangling symbolic link, or cannot be created or written.
    package init(destination: URL, faults: RenameFaults? = nil) throws(RenderError) {
        self.destination = destination.standardizedFileURL
        self.faults = faults
        token = "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        staging = self.destination.appendingPathComponent(Names.staging + token)
        stagingPath = staging.path
        // Under the write gate: an interrupt comes either before anything is created (and this throws) or once the
        // folder is registered (and the signal handler removes what was created), never in between.
        let failure = OutputFolders.shared.whileNotInterrupted { () -> RenderError? in
            do throws(RenderError) {
                try prepare()
            } catch {
                return error
            }
            OutputFolders.shared.register(self)
            return nil
        }
        switch failure {
        case .none: throw RenderError.file(path: self.destination.path, reason: "the render was interrupted")
        case .some(.some(let error)): throw error
        case .some(.none): break
        }
    }

    /// Creates, locks and recovers the destination and creates the staging folder; on failure, undoes what it did.
    private func prepare() throws(RenderError) {
        let path = destination.path
        var status = stat()
        if lstat(path, &status) == 0 {
            if status.st_mode & S_IFMT == S_IFLNK, stat(path, &status) != 0 {
                throw RenderError.file(
                    path: path, reason: "is a symbolic link to a folder that does not exist; create it or choose another output folder")
            }
            guard status.st_mode & S_IFMT == S_IFDIR else {
                throw RenderError.file(path: path, reason: "is a file, not a folder; choose another output folder")
            }
        } else {
            createdFolders = try Self.createFolders(upTo: destination)
        }
        func undo() {
            if descriptor >= 0 { close(descriptor) }
            // Closed once: deinit must not close the number again, which another thread may have been given.
            descriptor = -1
            Self.removeEmpty(createdFolders)
            createdFolders = []
        }
        descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            undo()
            throw RenderError.file(path: path, reason: "cannot open the folder (\(reason))")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let busy = errno == EWOULDBLOCK
            let reason = String(cString: strerror(errno))
            undo()
            if busy { throw RenderError.busy(path: path) }
            throw RenderError.file(path: path, reason: "cannot lock the folder (\(reason))")
        }
        let besideName = ".\(destination.lastPathComponent).pickerreel-\(token)"
        // Made empty just now: nothing to recover, and the whole render can be renamed onto it at once (unless the
        // staging folder's longer name would pass the file system's limit of 255 bytes).
        if createdFolders.last == destination, besideName.utf8.count <= 255 {
            stagesBeside = true
            staging = destination.deletingLastPathComponent().appendingPathComponent(besideName)
        }
        do {
            if !stagesBeside { try Self.recover(destination) }
            try Self.makeFolder(staging)
            if stagesBeside {
                // Held until this output ends: a render of another spec into the same parent leaves it alone.
                stagingDescriptor = open(staging.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
                if stagingDescriptor >= 0 { _ = flock(stagingDescriptor, LOCK_EX | LOCK_NB) }
            }
        } catch {
            undo()
            throw error
        }
        Self.removeStaleStaging(beside: destination)
    }

    deinit {
        if phase == .writing { removeStaging() }
        OutputFolders.shared.unregister(self)
        if descriptor >= 0 { close(descriptor) }
        if stagingDescriptor >= 0 { close(stagingDescriptor) }
    }

    /// Writes one file into the staging folder; several threads may write at once.
    ///
    /// `name` is a file name or a relative path of file names (`spec/frame-0000.png`).
    ///
    /// Throws `RenderError.file` when the file cannot be written, when `name` is not a relative path inside the
    /// folder (empty, absolute, with `.` or `..`, or hidden as the folder's own entries are), or once the process is
    /// being interrupted.
    package func write(_ bytes: [UInt8], named name: String) throws(RenderError) {
        guard Self.isRelativeName(name) else {
            throw RenderError.file(path: destination.appendingPathComponent(name).path, reason: "is not a file name inside the folder")
        }
        // A path joined by hand: URL's `appendingPathComponent` and `path` cost more than writing a small frame.
        let path = stagingPath + "/" + name
        let nested = name.contains("/")
        let outcome: String?? = OutputFolders.shared.whileNotInterrupted {
            if nested, let reason = Self.makeFolders(for: name, inside: staging) { return reason }
            return PlainFile.write(bytes, to: path)
        }
        switch outcome {
        case .none:
            throw RenderError.file(path: destination.path, reason: "the render was interrupted")
        case .some(.some(let reason)):
            throw RenderError.file(path: destination.appendingPathComponent(name).path, reason: "cannot write (\(reason))")
        case .some(.none):
            break
        }
        _ = progress.withLock { $0.written.insert(name) }
    }

    /// Moves every written file into the destination, replacing files of the same names, and removes the files
    /// named in `removing` (relative paths) and those of the destination's own entries that `owns` claims for this
    /// output but that it did not write (frames of an earlier, longer render).
    ///
    /// All or nothing: on any failure the destination is put back as it was and the error is thrown.
    package func commit(removing: [String] = [], removingStale owns: (String) -> Bool = { _ in false }) throws(RenderError) {
        try switching.withLock { _ throws(RenderError) in try switchFiles(removing: removing, owns: owns) }
    }

    /// `commit`'s work, while holding `switching`.
    private func switchFiles(removing: [String], owns: (String) -> Bool) throws(RenderError) {
        let (state, names) = progress.withLock { ($0.phase, $0.written.sorted()) }
        guard state == .writing, !OutputFolders.shared.isInterrupted else {
            throw RenderError.file(path: destination.path, reason: "the render was interrupted")
        }
        if stagesBeside {
            if let faults, faults.shouldFail() {
                discard()
                throw RenderError.file(
                    path: destination.path, reason: "cannot move the files into place (\(String(cString: strerror(EIO))))")
            }
            if POSIXCall.rename(stagingPath, destination.path) == 0 {
                setPhase(.finished)
                OutputFolders.shared.complete(self)
                return
            }
            // Something was put into the destination meanwhile: the staging folder goes into it, and the switch
            // runs file by file, keeping what is there.
            let inside = destination.appendingPathComponent(Names.staging + token)
            guard POSIXCall.rename(stagingPath, inside.path) == 0 else {
                let reason = String(cString: strerror(errno))
                discard()
                throw RenderError.file(path: destination.path, reason: "cannot move the files into place (\(reason))")
            }
            (staging, stagesBeside) = (inside, false)
        }
        let plan: SwitchPlan
        do {
            plan = try prepareSwitch(names: names, removing: removing, owns: owns)
        } catch {
            discard()
            throw error
        }
        let commitFolder = destination.appendingPathComponent(Names.commit + token)
        let backupFolder = destination.appendingPathComponent(Names.backup + token)
        do {
            try Self.writeManifest(plan, into: staging)
            try Self.rename(staging, commitFolder, faults: nil)
        } catch {
            discard()
            throw error
        }
        setPhase(.switching)
        var madeFolders: [URL] = []
        do {
            try Self.makeFolder(backupFolder)
            try Self.switchForward(
                plan, from: commitFolder, backup: backupFolder, into: destination, resuming: false, faults: faults,
                madeFolders: &madeFolders)
        } catch {
            do {
                try Self.switchBack(plan, from: commitFolder, backup: backupFolder, into: destination)
                Self.removeEmpty(madeFolders)
                Self.removeTree(commitFolder)
                Self.removeTree(backupFolder)
                setPhase(.abandoned)
                Self.removeEmpty(createdFolders)
            } catch {
                // Left for the next render into this folder, which finishes the switch before anything else.
                setPhase(.needsRecovery)
            }
            OutputFolders.shared.unregister(self)
            throw error
        }
        Self.removeTree(commitFolder)
        Self.removeTree(backupFolder)
        setPhase(.finished)
        OutputFolders.shared.complete(self)
    }

    /// Removes the staging folder, and the destination and parent folders when this output created them and they
    /// are empty: the destination is as it was.
    package func discard() {
        guard phase == .writing else { return }
        removeStaging()
        OutputFolders.shared.unregister(self)
    }

    /// True when a switch failed and could not be undone: the destination holds some new files until the next
    /// output into it finishes the switch.
    package var needsRecovery: Bool {
        phase == .needsRecovery
    }

    /// Called by the signal handler: waits for a switch in progress to end; abandons a folder still being written.
    ///
    /// Returns true when the new files are in place (the switch had started), false when the destination is as
    /// it was.
    func interrupt() -> Bool {
        switching.withLock { _ in
            let state = phase
            if state == .writing { removeStaging() }
            return state == .finished
        }
    }

    private func removeStaging() {
        Self.removeTree(staging)
        setPhase(.abandoned)
        Self.removeEmpty(createdFolders)
    }

    private var phase: Phase { progress.withLock { $0.phase } }

    private func setPhase(_ new: Phase) {
        progress.withLock { $0.phase = new }
    }

    // MARK: The switch

    /// The files a switch writes and removes, as recorded in its manifest.
    struct SwitchPlan: Equatable {
        var write: [String]
        var remove: [String]
    }

    private func prepareSwitch(names: [String], removing: [String], owns: (String) -> Bool) throws(RenderError) -> SwitchPlan {
        let existing: [String]
        do {
            existing = try FileManager.default.contentsOfDirectory(atPath: destination.path)
        } catch {
            throw RenderError.file(path: destination.path, reason: "cannot list the folder (\(FileErrors.reason(error)))")
        }
        let writing = Set(names)
        var remove: [String] = []
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
        return SwitchPlan(write: names, remove: remove)
    }

    /// Moves old files aside and new files in.
    ///
    /// With `resuming`, safe to run again on a half-done switch (as recovery does): a new file no longer in the
    /// commit folder was moved in already and is left alone.
    ///
    /// Folders that relative paths need and the destination lacks are made, and appended to `madeFolders`
    /// (outermost first) so that an undo can remove them.
    static func switchForward(
        _ plan: SwitchPlan, from commit: URL, backup: URL, into destination: URL, resuming: Bool, faults: RenameFaults?,
        madeFolders: inout [URL]
    ) throws(RenderError) {
        let folders = try SwitchFolders(commit: commit.path, backup: backup.path, destination: destination.path)
        for name in plan.write {
            if resuming, !folders.holds(folders.commit, name) { continue }
            if name.contains("/") {
                madeFolders += try createFolders(upTo: destination.appendingPathComponent(name).deletingLastPathComponent())
            }
            if folders.holds(folders.destination, name) { try moveAside(name, in: folders, backup: backup, faults: faults) }
            try folders.move(name, from: folders.commit, to: folders.destination, faults: faults)
        }
        for name in plan.remove where folders.holds(folders.destination, name) {
            try moveAside(name, in: folders, backup: backup, faults: faults)
        }
    }

    /// Moves `name` from the destination to the same name inside the backup folder, making the folders a relative
    /// path needs there.
    private static func moveAside(_ name: String, in folders: SwitchFolders, backup: URL, faults: RenameFaults?) throws(RenderError) {
        if name.contains("/"), let reason = makeFolders(for: name, inside: backup) {
            let saved = backup.appendingPathComponent(name)
            throw RenderError.file(path: saved.deletingLastPathComponent().path, reason: "cannot create the folder (\(reason))")
        }
        try folders.move(name, from: folders.destination, to: folders.backup, faults: faults)
    }

    /// Puts the destination back as it was before `switchForward` started.
    static func switchBack(_ plan: SwitchPlan, from commit: URL, backup: URL, into destination: URL) throws(RenderError) {
        let folders = try SwitchFolders(commit: commit.path, backup: backup.path, destination: destination.path)
        for name in plan.write.reversed() where !folders.holds(folders.commit, name) && folders.holds(folders.destination, name) {
            try folders.move(name, from: folders.destination, to: folders.commit, faults: nil)
        }
        for name in plan.write + plan.remove where folders.holds(folders.backup, name) {
            try folders.move(name, from: folders.backup, to: folders.destination, faults: nil)
        }
    }

    // MARK: Recovery

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
                    plan, from: url, backup: backup, into: destination, resuming: true, faults: nil, madeFolders: &madeFolders)
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
    /// render into the same parent, of whatever spec, clears it.
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

    // MARK: Files

    static func rename(_ source: URL, _ target: URL, faults: RenameFaults?) throws(RenderError) {
        if let faults, faults.shouldFail() {
            throw RenderError.file(path: target.path, reason: "cannot move the file into place (\(String(cString: strerror(EIO))))")
        }
        guard POSIXCall.rename(source.path, target.path) == 0 else {
            throw RenderError.file(path: target.path, reason: "cannot move the file into place (\(String(cString: strerror(errno))))")
        }
    }

    /// True for a file name or a relative path of names inside a folder: no empty, `.` or `..` component, not
    /// absolute, and not one of the folder's own hidden entries.
    package static func isRelativeName(_ name: String) -> Bool {
        let components = name.split(separator: "/", omittingEmptySubsequences: false)
        guard let first = components.first, !Names.isInternal(String(first)), !name.unicodeScalars.contains("\u{0}") else { return false }
        return components.allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." }
    }

    /// The file type bits of whatever is at `path` (a link itself, not its target), or nil when nothing is there.
    static func kind(_ path: String) -> mode_t? {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode & S_IFMT : nil
    }

    /// The folders a relative path lies in, outermost first: `a/b/c.png` is in `a` and `a/b`.
    ///
    /// Split by hand: Foundation's `deletingLastPathComponent` traps on a one-character name it made itself
    /// (`"a/b"` gives `"a"`, whose parent then traps), which a golden folder named `a` would reach.
    package static func folders(of name: String) -> [String] {
        let components = name.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        return components.indices.map { components[...$0].joined(separator: "/") }
    }

    /// Makes the folders `name` lies in inside `root` (which exists); returns the reason when one cannot be made.
    static func makeFolders(for name: String, inside root: URL) -> String? {
        for folder in folders(of: name) where mkdir(root.appendingPathComponent(folder).path, 0o777) != 0 && errno != EEXIST {
            return String(cString: strerror(errno))
        }
        return nil
    }

    static func isSymbolicLink(_ url: URL) -> Bool {
        var status = stat()
        return lstat(url.path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
    }

    static func makeFolder(_ url: URL) throws(RenderError) {
        guard mkdir(url.path, 0o777) == 0 || errno == EEXIST else {
            throw RenderError.file(
                path: url.deletingLastPathComponent().path, reason: "cannot write in this folder (\(String(cString: strerror(errno))))")
        }
    }

    /// Creates `folder` and its missing parents; returns those created, outermost first.
    static func createFolders(upTo folder: URL) throws(RenderError) -> [URL] {
        var missing: [URL] = []
        var cursor = folder
        while !FileManager.default.fileExists(atPath: cursor.path) && cursor.path != "/" {
            missing.insert(cursor, at: 0)
            cursor = cursor.deletingLastPathComponent()
        }
        var created: [URL] = []
        for url in missing {
            if mkdir(url.path, 0o777) == 0 {
                created.append(url)
            } else if errno != EEXIST {
                let reason = String(cString: strerror(errno))
                removeEmpty(created)
                throw RenderError.file(path: url.path, reason: "cannot create the folder (\(reason))")
            }
        }
        return created
    }

    /// Removes `folders` (innermost first) where they are empty; rmdir fails on anything else.
    static func removeEmpty(_ folders: [URL]) {
        for folder in folders.reversed() { _ = rmdir(folder.path) }
    }

    static func removeTree(_ url: URL) {
        removeTree(atPath: url.path)
    }

    /// Where a directory entry's name starts in its `dirent`.
    private static let entryNameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 19

    /// Removes the file, link or folder at `path` with everything inside; what cannot be removed stays.
    ///
    /// Plain `unlink`, `unlinkat` and `rmdir` calls: the file manager's removal cost a render of 102 frames
    /// more than half a millisecond for folders holding only a manifest.
    static func removeTree(atPath path: String) {
        guard unlink(path) != 0, errno == EISDIR else { return }
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        if descriptor >= 0, let folder = fdopendir(descriptor) {
            var folders: [String] = []
            while let entry = readdir(folder) {
                // Read in place, up to its end: `d_name` as a value is 256 bytes, more than an entry at the end of
                // the directory buffer has (AddressSanitizer's heap-buffer-overflow; OutputFolderRemovalTests).
                let name = String(cString: UnsafeRawPointer(entry).advanced(by: Self.entryNameOffset).assumingMemoryBound(to: CChar.self))
                guard name != ".", name != ".." else { continue }
                if unlinkat(descriptor, name, 0) != 0, errno == EISDIR { folders.append(name) }
            }
            closedir(folder)
            for name in folders { removeTree(atPath: path + "/" + name) }
        } else if descriptor >= 0 {
            close(descriptor)
        }
        rmdir(path)
    }
}

/// Makes the n-th rename of a switch fail, to test that every failure point rolls back.
package final class RenameFaults: Sendable {
    private let count = Mutex(0)
    private let failing: Int

    /// Fails rename number `failing`, counting from 1.
    package init(failing: Int) {
        self.failing = failing
    }

    func shouldFail() -> Bool {
        count.withLock { count in
            count += 1
            return count == failing
        }
    }

    /// Renames attempted so far.
    package var attempts: Int {
        count.withLock { $0 }
    }
}

/// The output folders in use in this process, so a signal handler can leave every one of them whole.
package final class OutputFolders: @unchecked Sendable {
    // @unchecked: `writeGate` is a pthread rwlock (Synchronization has none), which guards itself.

    /// The one registry of this process.
    package static let shared = OutputFolders()
    private let registry = Mutex(Registry())

    private struct Registry {
        /// Weak, so that a folder dropped without `commit` or `discard` still reaches its deinit and removes its
        /// staging.
        var folders: [ObjectIdentifier: WeakFolder] = [:]
        var interrupted = false
        /// Destinations whose switch finished in this process.
        var completed: [String] = []
    }

    private struct WeakFolder {
        weak var folder: OutputFolder?
    }

    /// Shared by file writes, exclusive to `interruptAll`: writers run in parallel, never during the clean-up.
    ///
    /// Allocated once and never freed, as the registry lives as long as the process.
    private let writeGate: UnsafeMutablePointer<pthread_rwlock_t> = {
        let gate = UnsafeMutablePointer<pthread_rwlock_t>.allocate(capacity: 1)
        gate.initialize(to: pthread_rwlock_t())
        pthread_rwlock_init(gate, nil)
        return gate
    }()

    func register(_ folder: OutputFolder) {
        registry.withLock { $0.folders[ObjectIdentifier(folder)] = WeakFolder(folder: folder) }
    }

    func unregister(_ folder: OutputFolder) {
        registry.withLock { $0.folders[ObjectIdentifier(folder)] = nil }
    }

    /// Unregisters a folder whose new files are in place, and remembers it, so that an interrupt later in the process
    /// (another spec of the batch still rendering) still says this one is complete.
    func complete(_ folder: OutputFolder) {
        registry.withLock { registry in
            registry.folders[ObjectIdentifier(folder)] = nil
            registry.completed.append(folder.destination.path)
        }
    }

    /// True once `interruptAll` has run: the process is about to exit.
    package var isInterrupted: Bool {
        registry.withLock { $0.interrupted }
    }

    /// Runs `write` unless the process is being interrupted, holding the write gate so that `interruptAll` cannot
    /// remove a folder while a file is being written into it; nil when interrupted.
    func whileNotInterrupted<T>(_ write: () -> T) -> T? {
        pthread_rwlock_rdlock(writeGate)
        defer { pthread_rwlock_unlock(writeGate) }
        guard !isInterrupted else { return nil }
        return write()
    }

    /// Stops every further write, waits for switches in progress to end, and removes every staging folder.
    ///
    /// Returns the destinations left as they were and those that hold their new files (a switch had started, or
    /// had finished earlier in this process).
    package func interruptAll() -> (unchanged: [String], completed: [String]) {
        pthread_rwlock_wrlock(writeGate)
        defer { pthread_rwlock_unlock(writeGate) }
        let (current, completedBefore) = registry.withLock { registry in
            registry.interrupted = true
            return (registry.folders.values.compactMap(\.folder), registry.completed)
        }
        var completed = completedBefore
        var unchanged: [String] = []
        for folder in current {
            if folder.interrupt() {
                completed.append(folder.destination.path)
            } else {
                unchanged.append(folder.destination.path)
            }
        }
        return (unchanged.sorted(), completed.sorted())
    }
}
