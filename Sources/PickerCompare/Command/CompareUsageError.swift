/// A command line `pickerreel compare` cannot run: an unknown flag, a missing or malformed value, flags that
/// exclude each other, or the wrong number of paths. The command exits with status 2 on it.
///
/// Its `description` is one line saying what is wrong with which flag, e.g.
/// `--threshold: expected a number from 0 to 1, found "high"`.
public struct CompareUsageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong, in one line.
    public var description: String

    init(_ description: String) {
        self.description = description
    }
}
