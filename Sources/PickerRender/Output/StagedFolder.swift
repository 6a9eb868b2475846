import Foundation

/// Writes a set of output files so that a failure never leaves half of them behind: files go into a hidden
/// staging folder beside the destination and are moved into the destination only by `commit()`.
///
/// Files in the destination that the new output does not replace are left alone, except earlier frames of
/// the same naming pattern (`staleFilePattern`), which would otherwise mix two renders.
///
/// `write` may be called from several threads at once (each file is independent); `commit` and `discard`
/// belong to the one owner, after the writers are done.
public final class StagedFolder: @unchecked Sendable {
    // @unchecked: the only state writers share is `written`, and every access to it holds `lock`.
    private let lock = NSLock()
    /// The folder the files end up in.
    public let destination: URL
    /// The hidden folder the files are written to first.
    public let staging: URL
    private var written: [String] = []
    private var committed = false
    private var createdFolders: [URL] = []

    /// Prepares to write into `destination`, creating missing parent folders, and a staging folder beside it.
    ///
    /// Throws `RenderError.file` when the destination is a file, or a folder cannot be created or written.
    public init(destination: URL) throws(RenderError) {
        self.destination = destination.standardizedFileURL
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        if manager.fileExists(atPath: self.destination.path, isDirectory: &isFolder), !isFolder.boolValue {
            throw RenderError.file(path: destination.path, reason: "is a file, not a folder; choose another output folder with -o")
        }
        let parent = self.destination.deletingLastPathComponent()
        // Remember which parent folders we create, so discarding can remove them again.
        var missing: [URL] = []
        var cursor = parent
        while !manager.fileExists(atPath: cursor.path) && cursor.path != "/" {
            missing.insert(cursor, at: 0)
            cursor = cursor.deletingLastPathComponent()
        }
        for folder in missing {
            do {
                try manager.createDirectory(at: folder, withIntermediateDirectories: false)
                createdFolders.append(folder)
            } catch {
                // Another spec of the same batch, staging on another thread, may have created it a moment ago.
                var exists: ObjCBool = false
                if manager.fileExists(atPath: folder.path, isDirectory: &exists), exists.boolValue { continue }
                throw RenderError.file(path: folder.path, reason: "cannot create the folder (\(FileErrors.reason(error)))")
            }
        }
        staging = parent.appendingPathComponent(
            ".\(self.destination.lastPathComponent).pickerreel-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        do {
            try manager.createDirectory(at: staging, withIntermediateDirectories: false)
        } catch {
            removeCreatedFolders()
            throw RenderError.file(path: parent.path, reason: "cannot write in this folder (\(FileErrors.reason(error)))")
        }
        StagingRegistry.shared.register(staging)
    }

    deinit {
        if !committed { discard() }
    }

    /// Writes one file into the staging folder.
    public func write(_ bytes: [UInt8], named name: String) throws(RenderError) {
        let url = staging.appendingPathComponent(name)
        let outcome: String?? = StagingRegistry.shared.whileNotCancelled {
            PlainFile.write(bytes, to: url.path)
        }
        switch outcome {
        case .none:
            throw RenderError.file(path: destination.path, reason: "the render was interrupted")
        case .some(.some(let reason)):
            throw RenderError.file(path: destination.appendingPathComponent(name).path, reason: "cannot write (\(reason))")
        case .some(.none):
            break
        }
        lock.lock()
        written.append(name)
        lock.unlock()
    }

    /// Moves every written file into the destination, replacing files of the same name, removes files matching
    /// `staleFilePattern` that this output did not write, and removes the staging folder.
    public func commit(removingStale isStale: (String) -> Bool = { _ in false }) throws(RenderError) {
        let manager = FileManager.default
        if !manager.fileExists(atPath: destination.path) {
            // A new folder: one rename puts the whole output in place at once.
            do {
                try manager.moveItem(at: staging, to: destination)
                finish()
                return
            } catch {
                throw RenderError.file(path: destination.path, reason: "cannot create the output folder (\(FileErrors.reason(error)))")
            }
        }
        lock.lock()
        let names = written
        lock.unlock()
        let keep = Set(names)
        for name in names {
            let source = staging.appendingPathComponent(name)
            let target = destination.appendingPathComponent(name)
            if rename(source.path, target.path) != 0 {
                let reason = String(cString: strerror(errno))
                throw RenderError.file(path: target.path, reason: "cannot move the new file into place (\(reason))")
            }
        }
        if let existing = try? manager.contentsOfDirectory(atPath: destination.path) {
            for name in existing where !keep.contains(name) && isStale(name) {
                try? manager.removeItem(at: destination.appendingPathComponent(name))
            }
        }
        finish()
    }

    private func finish() {
        committed = true
        try? FileManager.default.removeItem(at: staging)
        StagingRegistry.shared.unregister(staging)
    }

    /// Removes the staging folder and any parent folders this output created; the destination is untouched.
    public func discard() {
        try? FileManager.default.removeItem(at: staging)
        StagingRegistry.shared.unregister(staging)
        removeCreatedFolders()
        committed = true
    }

    private func removeCreatedFolders() {
        for folder in createdFolders.reversed() {
            // Only empty folders go: rmdir fails on anything else.
            _ = rmdir(folder.path)
        }
        createdFolders = []
    }
}

/// The staging folders in use, so a signal handler can remove them before the process exits.
public final class StagingRegistry: @unchecked Sendable {
    // @unchecked: every access to `paths` and `cancelled` holds `lock`; `writeGate` is a pthread rwlock.
    /// The one registry of this process.
    public static let shared = StagingRegistry()
    private let lock = NSLock()
    private var paths: Set<String> = []

    func register(_ url: URL) {
        lock.lock()
        paths.insert(url.path)
        lock.unlock()
    }

    func unregister(_ url: URL) {
        lock.lock()
        paths.remove(url.path)
        lock.unlock()
    }

    private var cancelled = false

    /// True once `removeAll` has run: the process is being interrupted and is about to exit.
    public var isCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return cancelled
    }

    /// Shared by file writes, exclusive to `removeAll`: writers run in parallel, never during a removal.
    ///
    /// Allocated once and never freed, as the registry lives as long as the process.
    private let writeGate: UnsafeMutablePointer<pthread_rwlock_t> = {
        let gate = UnsafeMutablePointer<pthread_rwlock_t>.allocate(capacity: 1)
        gate.initialize(to: pthread_rwlock_t())
        pthread_rwlock_init(gate, nil)
        return gate
    }()

    /// Runs `write` unless the process is being interrupted, holding the write gate so that `removeAll` cannot
    /// remove a folder while a file is being written into it; nil when interrupted.
    func whileNotCancelled<T>(_ write: () -> T) -> T? {
        pthread_rwlock_rdlock(writeGate)
        defer { pthread_rwlock_unlock(writeGate) }
        guard !isCancelled else { return nil }
        return write()
    }

    /// Stops all further writes and removes every staging folder still registered; called on the way out
    /// after a signal.
    public func removeAll() {
        pthread_rwlock_wrlock(writeGate)
        defer { pthread_rwlock_unlock(writeGate) }
        lock.lock()
        cancelled = true
        let current = paths
        paths = []
        lock.unlock()
        for path in current {
            try? FileManager.default.removeItem(atPath: path)
        }
    }
}
