import PickerKit
import PickerRender

extension CompareRun {
    /// Writes the reports of a contrast audit (`pickerreel audit`) as `options.reports` asks, through the writers,
    /// escaping, atomic writes and link refusals compare's reports use, and says whether it passed: it differs
    /// when a criterion `report.required` names fails.
    ///
    /// Only `options.reports` is read. Throws `CompareError` naming a report path through a symbolic link (nothing
    /// written) or a report that cannot be written.
    public func writeAudit(_ report: ContrastAuditReport, printing output: CompareOutput) throws(CompareError) -> Verdict {
        try refuseLinkedReports(diffPath: nil)
        let say = options.reports.contains(.github) ? output.messages : output.results
        for writer in reportWriters(say: say) { try writer.write(report, to: output) }
        return report.fails ? .differs : .matches
    }
}

extension JSONReportWriter {
    func write(_ audit: ContrastAuditReport, to output: CompareOutput) throws(CompareError) {
        let json: String
        do {
            json = try AuditJSONReport(audit).json()
        } catch {
            throw CompareError.report(path: path ?? "standard output", what: "JSON report", reason: "\(error)")
        }
        guard let path else { return output.results(json) }
        try ReportFile.write(json, to: path, what: "JSON report")
    }
}

extension JUnitReportWriter {
    func write(_ audit: ContrastAuditReport, to output: CompareOutput) throws(CompareError) {
        try ReportFile.write(AuditJUnitReport.xml(audit), to: path, what: "JUnit report")
    }
}

extension GitHubReportWriter {
    func write(_ audit: ContrastAuditReport, to output: CompareOutput) throws(CompareError) {
        output.results(AuditGitHubReport.annotations(audit))
        if let stepSummaryFile, !stepSummaryFile.isEmpty {
            try ReportFile.append(AuditGitHubReport.stepSummary(audit), to: stepSummaryFile)
        }
    }
}

extension HTMLReportWriter {
    func write(_ audit: ContrastAuditReport, to output: CompareOutput) throws(CompareError) {
        try AuditHTMLReport.write(audit, to: folder)
    }
}

extension TextReportWriter {
    func write(_ audit: ContrastAuditReport, to output: CompareOutput) throws(CompareError) {
        say(AuditTextReport.text(audit))
    }
}
