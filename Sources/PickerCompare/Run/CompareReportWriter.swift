import Glibc
import PickerKit
import PickerRender

/// One kind of report a `CompareRun` writes from a summary (or an audit): the one shape every `--report` kind, and
/// the text, take.
protocol CompareReportWriter {
    /// Writes the report of `summary`, to a file or to `output`.
    ///
    /// Throws `CompareError` naming a report file that cannot be written.
    func write(_ summary: ComparisonSummary, to output: CompareOutput) throws(CompareError)

    /// Writes the report of a contrast audit (`pickerreel audit`), to the same file or stream as a summary's.
    ///
    /// Throws `CompareError` naming a report file that cannot be written.
    func write(_ audit: ContrastAuditReport, to output: CompareOutput) throws(CompareError)
}

/// `--report json`: on standard output (instead of the text), or `json=FILE`.
struct JSONReportWriter: CompareReportWriter {
    let path: String?

    func write(_ summary: ComparisonSummary, to output: CompareOutput) throws(CompareError) {
        let json: String
        do {
            json = try JSONReport(summary).json()
        } catch {
            throw CompareError.report(path: path ?? "standard output", what: "JSON report", reason: "\(error)")
        }
        guard let path else { return output.results(json) }
        try ReportFile.write(json, to: path, what: "JSON report")
    }
}

/// `--report junit FILE`.
struct JUnitReportWriter: CompareReportWriter {
    let path: String

    func write(_ summary: ComparisonSummary, to output: CompareOutput) throws(CompareError) {
        try ReportFile.write(JUnitReport.xml(summary), to: path, what: "JUnit report")
    }
}

/// `--report github`: the annotations on standard output, and the table appended to `$GITHUB_STEP_SUMMARY` when set.
struct GitHubReportWriter: CompareReportWriter {
    let stepSummaryFile: String?
    /// Where the report is and how to accept, in each annotation and the summary.
    let advice: AcceptAdvice

    func write(_ summary: ComparisonSummary, to output: CompareOutput) throws(CompareError) {
        output.results(GitHubReport.annotations(summary, advice: advice))
        if let stepSummaryFile, !stepSummaryFile.isEmpty {
            try ReportFile.append(GitHubReport.stepSummary(summary, advice: advice), to: stepSummaryFile)
        }
    }
}

/// `--report html DIR`.
struct HTMLReportWriter: CompareReportWriter {
    let folder: String
    /// The command (and in the Action, the input) that accepts what the page shows.
    let advice: AcceptAdvice

    func write(_ summary: ComparisonSummary, to output: CompareOutput) throws(CompareError) {
        _ = try HTMLReport.write(summary, to: folder, advice: advice)
    }
}

/// The text for people, on the stream `say` writes to.
struct TextReportWriter: CompareReportWriter {
    let verbose: Bool
    let say: @Sendable (String) -> Void

    func write(_ summary: ComparisonSummary, to output: CompareOutput) throws(CompareError) {
        say(TextReport.text(summary, verbose: verbose))
    }
}

extension CompareRun {
    /// Writes the reports `options.reports` asks for, and the text report unless JSON went to standard output;
    /// returns where further lines go (standard error when the GitHub report holds standard output).
    ///
    /// Throws `CompareError.report` naming a report file that cannot be written.
    func writeReports(_ summary: ComparisonSummary, to output: CompareOutput) throws(CompareError) -> @Sendable (String) -> Void {
        // With the GitHub report, standard output is the runner's: it carries the annotations and nothing else,
        // and the text report (and --update's lines) go to standard error, where the log still shows them.
        let say = options.reports.contains(.github) ? output.messages : output.results
        for writer in reportWriters(say: say) { try writer.write(summary, to: output) }
        return say
    }

    /// The writers `options.reports` asks for, and the text's unless JSON goes to standard output: one place that
    /// turns requests into writers, for compare and audit.
    func reportWriters(say: @escaping @Sendable (String) -> Void) -> [any CompareReportWriter] {
        var writers: [any CompareReportWriter] = options.reports.map { request in
            switch request {
            case .json(let path): JSONReportWriter(path: path)
            case .junit(let path): JUnitReportWriter(path: path)
            case .github:
                GitHubReportWriter(stepSummaryFile: environment["GITHUB_STEP_SUMMARY"], advice: AcceptAdvice(environment: environment))
            case .html(let folder): HTMLReportWriter(folder: folder, advice: AcceptAdvice(environment: environment))
            }
        }
        if !options.reports.contains(.json(path: nil)) {
            writers.append(TextReportWriter(verbose: options.verbose, say: say))
        }
        return writers
    }
}

/// How a report reaches its file.
enum ReportFile {
    /// Writes `text` to `path` all or nothing.
    ///
    /// Throws `CompareError.report` when it cannot.
    static func write(_ text: String, to path: String, what: String) throws(CompareError) {
        do {
            try AtomicFile.write(Array(text.utf8), to: path)
        } catch {
            throw CompareError.report(path: path, what: what, reason: error.description)
        }
    }

    /// Appends to the step summary file, creating it if needed, as GitHub expects.
    ///
    /// Throws `CompareError.report` when it cannot.
    static func append(_ text: String, to path: String) throws(CompareError) {
        // The path is the CI runner's own ($GITHUB_STEP_SUMMARY), not a file of a compared tree.
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            throw CompareError.report(path: path, what: "step summary", reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                throw CompareError.report(path: path, what: "step summary", reason: String(cString: strerror(errno)))
            }
            offset += written
        }
    }
}
