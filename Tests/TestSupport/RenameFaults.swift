import Synchronization

/// Makes the n-th rename of a commit fail, to test that every failure point rolls back: `shouldFail` is handed to
/// the output folder as its `failsRename`.
public final class RenameFaults: Sendable {
    private let count = Mutex(0)
    private let failing: Int

    /// Fails rename number `failing`, counting from 1.
    public init(failing: Int) {
        self.failing = failing
    }

    /// Counts one rename; true for the one that is to fail.
    @Sendable public func shouldFail() -> Bool {
        count.withLock { count in
            count += 1
            return count == failing
        }
    }

    /// Renames attempted so far.
    public var attempts: Int {
        count.withLock { $0 }
    }
}
