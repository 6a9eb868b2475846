import PickerKit

/// What a failing comparison's reports tell the reader to do next: where the report is and how to accept what it
/// shows as the goldens, in one line.
///
/// Outside CI the accept path is the command that makes EXPECTED equal ACTUAL (`pickerreel compare E A --update`).
/// In the GitHub Action (scripts/pickerreel-ci.sh) it names the uploaded artifacts and the action's `update: true`
/// input instead of paths on the runner, which a reviewer cannot open. Names are escaped by each report for where
/// they go; a name longer than `nameLimit` characters is cut.
package struct AcceptAdvice: Equatable, Sendable {
    /// The most characters of an artifact name kept.
    package static let nameLimit = 200

    /// The uploaded artifact holding the HTML report, when the run uploads one.
    package var reportArtifact: String?
    /// The uploaded artifact holding the goldens with the render accepted, when the run uploads one.
    package var goldensArtifact: String?

    /// Advice for a comparison run outside CI: the accept command alone.
    package init(reportArtifact: String? = nil, goldensArtifact: String? = nil) {
        self.reportArtifact = Self.name(reportArtifact)
        self.goldensArtifact = Self.name(goldensArtifact)
    }

    /// The advice the GitHub Action asks for through `PICKERREEL_REPORT_ARTIFACT` and `PICKERREEL_ACCEPT_ARTIFACT`
    /// (empty or absent: none).
    package init(environment: [String: String]) {
        self.init(reportArtifact: environment["PICKERREEL_REPORT_ARTIFACT"], goldensArtifact: environment["PICKERREEL_ACCEPT_ARTIFACT"])
    }

    /// True inside the GitHub Action: the accept path is the workflow's, not a command on the runner.
    package var isAction: Bool { reportArtifact != nil || goldensArtifact != nil }

    /// Where the report is, such as `report: the artifact pickerreel-pictures-1a2b3c4d (index.html)`; nil outside CI.
    package var report: String? {
        reportArtifact.map { "report: the artifact \($0) (index.html)" }
    }

    /// How to accept what `summary` shows, such as `to accept: run the workflow with update: true, or comment
    /// /pickerreel accept` or `to accept: pickerreel compare goldens out --update`.
    package func accept(_ summary: ComparisonSummary) -> String {
        guard isAction else { return "to accept: " + Self.acceptCommand(summary) }
        var text = "to accept: run the workflow with update: true, or comment /pickerreel accept"
        if let goldensArtifact { text += ", or commit the artifact \(goldensArtifact) as \(summary.expected)" }
        return text
    }

    /// The one line: the report, then how to accept, such as `report: the artifact X (index.html); to accept: …`.
    package func line(_ summary: ComparisonSummary) -> String {
        [report, accept(summary)].compactMap { $0 }.joined(separator: "; ")
    }

    /// The command that makes EXPECTED equal ACTUAL: exactly what a report of `summary` shows, accepted.
    package static func acceptCommand(_ summary: ComparisonSummary) -> String {
        updateCommand(expected: summary.expected, actual: summary.actual)
    }

    /// `pickerreel compare EXPECTED ACTUAL --update`, each path one shell word (`shellWord`): a command to paste.
    package static func updateCommand(expected: String, actual: String) -> String {
        "pickerreel compare \(shellWord(expected)) \(shellWord(actual)) --update"
    }

    /// `path` as one shell word: as it is when it holds only letters, digits and `/._-+@%,=:`, else in single quotes;
    /// a path that begins with `-` as `./-…`, so that the tool does not read it as an option.
    static func shellWord(_ given: String) -> String {
        let path = given.hasPrefix("-") ? "./" + given : given
        let plain =
            !path.isEmpty
            && path.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || "0123456789/._-+@%,=:".unicodeScalars.contains($0))
            }
        return plain ? path : "'" + path.replacingScalars(["'": "'\\''"]) + "'"
    }

    private static func name(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text.count > nameLimit ? String(text.prefix(nameLimit)) + "…" : text
    }
}
