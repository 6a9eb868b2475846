import PickerKit

/// The audit's text for people: per spec-variant its worst moment under each criterion, then the verdict.
package enum AuditTextReport {
    /// The text of `report`, every name escaped (`PlainText.escaped`).
    package static func text(_ report: ContrastAuditReport) -> String {
        var lines: [String] = []
        for audit in report.audits {
            let worst = audit.worst
            guard !worst.isEmpty else {
                lines.append("\(audit.name): nothing measured (no label, icon or highlight drawn)")
                continue
            }
            lines.append("\(audit.name) (\(audit.frameCount) frames):")
            for measurement in worst {
                let mark = measurement.passes ? "  ok    " : report.required.contains(measurement.criterion) ? "  FAIL  " : "  below "
                lines.append(mark + AuditWording.finding(measurement))
            }
        }
        lines.append(AuditWording.verdict(report))
        return lines.map { PlainText.escaped($0) }.joined(separator: "\n") + "\n"
    }
}
