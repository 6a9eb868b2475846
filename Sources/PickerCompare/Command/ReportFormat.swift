/// How `pickerreel compare` prints its findings.
public enum ReportFormat: String, CaseIterable, Equatable, Sendable {
    /// A line per file and a summary, for people (the default).
    case text
    /// `CompareReport` as JSON with sorted keys, for programs (`--report json`).
    case json
}
