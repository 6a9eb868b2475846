import PickerCompare
import PickerRender

/// The options of `pickerreel compare`, one field per flag.
package struct CompareOptions: Equatable, Sendable {
    /// EXPECTED: the reference PNG file or folder tree (the goldens).
    package var expected: String
    /// ACTUAL: the PNG file or folder tree to check against it.
    package var actual: String
    /// `--metric oklab|yiq`; `ColorMetric.standard` by default.
    package var metric: ColorMetric = .standard
    /// `--threshold T`; nil takes the metric's default.
    package var threshold: Double?
    /// `--max-diff-pixels N` or `--max-diff-ratio R`; none by default.
    package var tolerance: Tolerance = .exact
    /// `--diff OUT`: where diff pictures go.
    package var diffPath: String?
    /// Every `--report`, in the order given.
    package var reports: [CompareReportRequest] = []
    /// `--update`: make EXPECTED equal ACTUAL.
    package var update = false
    /// `--fail-on-change`: with `--update`, exit 1 when the update changed anything.
    package var failsOnChange = false
    /// `--allow-empty`: finding no PNG file on either side exits 0 instead of 2.
    package var allowsEmpty = false
    /// `--verbose`: a line for every file, not only those that differ.
    package var verbose = false
    /// `--memory SIZE`: how much memory the pictures may take at once.
    package var memory = MemoryBudget.standard

    /// Options for comparing `expected` with `actual`, the rest at their defaults.
    package init(expected: String, actual: String) {
        self.expected = expected
        self.actual = actual
    }
}

/// One `--report` of `pickerreel compare`.
package enum CompareReportRequest: Equatable, Sendable {
    /// `--report json` (standard output, instead of the text) or `--report json=FILE`.
    case json(path: String?)
    /// `--report junit FILE`.
    case junit(path: String)
    /// `--report github`: `::error` annotations on standard output, and a table in `$GITHUB_STEP_SUMMARY`.
    case github
    /// `--report html DIR`.
    case html(folder: String)
}
