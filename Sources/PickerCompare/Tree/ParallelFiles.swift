import Dispatch
import FoundationEssentials
import PickerKit
import Synchronization

/// The files of a tree compared on every core: each file's comparison is independent (its own reads, decoding and
/// diff picture), so a tree of thousands of frames takes its time divided by the cores.
enum ParallelFiles {
    /// `body(0)`, `body(1)`, … `body(count − 1)` on up to one thread per core, in order; throws the error of the
    /// lowest index that failed, as a loop in order would (the others may have run).
    static func map<Result: Sendable>(count: Int, _ body: @Sendable (Int) throws(CompareError) -> Result) throws(CompareError) -> [Result] {
        let threads = max(1, min(ProcessInfo.processInfo.activeProcessorCount, count))
        guard threads > 1 else { return try (0..<count).map { index throws(CompareError) in try body(index) } }
        let results = Slots<Swift.Result<Result, CompareError>>(count: count)
        let next = Slots<Int>(count: 1)
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            while let index = next.takeNext(below: count) {
                let outcome: Swift.Result<Result, CompareError>
                do throws(CompareError) { outcome = .success(try body(index)) } catch { outcome = .failure(error) }
                results.set(index, outcome)
            }
        }
        return try results.values.map { (slot: Swift.Result<Result, CompareError>?) throws(CompareError) -> Result in
            guard let slot else { throw CompareError(.unreadable(path: "", error: .invalidOption("a file was not compared"))) }
            return try slot.get()
        }
    }

    /// Values written by several threads, one slot each, under a lock.
    final class Slots<Value: Sendable>: Sendable {
        private let slots: Mutex<[Value?]>
        private let taken = Mutex(0)

        init(count: Int) { slots = Mutex(Array(repeating: nil, count: count)) }

        /// The values set so far, nil where none was.
        var values: [Value?] { slots.withLock { $0 } }

        func set(_ index: Int, _ value: Value) {
            slots.withLock { $0[index] = value }
        }

        /// The next index not yet taken, below `count`; nil when all are.
        func takeNext(below count: Int) -> Int? {
            taken.withLock { taken in
                guard taken < count else { return nil }
                taken += 1
                return taken - 1
            }
        }
    }
}
