/// Everything `pickerreel compare` was asked to do, one field per command-line flag.
public struct CompareOptions: Equatable, Sendable {
    /// EXPECTED: the reference PNG file or folder.
    public var expected: String
    /// ACTUAL: the PNG file or folder to check against it.
    public var actual: String
    /// `--threshold T`: how different two colours may be and still match, 0 to 1; 0.1 by default.
    public var threshold: Double
    /// `--max-diff-pixels N` or `--max-diff-ratio R`: how many differing pixels a file may have; none by default.
    public var tolerance: Tolerance
    /// `--diff OUT`: where to write diff pictures (a folder for folders, a file for files); none by default.
    public var diffPath: String?
    /// `--report json`: how to print the findings; text by default.
    public var report: ReportFormat
    /// `--help`: print the usage text instead of comparing.
    public var showsHelp: Bool

    /// Options with the command's defaults unless given.
    public init(
        expected: String,
        actual: String,
        threshold: Double = ComparisonSettings.defaultThreshold,
        tolerance: Tolerance = .exact,
        diffPath: String? = nil,
        report: ReportFormat = .text,
        showsHelp: Bool = false
    ) {
        self.expected = expected
        self.actual = actual
        self.threshold = threshold
        self.tolerance = tolerance
        self.diffPath = diffPath
        self.report = report
        self.showsHelp = showsHelp
    }
}
