import PickerKit

/// The audit as JUnit XML (`pickerreel audit --report junit FILE`): a test case per spec-variant and criterion, a
/// `<failure>` when a required criterion's worst moment is below its ratio; below a criterion not required is said
/// in the case's `<system-out>`, so a CI's test view shows it without failing.
package enum AuditJUnitReport {
    /// The XML of `report`, every name escaped (`JUnitReport.escape`).
    package static func xml(_ report: ContrastAuditReport) -> String {
        var cases: [String] = []
        var failures = 0
        for audit in report.audits {
            for measurement in audit.worst {
                let name = JUnitReport.escape("\(measurement.criterion.rawValue) \(measurement.criterion.title)")
                let finding = JUnitReport.escape(AuditWording.finding(measurement))
                var body = ""
                if !measurement.passes, report.required.contains(measurement.criterion) {
                    failures += 1
                    body = "\n      <failure message=\"\(finding)\" type=\"contrast\">\(finding)</failure>\n    "
                } else {
                    body = "\n      <system-out>\(finding)</system-out>\n    "
                }
                cases.append(
                    "    <testcase classname=\"\(JUnitReport.escape(audit.name))\" name=\"\(name)\">\(body)</testcase>")
            }
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="pickerreel audit" tests="\(cases.count)" failures="\(failures)">
              <testsuite name="pickerreel audit" tests="\(cases.count)" failures="\(failures)">
            \(cases.joined(separator: "\n"))
              </testsuite>
            </testsuites>

            """
    }
}
