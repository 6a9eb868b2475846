import PickerKit

/// The audit for GitHub Actions (`pickerreel audit --report github`): an `::error` per required criterion that
/// fails, a `::warning` per one below its ratio that is not required (at most `GitHubReport.annotationLimit` in
/// all), and a Markdown table of every spec-variant's worst moments for the step summary; escaped as
/// `GitHubReport` escapes compare's.
package enum AuditGitHubReport {
    /// The annotation lines, each ending in a newline.
    package static func annotations(_ report: ContrastAuditReport) -> String {
        var lines: [String] = []
        for audit in report.audits {
            for measurement in audit.worst where !measurement.passes {
                let required = report.required.contains(measurement.criterion)
                var properties = [("title", "pickerreel audit: \(audit.name) \(measurement.criterion.rawValue)")]
                if let file = audit.file { properties.insert(("file", file), at: 0) }
                lines.append(
                    GitHubReport.command(
                        required ? "error" : "warning", properties: properties,
                        message: "\(audit.name): \(AuditWording.finding(measurement))"))
            }
        }
        let limit = GitHubReport.annotationLimit
        guard lines.count > limit else { return lines.joined() }
        let rest = lines.count - (limit - 1)
        return lines.prefix(limit - 1).joined()
            + GitHubReport.command(
                "warning", properties: [("title", "pickerreel audit: \(rest) more")],
                message: "\(rest) more below a criterion (see the step summary or the JSON report)")
    }

    /// The step summary: the verdict and a row per spec-variant and criterion, within `limit` bytes.
    package static func stepSummary(_ report: ContrastAuditReport, limit: Int = GitHubReport.summaryLimit) -> String {
        var text = "### pickerreel audit: \(GitHubReport.markdown(AuditWording.verdict(report)))\n\n"
        text += "| spec | criterion | worst | ratio | needs | moment |\n|---|---|---|---|---|---|\n"
        let rows = report.audits.flatMap { audit in audit.worst.map { (audit, $0) } }
        for (index, (audit, measurement)) in rows.enumerated() {
            let mark = measurement.passes ? "" : report.required.contains(measurement.criterion) ? " ❌" : " ⚠️"
            let row =
                "| \(GitHubReport.code(audit.name)) | \(measurement.criterion.rawValue) \(measurement.criterion.level) | "
                + "\(GitHubReport.markdown(AuditWording.subject(measurement))) | \(AuditWording.ratio(measurement.ratio))\(mark) | "
                + "\(AuditWording.ratio(measurement.required)) | \(GitHubReport.markdown(AuditWording.moment(measurement))) |\n"
            let closing = "\n…and \(rows.count - index) more rows (see the JSON or HTML report).\n"
            guard text.utf8.count + row.utf8.count + closing.utf8.count <= limit else { return text + closing }
            text += row
        }
        return text
    }
}
