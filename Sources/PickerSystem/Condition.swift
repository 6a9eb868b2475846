import Glibc

/// A lock with a POSIX condition variable, where threads wait for a state that others change.
///
/// Kept because the toolchain has no condition variable without Foundation: `Synchronization` has `Mutex` only, and
/// `NSCondition` would link all of Foundation (CoreFoundation and ICU) into every process, a millisecond a start.
package final class Condition: @unchecked Sendable {
    // @unchecked: the mutex guards the state; the condition variable only wakes waiters.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    /// A new condition with its own, unlocked lock.
    package init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Takes the lock.
    package func lock() {
        pthread_mutex_lock(mutex)
    }

    /// Gives the lock back.
    package func unlock() {
        pthread_mutex_unlock(mutex)
    }

    /// Gives the lock back until another thread signals, then takes it again; may also wake without a signal, so
    /// callers wait in a loop over their state.
    package func wait() {
        pthread_cond_wait(condition, mutex)
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
