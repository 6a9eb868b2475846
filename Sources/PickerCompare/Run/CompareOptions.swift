import PickerRender

/// How a `CompareRun` compares, reports and updates: one field per flag of `pickerreel compare`.
public struct CompareOptions: Equatable, Sendable {
    /// EXPECTED: the reference PNG file or folder tree (the goldens).
    public var expected: String
    /// ACTUAL: the PNG file or folder tree to check against it.
    public var actual: String
    /// `--metric oklab|yiq`; `ColorMetric.standard` by default.
    public var metric: ColorMetric = .standard
    /// `--threshold T`; nil takes the metric's default.
    public var threshold: Double?
    /// `--max-diff-pixels N` or `--max-diff-ratio R`; none by default.
    public var tolerance: Tolerance = .exact
    /// `--diff OUT`: where diff pictures go.
    public var diffPath: String?
    /// Every `--report`, in the order given.
    public var reports: [CompareReportRequest] = []
    /// `--update`: make EXPECTED equal ACTUAL.
    public var update = false
    /// `--fail-on-change`: with `--update`, the run fails when the update changed anything.
    public var failsOnChange = false
    /// `--allow-empty`: finding no PNG file on either side passes instead of being refused.
    public var allowsEmpty = false
    /// `--verbose`: a line for every file, not only those that differ.
    public var verbose = false
    /// `--memory SIZE`: how much memory the pictures may take at once.
    public var memory = MemoryBudget.standard

    /// Options for comparing `expected` with `actual`, the rest at their defaults.
    public init(expected: String, actual: String) {
        self.expected = expected
        self.actual = actual
    }
}

/// One `--report` of `pickerreel compare`: a kind of report and where it goes.
public enum CompareReportRequest: Equatable, Sendable {
    /// `--report json` (standard output, instead of the text) or `--report json=FILE`.
    case json(path: String?)
    /// `--report junit FILE`.
    case junit(path: String)
    /// `--report github`: `::error` annotations on standard output, and a table in `$GITHUB_STEP_SUMMARY`.
    case github
    /// `--report html DIR`.
    case html(folder: String)
}
