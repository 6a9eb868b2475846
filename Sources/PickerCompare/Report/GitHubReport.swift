import PickerKit

/// What `pickerreel compare --report github` gives GitHub Actions: one `::error` workflow command per file that
/// does not match (shown on the pull request), after one `::warning` naming a change of render environment, and a
/// Markdown table for the job's step summary.
///
/// Every name in them is escaped for where it goes: `PlainText.escaped` first (no control character, no line that
/// starts a command), then GitHub's own escaping of a command's data (`%25 %0D %0A`) and properties (also
/// `%3A %2C`); in the step summary, names are Markdown code spans (no link, emphasis or HTML) and other text has
/// its punctuation backslash-escaped.
package enum GitHubReport {
    /// The most the step summary takes from one comparison, in bytes.
    package static let summaryLimit = 64 * 1024

    /// The most `::error` annotations GitHub shows for one step; beyond them one annotation sums up the rest.
    package static let annotationLimit = 10

    /// One `::error file=…,title=…::message` line per spec folder that does not match (and per file at the top of
    /// the trees), each ending in a newline; at most `annotationLimit`, the last summing up those left over.
    ///
    /// The file is the first differing golden of the folder when there is one (it is the one committed), else the
    /// actual picture.
    /// Each ends with `advice`'s line: where the report is and how to accept (never a path on the runner in the
    /// Action).
    package static func annotations(_ summary: ComparisonSummary, advice: AcceptAdvice = AcceptAdvice()) -> String {
        let units = ReviewUnit.units(summary).filter { !$0.matches }
        let shown = units.count > annotationLimit ? units.prefix(annotationLimit - 1) : units[...]
        // What explains every difference below comes first, as a warning: it is not a failure of its own.
        var text =
            ReportWording.environment(summary).map {
                command("warning", properties: [("title", "pickerreel compare: render environment")], message: $0)
            } ?? ""
        // One warning for every contrast line: GitHub shows at most ten warnings a step.
        if !summary.contrastChanges.isEmpty {
            text += command(
                "warning", properties: [("title", "pickerreel compare: contrast")], message: summary.contrastChanges.joined(separator: "; ")
            )
        }
        text += ReportWording.disagreements(summary).map {
            command("warning", properties: [("title", "pickerreel merge-reports: reports disagree")], message: $0)
        }.joined()
        text += shown.map { unit in
            command(
                "error", properties: [("file", unit.location), ("title", "pickerreel compare: \(unit.title)")],
                message: (advice.isAction ? "\(unit.title): \(unit.finding)" : unit.message) + ". " + advice.line(summary))
        }.joined()
        let rest = units.dropFirst(shown.count)
        if !rest.isEmpty {
            let names = rest.prefix(20).map(\.title).joined(separator: ", ") + (rest.count > 20 ? ", …" : "")
            let message = "\(rest.count) more do not match: \(names) (see the step summary or the HTML report). " + advice.line(summary)
            text += command("error", properties: [("title", "pickerreel compare: \(rest.count) more")], message: message)
        }
        return text
    }

    /// The step summary: a heading with the verdict, the roots, and a table with a row per spec folder that does
    /// not match (and per file at the top of the trees), at most `limit` bytes of UTF-8 (rows that do not fit are
    /// counted in a closing line instead).
    ///
    /// Below the roots, when anything does not match, one line names the spec folders that differ, where the report
    /// is and how to accept (`advice`).
    package static func stepSummary(_ summary: ComparisonSummary, limit: Int = summaryLimit, advice: AcceptAdvice = AcceptAdvice())
        -> String
    {
        let verdict = summary.status == .nothingCompared ? "Nothing compared: no PNG files on either side." : ReportWording.verdict(summary)
        var text = "### pickerreel compare: \(markdown(verdict))\n\n"
        text += "EXPECTED \(code(summary.expected)), ACTUAL \(code(summary.actual))\n\n"
        if let environment = ReportWording.environment(summary) { text += "**\(markdown(environment))**\n\n" }
        if !summary.contrastChanges.isEmpty {
            text += "**Contrast:**\n\n" + summary.contrastChanges.map { "- \(markdown($0))\n" }.joined() + "\n"
        }
        for line in ReportWording.disagreements(summary) { text += "**\(markdown(line))**\n\n" }
        let differing = ReviewUnit.units(summary).filter { !$0.matches }
        guard !differing.isEmpty else { return String(decoding: Array(text.utf8.prefix(limit)), as: UTF8.self) }
        let names = differing.prefix(20).map { code($0.title) }.joined(separator: ", ") + (differing.count > 20 ? ", …" : "")
        let count = differing.count == 1 ? "1 spec folder differs" : "\(ReportWording.grouped(differing.count)) spec folders differ"
        text += "**What to do:** \(count): \(names); \(markdown(advice.line(summary))).\n\n"
        text += "| spec | finding |\n|---|---|\n"
        var shown = 0
        for unit in differing {
            let row = "| \(code(unit.title)) | \(markdown(unit.finding)) |\n"
            let closing = "\n…and \(differing.count - shown) more that do not match (see the JSON or HTML report).\n"
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
