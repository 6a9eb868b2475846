/// A command line `pickerreel compare` cannot run, for which the command exits with status 2.
///
/// An unknown flag, a missing or malformed value, flags that exclude each other, or the wrong number of paths. Its
/// `description` is one line saying what is wrong with which flag, such as
/// `--threshold: expected a number from 0 to 1, found "high"`.
public struct CompareUsageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong, in one line.
    public var description: String

    init(_ description: String) {
        self.description = description
    }
}
