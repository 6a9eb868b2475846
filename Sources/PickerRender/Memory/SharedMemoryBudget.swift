import Glibc
import PickerSystem

/// A budget shared by work side by side (the renders of one batch, the files of one comparison): each takes its
/// share before it starts and gives it back when it ends, so that together they stay within it.
///
/// Work asking for more than the whole budget waits until nothing else holds any, then runs alone. Each takes its
/// share before allocating anything, and holds only one share, so waiting cannot deadlock.
package final class SharedMemoryBudget: @unchecked Sendable {
    // @unchecked: `held` is only touched while holding `condition`'s lock.
    private let condition = Condition()
    private var held = 0
    package let budget: MemoryBudget
    private let trimsFreedMemory: Bool

    /// glibc's `malloc_trim`, which returns the free memory of every arena to the system; nil elsewhere (its header
    /// is not in Swift's Glibc module, so it is looked up by name).
    private static let trimFreedMemory: (@convention(c) (Int) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
    }()

    /// A budget of which nothing is held yet; with `trimsFreedMemory` (as a render wants), each share given back
    /// returns the freed memory to the system, and without it (as compare wants, which keeps freed pictures in the
    /// heap for the next pair) the heap keeps it.
    package init(_ budget: MemoryBudget, trimsFreedMemory: Bool = true) {
        self.budget = budget
        self.trimsFreedMemory = trimsFreedMemory
    }

    /// Waits until `bytes` fit beside what is held (or nothing is held), takes them, runs `body`, gives them back.
    package func withShare<T, Failure: Error>(of bytes: Int, _ body: () throws(Failure) -> T) throws(Failure) -> T {
        let share = min(bytes, budget.bytes)
        condition.lock()
        while held > 0 && held + share > budget.bytes { condition.wait() }
        held += share
        condition.unlock()
        defer {
            // Give the freed pictures back to the system before the next render takes this share: glibc keeps
            // freed memory in the arena of the thread that used it, so renders on other threads would add to it.
            if share > 0, trimsFreedMemory { _ = Self.trimFreedMemory?(0) }
            condition.lock()
            held -= share
            condition.broadcast()
            condition.unlock()
        }
        return try body()
    }
}
