#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A mutual-exclusion lock over a POSIX mutex, for the few shared states the renderer guards.
///
/// It stands in for Foundation's `NSLock`, which would link all of Foundation (CoreFoundation and ICU) into
/// every process and cost each start a millisecond. Not recursive: locking it twice on one thread deadlocks.
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

    /// The mutex, for a `Condition` to wait on.
    fileprivate var pointer: UnsafeMutablePointer<pthread_mutex_t> { mutex }
}

/// A lock with a POSIX condition variable, where threads wait for a state that others change (Foundation's
/// `NSCondition`, without Foundation).
package final class Condition: @unchecked Sendable {
    // @unchecked: the mutex guards the state; the condition variable only wakes waiters.
    private let guarding = Lock()
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    /// A new condition with its own, unlocked lock.
    package init() {
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deallocate()
    }

    /// Takes the lock.
    package func lock() {
        guarding.lock()
    }

    /// Gives the lock back.
    package func unlock() {
        guarding.unlock()
    }

    /// Gives the lock back until another thread signals, then takes it again; may also wake without a signal, so
    /// callers wait in a loop over their state.
    package func wait() {
        pthread_cond_wait(condition, guarding.pointer)
    }

    /// Wakes every waiting thread.
    package func broadcast() {
        pthread_cond_broadcast(condition)
    }

    /// Wakes one waiting thread.
    package func signal() {
        pthread_cond_signal(condition)
    }
}
