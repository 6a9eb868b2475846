import PickerKit

/// The JUnit XML report `pickerreel compare --report junit FILE` writes, for CI test viewers: one test suite, one
/// test case per spec folder (one spec in one variant; and per file at the top of the trees), and a `failure` for
/// each that does not match, with the finding as its message and its differing frames (a hold as one line); a change
/// of render environment is a property of the suite and a line of every failure.
package enum JUnitReport {
    /// The XML document for `summary`.
    package static func xml(_ summary: ComparisonSummary) -> String {
        let units = ReviewUnit.units(summary)
        let failures = units.count { !$0.matches }
        let tests = units.count
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<testsuites name="pickerreel compare" tests="\#(tests)" failures="\#(failures)" errors="0">"#,
            #"  <testsuite name="\#(escape("\(summary.expected) vs \(summary.actual)"))" tests="\#(tests)" failures="\#(failures)" errors="0" skipped="0">"#,
            "    <properties>",
            #"      <property name="metric" value="\#(summary.settings.metric.rawValue)"/>"#,
            #"      <property name="threshold" value="\#(NumberText.shortest(summary.settings.threshold))"/>"#,
            #"      <property name="tolerance" value="\#(escape(ReportWording.allowance(summary.tolerance)))"/>"#,
            #"      <property name="status" value="\#(summary.status.rawValue)"/>"#,
        ]
        if let environment = ReportWording.environment(summary) {
            lines.append(#"      <property name="environment" value="\#(escape(environment))"/>"#)
        }
        for line in summary.contrastChanges {
            lines.append(#"      <property name="contrast" value="\#(escape(line))"/>"#)
        }
        for line in ReportWording.disagreements(summary) {
            lines.append(#"      <property name="disagreement" value="\#(escape(line))"/>"#)
        }
        lines.append("    </properties>")
        for unit in units {
            let folder = SpecGroup.folder(of: unit.file?.path ?? "").split(separator: "/").joined(separator: ".")
            let className = folder.isEmpty || folder == "." ? "pickerreel.compare" : "pickerreel.compare.\(folder)"
            let open = #"    <testcase classname="\#(escape(className))" name="\#(escape(unit.title))" file="\#(escape(unit.location))""#
            if unit.matches {
                lines.append(open + "/>")
                continue
            }
            var details: [String] = []
            if let group = unit.group {
                details += group.entries.filter { !$0.first.matches }.map { entry in
                    "\(ReportWording.word(entry.first.status)) \(group.paths(of: entry)): \(ReportWording.finding(entry.first))"
                }
            } else if let file = unit.file {
                if let expected = file.expectedPath { details.append("expected: \(expected)") }
                if let actual = file.actualPath { details.append("actual: \(actual)") }
                if let diff = file.diffPath { details.append("diff: \(diff)") }
            }
            details.append("settings: \(ReportWording.settings(summary))")
            if let environment = ReportWording.environment(summary) { details.append(environment) }
            details += ReportWording.contrast(summary)
            let type = unit.file?.status.rawValue ?? "differs"
            lines.append(open + ">")
            lines.append(
                #"      <failure type="\#(type)" message="\#(escape(unit.message))">\#(details.map(escape).joined(separator: "\n"))</failure>"#
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
