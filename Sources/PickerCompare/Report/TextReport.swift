import PickerKit

/// The report for people, as `pickerreel compare` prints it: quiet when everything matches (one summary line),
/// otherwise a line per file that does not match and the summary; `verbose` adds a line for every file.
public enum TextReport {
    /// The lines for `summary`, each ending in a newline.
    public static func text(_ summary: ComparisonSummary, verbose: Bool = false) -> String {
        let shown = verbose ? summary.files : summary.differingFiles
        return (shown.map(line) + [PlainText.escaped(ReportWording.verdict(summary))]).joined(separator: "\n") + "\n"
    }

    /// One file's line: its status, its path and what was found, such as
    /// `differs       seed/frame-0003.png: 12 pixels differ (0.0259%), 3 anti-aliased not counted; diff in out/…`.
    public static func line(_ file: FileComparison) -> String {
        let word = ReportWording.word(file.status)
        var line =
            word + String(repeating: " ", count: max(1, 14 - word.count)) + PlainText.escaped(file.path) + ": "
            + ReportWording.finding(file)
        if let diffPath = file.diffPath {
            line += "; diff in " + PlainText.escaped(diffPath)
        }
        return line
    }
}
