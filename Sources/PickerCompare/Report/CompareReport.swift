import Foundation

/// The machine-readable summary `pickerreel compare --report json` prints:
/// `{"files": [...], "match": bool}`, keys sorted so the output is the same on every run.
public struct CompareReport: Codable, Equatable, Sendable {
    /// True when every file matches.
    public var match: Bool
    /// One entry per file name, sorted by name.
    public var files: [FileReport]

    /// Creates a report with the given fields.
    public init(match: Bool, files: [FileReport]) {
        self.match = match
        self.files = files
    }

    /// The report of a comparison.
    public init(_ summary: ComparisonSummary) {
        self.init(match: summary.matches, files: summary.files.map(FileReport.init))
    }

    /// The report as one line of JSON with sorted keys, ending in a newline.
    ///
    /// Throws `EncodingError` only for a ratio that is not a finite number, which a comparison never produces.
    public func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
    }
}
