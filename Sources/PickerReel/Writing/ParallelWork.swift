import Dispatch
import FoundationEssentials
import Glibc
import PickerKit
import Synchronization

/// Runs `count` independent jobs on up to `workers` threads and collects the first error of each job, of the type
/// the jobs throw.
///
/// Each thread takes the next job not yet started, in index order, so a long job does not hold back the jobs
/// queued behind it: give the longest first. Jobs must not share non-Sendable state: each creates its own Cairo
/// and Pango objects.
func runInParallel<Failure: Error>(count: Int, workers: Int, _ job: @Sendable (Int) throws(Failure) -> Void) -> [Int: Failure] {
    let failures = FailureBox<Failure>()
    let lanes = max(1, min(workers, count))
    let taken = SharedCounter()
    withoutActuallyEscaping(job) { job in
        let lane: @Sendable () -> Void = {
            while true {
                let index = taken.add(1) - 1
                guard index < count else { return }
                do throws(Failure) {
                    try job(index)
                } catch {
                    failures.record(error, for: index)
                }
            }
        }
        // Threads of its own rather than `DispatchQueue.concurrentPerform`, whose second thread started 0.1 to
        // 2 ms late in a new process (after the first lane had done a seed demo's half). A thread that cannot be
        // made leaves its jobs to the lanes that run.
        let threads = (1..<lanes).compactMap { _ in LaneThread(lane) }
        lane()
        for thread in threads { thread.join() }
    }
    return failures.all
}

/// A POSIX thread: one lane of `runInParallel`, joined before the call returns, or a thread nobody waits for (the
/// tool's signal thread, the preview's watcher and browser launcher).
///
/// A POSIX thread rather than Foundation's `Thread`, which would need Foundation, and rather than Dispatch, whose
/// start costs every process about 0.3 ms.
package final class LaneThread {
    private var thread = pthread_t()

    /// Starts `body` on a new thread (which inherits the caller's blocked signals); nil when none can be made.
    package init?(_ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(LaneBody(body)).toOpaque()
        let started = pthread_create(
            &thread, nil,
            { raw in
                guard let raw else { return nil }
                Unmanaged<LaneBody>.fromOpaque(raw).takeRetainedValue().body()
                return nil
            }, box)
        guard started == 0 else {
            Unmanaged<LaneBody>.fromOpaque(box).release()
            return nil
        }
    }

    /// Waits for the lane to end.
    package func join() {
        pthread_join(thread, nil)
    }

    /// Runs `body` on a new thread that nobody waits for; false when no thread can be made.
    package static func startDetached(_ body: @escaping @Sendable () -> Void) -> Bool {
        guard let started = LaneThread(body) else { return false }
        pthread_detach(started.thread)
        return true
    }
}

/// What a `LaneThread` runs, passed through `pthread_create`'s context pointer.
private final class LaneBody: Sendable {
    let body: @Sendable () -> Void

    init(_ body: @escaping @Sendable () -> Void) {
        self.body = body
    }
}

/// Errors gathered from worker threads.
final class FailureBox<Failure: Error>: Sendable {
    private let errors = Mutex<[Int: Failure]>([:])

    func record(_ error: Failure, for index: Int) {
        errors.withLock { errors in
            if errors[index] == nil { errors[index] = error }
        }
    }

    var all: [Int: Failure] {
        errors.withLock { $0 }
    }
}

/// A counter several threads add to, for progress.
final class SharedCounter: Sendable {
    init() {}
    private let value = Mutex(0)

    /// Adds `amount` and returns the new total.
    func add(_ amount: Int) -> Int {
        value.withLock { value in
            value += amount
            return value
        }
    }
}
