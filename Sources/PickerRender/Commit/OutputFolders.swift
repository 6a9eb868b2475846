import Glibc
import Synchronization

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
