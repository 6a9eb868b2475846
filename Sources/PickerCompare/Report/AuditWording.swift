import FoundationEssentials
import Glibc
import PickerKit

/// How every audit report words a measurement, so the text, GitHub, JUnit and HTML reports say the same thing.
package enum AuditWording {
    /// A ratio as WCAG writes it, two decimals at most: `3.92:1`, `4.5:1`, `21:1`.
    package static func ratio(_ value: Double) -> String {
        number(value, decimals: 2) + ":1"
    }

    /// `value` with at most `decimals` decimals, trailing zeros dropped.
    package static func number(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "0" }
        let scale = pow(10, Double(decimals))
        var text = String(Int((value * scale).rounded())).paddingLeft(to: decimals + 1)
        text.insert(".", at: text.index(text.endIndex, offsetBy: -decimals))
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// The criterion as WCAG names it: `1.4.3 Contrast (Minimum), AA`.
    package static func criterion(_ criterion: AccessibilityCriterion) -> String {
        "\(criterion.rawValue) \(criterion.title), \(criterion.level)"
    }

    /// What was measured: `text "Week"`, `large text "Week"`, `icon "Mail"`, `highlight`.
    package static func subject(_ measurement: ContrastMeasurement) -> String {
        measurement.item.map { "\(measurement.subject.rawValue) \"\($0)\"" } ?? measurement.subject.rawValue
    }

    /// When: `0.45 s (frame 27)`.
    package static func moment(_ measurement: ContrastMeasurement) -> String {
        "\(number(measurement.time, decimals: 3)) s (frame \(measurement.frame))"
    }

    /// The worst moment in one line: `1.4.3 Contrast (Minimum), AA: text "Week" 3.92:1 at 0.45 s (frame 27), below
    /// 4.5:1`.
    package static func finding(_ measurement: ContrastMeasurement) -> String {
        let verdict = measurement.passes ? "needs \(ratio(measurement.required))" : "below \(ratio(measurement.required))"
        return
            "\(criterion(measurement.criterion)): \(subject(measurement)) \(ratio(measurement.ratio)) at \(moment(measurement)), \(verdict)"
    }

    /// The run's last line: how many spec-variants are below a level, and whether that fails the run.
    package static func verdict(_ report: ContrastAuditReport) -> String {
        let below = report.audits.filter { audit in audit.worst.contains { !$0.passes } }.count
        let count = report.audits.count
        let audits = count == 1 ? "1 spec-variant" : "\(count) spec-variants"
        guard below > 0 else { return "Audited \(audits): every label, icon and highlight meets its criterion on every frame." }
        let failing = report.audits.filter { !$0.failures(requiring: report.required).isEmpty }.count
        if failing > 0 {
            let required = report.required.sorted().map(\.rawValue).joined(separator: ",")
            return "Audited \(audits): \(failing) below a required criterion (--require \(required)): failed."
        }
        return "Audited \(audits): \(below) below a criterion on some frame; a report only (--require 1.4.3,1.4.11 makes it fail)."
    }
}

extension String {
    fileprivate func paddingLeft(to length: Int) -> String {
        let negative = hasPrefix("-")
        var digits = negative ? String(dropFirst()) : self
        while digits.count < length { digits = "0" + digits }
        return negative ? "-" + digits : digits
    }
}
