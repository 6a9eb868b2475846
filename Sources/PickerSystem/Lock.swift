#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A mutual-exclusion lock over a POSIX mutex, left for the command-line tool's own uses until they move to
/// `Synchronization.Mutex`, which every other module uses.
///
/// Not recursive: locking it twice on one thread deadlocks.
package final class Lock: @unchecked Sendable {
    // @unchecked: the mutex is what makes the state it guards safe to share.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    /// A new, unlocked lock.
    package init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Waits for the lock and takes it.
    package func lock() {
        pthread_mutex_lock(mutex)
    }

    /// Gives the lock back; only the thread that took it may.
    package func unlock() {
        pthread_mutex_unlock(mutex)
    }

    /// `body`'s result, run while holding the lock.
    package func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}
