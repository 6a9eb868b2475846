import PickerKit

/// What `pickerreel compare --report github` gives GitHub Actions: one `::error` workflow command per file that
/// does not match (shown on the pull request), and a Markdown table for the job's step summary.
///
/// Every name in them is escaped for where it goes: `PlainText.escaped` first (no control character, no line that
/// starts a command), then GitHub's own escaping of a command's data (`%25 %0D %0A`) and properties (also
/// `%3A %2C`); in the step summary, names are Markdown code spans (no link, emphasis or HTML) and other text has
/// its punctuation backslash-escaped.
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
            return command("error", properties: [("file", location), ("title", title)], message: message)
        }.joined()
    }

    /// The step summary: a heading with the verdict, the settings, and a table of the files that do not match,
    /// at most `limit` bytes of UTF-8 (rows that do not fit are counted in a closing line instead).
    public static func stepSummary(_ summary: ComparisonSummary, limit: Int = summaryLimit) -> String {
        let verdict = summary.status == .nothingCompared ? "Nothing compared: no PNG files on either side." : ReportWording.verdict(summary)
        var text = "### pickerreel compare: \(markdown(verdict))\n\n"
        text += "EXPECTED \(code(summary.expected)), ACTUAL \(code(summary.actual))\n\n"
        let differing = summary.differingFiles
        guard !differing.isEmpty else { return String(decoding: Array(text.utf8.prefix(limit)), as: UTF8.self) }
        text += "| file | status | finding |\n|---|---|---|\n"
        var shown = 0
        for file in differing {
            let row = "| \(code(file.path)) | \(markdown(ReportWording.word(file.status))) | \(markdown(ReportWording.finding(file))) |\n"
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

    /// A workflow command line: `::name key=value,…::message` and a newline, every part escaped.
    static func command(_ name: String, properties: [(String, String)], message: String) -> String {
        let fields = properties.map { "\($0.0)=\(property($0.1))" }.joined(separator: ",")
        return "::\(name)\(fields.isEmpty ? "" : " " + fields)::\(data(message))\n"
    }

    /// A workflow command's message: `PlainText.escaped`, then `%`, CR and LF escaped as GitHub documents.
    static func data(_ text: String) -> String {
        PlainText.escaped(text).replacingScalars(["%": "%25", "\r": "%0D", "\n": "%0A"])
    }

    /// A workflow command's property value: also `:` and `,` escaped.
    static func property(_ text: String) -> String {
        data(text).replacingScalars([":": "%3A", ",": "%2C"])
    }

    /// A name as a Markdown code span inside a table cell: no Markdown, link or HTML inside it; its backticks
    /// fenced by a longer run, and `|`, which would end the cell even there, escaped.
    static func code(_ text: String) -> String {
        let escaped = PlainText.escaped(text).replacingScalars(["|": "\\|"])
        var longest = 0
        var run = 0
        for character in escaped {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let padded = escaped.hasPrefix("`") || escaped.hasSuffix("`") || escaped.hasPrefix(" ") ? " \(escaped) " : escaped
        return fence + padded + fence
    }

    /// Plain text in Markdown (a heading or a table cell): the characters that make emphasis, links, images,
    /// HTML, entities, code or a cell's end backslash-escaped, so the text shows as it is.
    static func markdown(_ text: String) -> String {
        var result = ""
        for scalar in PlainText.escaped(text).unicodeScalars {
            if "\\`*_[]<>|!#~&".unicodeScalars.contains(scalar) { result += "\\" }
            result.unicodeScalars.append(scalar)
        }
        return result
    }
}
