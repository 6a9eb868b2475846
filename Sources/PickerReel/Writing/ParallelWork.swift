import Dispatch
import Foundation

/// Runs `count` independent jobs on up to `workers` threads and collects the first error of each job.
///
/// Each thread takes the next job not yet started, in index order, so a long job does not hold back the jobs
/// queued behind it: give the longest first. Jobs must not share non-Sendable state: each creates its own Cairo
/// and Pango objects.
package func runInParallel(count: Int, workers: Int, _ job: @Sendable (Int) throws -> Void) -> [Int: any Error] {
    let failures = FailureBox()
    let lanes = max(1, min(workers, count))
    let taken = SharedCounter()
    DispatchQueue.concurrentPerform(iterations: lanes) { _ in
        while true {
            let index = taken.add(1) - 1
            guard index < count else { return }
            do {
                try job(index)
            } catch {
                failures.record(error, for: index)
            }
        }
    }
    return failures.all
}

/// Errors gathered from worker threads.
package final class FailureBox: @unchecked Sendable {
    // @unchecked: `errors` is only touched while holding `lock`.
    private let lock = NSLock()
    private var errors: [Int: any Error] = [:]

    package func record(_ error: any Error, for index: Int) {
        lock.lock()
        if errors[index] == nil { errors[index] = error }
        lock.unlock()
    }

    package var all: [Int: any Error] {
        lock.lock()
        defer { lock.unlock() }
        return errors
    }
}

/// A counter several threads add to, for progress.
package final class SharedCounter: @unchecked Sendable {
    package init() {}
    // @unchecked: `value` is only touched while holding `lock`.
    private let lock = NSLock()
    private var value = 0

    /// Adds `amount` and returns the new total.
    package func add(_ amount: Int) -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += amount
        return value
    }
}
