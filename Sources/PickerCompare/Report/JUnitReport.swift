import PickerKit

/// The JUnit XML report `pickerreel compare --report junit FILE` writes, for CI test viewers: one test suite, one
/// test case per compared file (named by its relative path, its folder as the class name), and a `failure` with
/// the figures for each file that does not match.
public enum JUnitReport {
    /// The XML document for `summary`.
    public static func xml(_ summary: ComparisonSummary) -> String {
        let failures = summary.differingFiles.count
        let tests = summary.files.count
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<testsuites name="pickerreel compare" tests="\#(tests)" failures="\#(failures)" errors="0">"#,
            #"  <testsuite name="\#(escape("\(summary.expected) vs \(summary.actual)"))" tests="\#(tests)" failures="\#(failures)" errors="0" skipped="0">"#,
            "    <properties>",
            #"      <property name="metric" value="\#(summary.settings.metric.rawValue)"/>"#,
            #"      <property name="threshold" value="\#(ReportWording.number(summary.settings.threshold))"/>"#,
            #"      <property name="tolerance" value="\#(escape(ReportWording.allowance(summary.tolerance)))"/>"#,
            #"      <property name="status" value="\#(summary.status.rawValue)"/>"#,
            "    </properties>",
        ]
        for file in summary.files {
            let folder = file.path.split(separator: "/").dropLast().joined(separator: ".")
            let className = folder.isEmpty ? "pickerreel.compare" : "pickerreel.compare.\(folder)"
            let location = file.expectedPath ?? file.actualPath ?? file.path
            let open = #"    <testcase classname="\#(escape(className))" name="\#(escape(file.path))" file="\#(escape(location))""#
            if file.matches {
                lines.append(open + "/>")
                continue
            }
            var details = [ReportWording.finding(file)]
            if let expected = file.expectedPath { details.append("expected: \(expected)") }
            if let actual = file.actualPath { details.append("actual: \(actual)") }
            if let diff = file.diffPath { details.append("diff: \(diff)") }
            details.append("settings: \(ReportWording.settings(summary))")
            lines.append(open + ">")
            lines.append(
                #"      <failure type="\#(file.status.rawValue)" message="\#(escape(ReportWording.word(file.status) + ": " + ReportWording.finding(file)))">\#(escape(details.joined(separator: "\n")))</failure>"#
            )
            lines.append("    </testcase>")
        }
        lines.append("  </testsuite>")
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` for an XML attribute or element: XML's special characters as entities; newline, carriage return
    /// and tab as character references (`&#10;`), which a parser gives back and attribute normalisation does not
    /// turn into spaces; the other characters `PlainText.escape(_:)` names (which XML 1.0 cannot hold or a
    /// viewer would print raw) as `\u{1B}`; and the `[` of `##[` as `&#91;`, so a CI log that prints the file
    /// runs no legacy workflow command.
    static func escape(_ text: String) -> String {
        var result = ""
        var previous: (Unicode.Scalar?, Unicode.Scalar?) = (nil, nil)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\n", "\r", "\t": result += "&#\(scalar.value);"
            case "[" where previous == ("#", "#"): result += "&#91;"
            default:
                if let escape = PlainText.escape(scalar) {
                    result += escape
                } else if (0xFFFE...0xFFFF).contains(scalar.value) {
                    result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
            previous = (previous.1, scalar)
        }
        return result
    }
}
