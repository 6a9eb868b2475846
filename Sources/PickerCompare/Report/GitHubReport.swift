/// What `pickerreel compare --report github` gives GitHub Actions: one `::error` workflow command per file that
/// does not match (shown on the pull request), and a Markdown table for the job's step summary.
public enum GitHubReport {
    /// The most the step summary takes from one comparison, in bytes.
    public static let summaryLimit = 64 * 1024

    /// One `::error file=…,title=…::message` line per file that does not match, each ending in a newline.
    ///
    /// The file is the expected picture when there is one (it is the one committed), else the actual one.
    public static func annotations(_ summary: ComparisonSummary) -> String {
        summary.differingFiles.map { file in
            let location = file.expectedPath ?? file.actualPath ?? file.path
            let title = "pickerreel compare: \(ReportWording.word(file.status))"
            var message = "\(file.path): \(ReportWording.finding(file))"
            if let diff = file.diffPath { message += "; diff in \(diff)" }
            return "::error file=\(property(location)),title=\(property(title))::\(data(message))\n"
        }.joined()
    }

    /// The step summary: a heading with the verdict, the settings, and a table of the files that do not match,
    /// at most `limit` bytes of UTF-8 (rows that do not fit are counted in a closing line instead).
    public static func stepSummary(_ summary: ComparisonSummary, limit: Int = summaryLimit) -> String {
        var text = "### pickerreel compare: \(markdown(ReportWording.verdict(summary)))\n\n"
        text += "EXPECTED <code>\(code(summary.expected))</code>, ACTUAL <code>\(code(summary.actual))</code>\n\n"
        let differing = summary.differingFiles
        guard !differing.isEmpty else { return String(decoding: Array(text.utf8.prefix(limit)), as: UTF8.self) }
        text += "| file | status | finding |\n|---|---|---|\n"
        var shown = 0
        for file in differing {
            let row =
                "| <code>\(code(file.path))</code> | \(ReportWording.word(file.status)) | \(markdown(ReportWording.finding(file))) |\n"
            let closing = "\n…and \(differing.count - shown) more files that do not match (see the JSON or HTML report).\n"
            guard text.utf8.count + row.utf8.count + closing.utf8.count <= limit else {
                text += closing
                return text
            }
            text += row
            shown += 1
        }
        return text
    }

    /// A workflow command's message: `%`, CR and LF escaped.
    static func data(_ text: String) -> String {
        text.replacingScalars(["%": "%25", "\r": "%0D", "\n": "%0A"])
    }

    /// A workflow command's property value: also `:` and `,` escaped.
    static func property(_ text: String) -> String {
        data(text).replacingScalars([":": "%3A", ",": "%2C"])
    }

    /// Text inside `<code>` in a Markdown table: HTML-escaped, and `|` that would end the cell.
    static func code(_ text: String) -> String {
        text.replacingScalars(["&": "&amp;", "<": "&lt;", ">": "&gt;", "|": "&#124;", "\n": " "])
    }

    /// Plain text in a Markdown table cell.
    static func markdown(_ text: String) -> String {
        code(text).replacingScalars(["*": "\\*", "_": "\\_"])
    }
}
