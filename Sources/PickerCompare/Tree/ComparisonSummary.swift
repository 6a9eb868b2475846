/// Everything one comparison found: every relative path on either side in order, and how it was compared.
public struct ComparisonSummary: Equatable, Sendable {
    /// The overall verdict.
    public enum Status: String, Codable, Equatable, Sendable {
        /// At least one file, and every file matches.
        case match
        /// At least one file differs, is added, removed, or changed size.
        case differences
        /// Neither side has a PNG file: nothing was compared, which is not a match.
        case nothingCompared = "nothing-compared"
    }

    /// The EXPECTED path as given.
    public var expected: String
    /// The ACTUAL path as given.
    public var actual: String
    /// How pixels were compared.
    public var settings: ComparisonSettings
    /// How many differing pixels a file may have.
    public var tolerance: Tolerance
    /// One entry per relative path found on either side, sorted by path.
    public var files: [FileComparison]
    /// What differs between the render environments the two sides were made in, one phrase each
    /// (`pango 1.50.12 → 1.54.0`, `font Inter-Regular.otf: other file`), from their folders' render manifests; empty
    /// when they were made alike or a side has no manifest.
    public var environmentChanges: [String] = []
    /// How the worst contrast of a label, icon or the highlight moved, one line each.
    ///
    /// Such as `period: Week: text 4.83:1 → 3.92:1, below 4.5:1`, from the contrast sections `render --audit` writes
    /// into the render manifests of folders that do not match; empty when neither side measured or nothing moved.
    /// Review information only: it never changes the status.
    public var contrastChanges: [String] = []
    /// Where the reports `merge-reports` joined disagree about a file.
    ///
    /// With each other or with the pictures compared again, one line each (`b/frame-0001.png: report-0.json says match; compared again: differs`); the worse verdict
    /// stands. Empty for a single compare.
    public var disagreements: [String] = []

    /// Creates a summary.
    package init(
        expected: String, actual: String, settings: ComparisonSettings = ComparisonSettings(), tolerance: Tolerance = .exact,
        files: [FileComparison]
    ) {
        self.expected = expected
        self.actual = actual
        self.settings = settings
        self.tolerance = tolerance
        self.files = files
    }

    /// The verdict: `nothingCompared` for no files at all, never a match.
    public var status: Status {
        if files.isEmpty { return .nothingCompared }
        return files.allSatisfy(\.matches) ? .match : .differences
    }

    /// True only when there was something to compare and every file matches.
    public var matches: Bool { status == .match }

    /// The files that do not match.
    public var differingFiles: [FileComparison] {
        files.filter { !$0.matches }
    }

    /// How many files have `status`.
    public func count(_ status: FileStatus) -> Int {
        files.count { $0.status == status }
    }
}
