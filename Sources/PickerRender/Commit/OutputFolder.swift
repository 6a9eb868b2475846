import FoundationEssentials
import Glibc
import PickerKit
import PickerSystem
import Synchronization

/// Writes a set of files into a folder all or nothing: readers of the folder see the old files or the new ones,
/// never a mix, whatever fails, whatever signal arrives, even after a SIGKILL.
///
/// - The files are written into a hidden staging folder inside the destination (so the destination may be a
///   mount point: every rename stays on one file system). When the destination did not exist and this output made
///   it (empty), the staging folder is beside it instead (`.NAME.pickerreel-PID-N`), and the commit is one rename
///   of the staging folder onto the empty destination.
/// - The destination is locked (`flock` on the folder itself) for the whole render: a second writer fails at once.
/// - A destination that holds only files this commit replaces or removes is switched whole: the staging folder is
///   moved beside it and exchanged with it by one `renameat2(RENAME_EXCHANGE)` (`FolderExchange`).
/// - Otherwise (files of the user's or of other formats stay, a tree of relative paths, a mount point, a file
///   system without the exchange) `commit` switches file by file with a journal (`FileSwitch`): it writes a
///   manifest, renames the staging folder to mark the switch as started, moves each old file that is replaced or
///   removed into a backup folder and each new file into place, then deletes the backup. A failure part-way moves
///   everything back. A switch cut short by SIGKILL is finished by the next `OutputFolder` on the same
///   destination, before it does anything else (`SwitchRecovery`), and staging folders left by killed renders are
///   removed, those beside the destination of every spec in the same parent.
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

    /// The folder the files end up in.
    package let destination: URL
    /// The destination, opened to hold its lock; -1 before it is opened and after a failed start.
    private var descriptor: Int32 = -1
    let token: String
    private(set) var staging: URL {
        didSet { stagingPath = staging.path }
    }
    /// `staging.path`, kept in step with it: each file written is named by appending to it.
    private(set) var stagingPath: String
    /// True when the staging folder is beside a destination this output made, to be renamed onto it whole.
    private var stagesBeside = false
    /// The staging folder beside the destination, opened to hold its lock; -1 when there is none.
    private var stagingDescriptor: Int32 = -1
    /// Asked before each rename of a commit: true makes that rename fail (tests of the rollback; nil otherwise).
    let failsRename: (@Sendable () -> Bool)?
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
    package init(destination: URL, failsRename: (@Sendable () -> Bool)? = nil) throws(RenderError) {
        self.destination = destination.standardizedFileURL
        self.failsRename = failsRename
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
        do {
            descriptor = try Self.openLocked(path)
        } catch {
            undo()
            throw error
        }
        let besideName = Names.beside(destination, token: token)
        // Made empty just now: nothing to recover, and the whole render can be renamed onto it at once (unless the
        // staging folder's longer name would pass the file system's limit of 255 bytes).
        if createdFolders.last == destination, besideName.utf8.count <= 255 {
            stagesBeside = true
            staging = destination.deletingLastPathComponent().appendingPathComponent(besideName)
        }
        do {
            if !stagesBeside { try Self.recover(destination, in: descriptor) }
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

    /// The folder at `path`, opened and locked (`flock`), so that no other render writes into it meanwhile.
    ///
    /// Throws `RenderError.busy` when another render holds it, `RenderError.file` when it cannot be opened.
    private static func openLocked(_ path: String) throws(RenderError) -> Int32 {
        // A render that exchanged the folder whole just now leaves the one it locked beside: lock the one now there.
        for _ in 0..<8 {
            let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard descriptor >= 0 else {
                throw RenderError.file(path: path, reason: "cannot open the folder (\(String(cString: strerror(errno))))")
            }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
                let busy = errno == EWOULDBLOCK
                let reason = String(cString: strerror(errno))
                close(descriptor)
                if busy { throw RenderError.busy(path: path) }
                throw RenderError.file(path: path, reason: "cannot lock the folder (\(reason))")
            }
            var opened = stat()
            var named = stat()
            if fstat(descriptor, &opened) == 0, stat(path, &named) == 0, opened.st_ino != named.st_ino || opened.st_dev != named.st_dev {
                close(descriptor)
                continue
            }
            return descriptor
        }
        throw RenderError.busy(path: path)
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
            if failsRename?() == true {
                discard()
                throw RenderError.file(
                    path: destination.path, reason: "cannot move the files into place (\(String(cString: strerror(EIO))))")
            }
            if POSIXCall.rename(stagingPath, destination.path) == 0 {
                finish()
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
        let keepsOthers: Bool
        do {
            (plan, keepsOthers) = try prepareSwitch(names: names, removing: removing, owns: owns)
            if !keepsOthers, try exchangeWhole() {
                finish()
                return
            }
        } catch {
            discard()
            throw error
        }
        try switchFileByFile(plan)
        finish()
    }

    /// Marks the new files as in place.
    private func finish() {
        setPhase(.finished)
        OutputFolders.shared.complete(self)
    }

    /// Runs the journaled file-by-file switch of `plan`; on failure, undoes it (or leaves it for recovery) and throws.
    private func switchFileByFile(_ plan: SwitchPlan) throws(RenderError) {
        let commitName = Names.commit + token
        let backupName = Names.backup + token
        let commitFolder = destination.appendingPathComponent(commitName)
        do {
            try Self.writeManifest(plan, into: staging, destination: destination)
            try Self.rename(staging, commitFolder)
        } catch {
            discard()
            throw error
        }
        setPhase(.switching)
        var madeFolders: [String] = []
        let folders: SwitchFolders
        do {
            folders = try SwitchFolders(destination: descriptor, path: destination.path, commit: commitName, backup: backupName)
        } catch {
            // Nothing has moved: the commit folder goes, and the destination is as it was.
            BeneathFolder.removeTree(commitName, in: descriptor)
            setPhase(.abandoned)
            Self.removeEmpty(createdFolders)
            OutputFolders.shared.unregister(self)
            throw RenderError.file(path: destination.path, reason: "cannot switch the files: \(error.reason)")
        }
        do {
            try Self.switchForward(plan, through: folders, resuming: false, failsRename: failsRename, madeFolders: &madeFolders)
        } catch {
            do {
                try Self.switchBack(plan, through: folders)
                for folder in madeFolders.reversed() { _ = unlinkat(descriptor, folder, AT_REMOVEDIR) }
                BeneathFolder.removeTree(commitName, in: descriptor)
                BeneathFolder.removeTree(backupName, in: descriptor)
                setPhase(.abandoned)
                Self.removeEmpty(createdFolders)
            } catch {
                // Left for the next render into this folder, which finishes the switch before anything else.
                setPhase(.needsRecovery)
            }
            OutputFolders.shared.unregister(self)
            throw error
        }
        Self.retireSwitch(commit: commitName, backup: backupName, in: descriptor)
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
}
