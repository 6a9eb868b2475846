/// Every file compared, in name order, and whether all of them match.
public struct ComparisonSummary: Equatable, Sendable {
    /// One entry per file name found on either side, sorted by name.
    public var files: [FileComparison]

    /// Creates a summary of the given files.
    public init(files: [FileComparison]) {
        self.files = files
    }

    /// True when every file matches (and so for two empty folders).
    public var matches: Bool {
        files.allSatisfy(\.matches)
    }

    /// The files that do not match.
    public var differingFiles: [FileComparison] {
        files.filter { !$0.matches }
    }
}
