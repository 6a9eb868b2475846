import FoundationEssentials
import PickerKit
import PickerRender

/// The audit as a page (`pickerreel audit --report html DIR`): `DIR/index.html`, needing nothing beside it, with
/// per spec-variant its worst moments and a strip over time: a column per frame, a row per criterion, its height the
/// frame's lowest ratio over what the criterion asks, red below it.
package enum AuditHTMLReport {
    /// Writes the page into `folder` (made if missing), all or nothing, and returns its path.
    ///
    /// Throws `CompareError` when it cannot be written.
    @discardableResult
    package static func write(_ report: ContrastAuditReport, to folder: String) throws(CompareError) -> String {
        let path = FilePath.join(folder, "index.html")
        do {
            try AtomicFile.write(Array(document(report).utf8), to: path)
        } catch {
            throw CompareError(.cannotWrite(path: path, what: "HTML report", reason: error.description))
        }
        return path
    }

    /// The page.
    package static func document(_ report: ContrastAuditReport) -> String {
        var body = ""
        for audit in report.audits {
            body += "<section><h2>\(HTMLReport.html(audit.name))</h2>\n<table><tr><th>criterion</th><th>worst</th><th>ratio</th>"
            body += "<th>needs</th><th>moment</th></tr>\n"
            for measurement in audit.worst {
                let state = measurement.passes ? "ok" : report.required.contains(measurement.criterion) ? "fail" : "below"
                body += "<tr class=\"\(state)\"><td>\(HTMLReport.html(AuditWording.criterion(measurement.criterion)))</td>"
                body += "<td>\(HTMLReport.html(AuditWording.subject(measurement)))</td><td>\(AuditWording.ratio(measurement.ratio))</td>"
                body +=
                    "<td>\(AuditWording.ratio(measurement.required))</td><td>\(HTMLReport.html(AuditWording.moment(measurement)))</td></tr>\n"
            }
            body += "</table>\n" + strip(audit) + "</section>\n"
        }
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>pickerreel audit</title>
            <style>
            body{font:14px system-ui,sans-serif;margin:2em;color:#1d1d1f}
            table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:.25em .6em;text-align:left}
            tr.fail td{background:#ffd7d5}tr.below td{background:#fff1c2}
            svg{display:block;margin:.3em 0 1.5em}.axis{font-size:11px;fill:#555}
            </style></head><body>
            <h1>pickerreel audit</h1>
            <p>\(HTMLReport.html(AuditWording.verdict(report)))</p>
            <p>WCAG 2.2 contrast on every frame: 1.4.3 labels against the colours beneath their glyphs (4.5:1, 3:1
            large-scale text); 1.4.11 the highlight against what surrounds it and template icons against what is
            beneath them (3:1). The strips show each frame's lowest ratio over what the criterion asks: the line is
            the criterion, red below it.</p>
            \(body)</body></html>

            """
    }

    /// An SVG strip: per criterion a row of bars, one a frame, each titled with its ratio and time.
    static func strip(_ audit: ContrastAudit) -> String {
        let width = max(2, min(6, 960 / max(1, audit.frameCount)))
        let rowHeight = 40
        var rows = ""
        var y = 0
        for criterion in AccessibilityCriterion.allCases {
            let worst = audit.frames.map { frame in frame.filter { $0.criterion == criterion }.min { $0.margin < $1.margin } }
            guard worst.contains(where: { $0 != nil }) else { continue }
            rows += "<text class=\"axis\" x=\"0\" y=\"\(y + 12)\">\(criterion.rawValue)</text>"
            for (index, measurement) in worst.enumerated() {
                guard let measurement else { continue }
                // Up to twice the ratio asked for fills the row; the criterion is at half height.
                let height = max(1, Int((min(measurement.margin, 2) / 2 * Double(rowHeight)).rounded()))
                let color = measurement.passes ? "#34c759" : "#ff3b30"
                let title = HTMLReport.html("frame \(index), \(AuditWording.subject(measurement)) \(AuditWording.ratio(measurement.ratio))")
                rows +=
                    "<rect x=\"\(48 + index * width)\" y=\"\(y + rowHeight - height)\" width=\"\(width)\" height=\"\(height)\" fill=\"\(color)\"><title>\(title)</title></rect>"
            }
            rows +=
                "<line x1=\"48\" x2=\"\(48 + audit.frameCount * width)\" y1=\"\(y + rowHeight / 2)\" y2=\"\(y + rowHeight / 2)\" stroke=\"#1d1d1f\" stroke-dasharray=\"3 2\"/>"
            y += rowHeight + 8
        }
        return
            "<svg width=\"\(48 + audit.frameCount * width)\" height=\"\(max(y, 1))\" role=\"img\" aria-label=\"ratio over time\">\(rows)</svg>\n"
    }
}
