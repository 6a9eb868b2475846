import FoundationEssentials
import PickerKit

/// The text of the HTML report's page: the header, the grid of changed spec-variants, and a section for each.
enum HTMLReportPage {
    typealias ShownSpec = HTMLReport.ShownSpec

    static func document(_ summary: ComparisonSummary, specs: [ShownSpec], advice: AcceptAdvice = AcceptAdvice()) -> String {
        let html = HTMLReport.html
        let counts = [
            ("files", summary.files.count), ("match", summary.count(.match)), ("differs", summary.count(.differs)),
            ("size changed", summary.count(.sizeChanged)), ("added", summary.count(.added)), ("removed", summary.count(.removed)),
        ]
        let countCells = counts.map { #"<th>\#($0.0)</th><td class="count" data-count="\#($0.0)">\#($0.1)</td>"# }.joined()
        let data = "[" + specs.map(specData).joined(separator: ",\n") + "]"
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>pickerreel compare: \(html(summary.status.rawValue))</title>
            <style>
            \(HTMLReportAssets.style)
            </style></head>
            <body>
            <header>
            <h1>pickerreel compare</h1>
            <p class="verdict \(summary.status.rawValue)" id="verdict">\(html(ReportWording.verdict(summary)))</p>
            \(ReportWording.environment(summary).map { #"<p class="environment" id="environment">\#(html($0))</p>"# } ?? "")\(disagreements(summary))
            <p class="roots">EXPECTED <code>\(html(summary.expected))</code>, ACTUAL <code>\(html(summary.actual))</code></p>
            \(accept(summary, advice))<table class="summary" id="summary"><tbody><tr>\(countCells)</tr></tbody></table>
            </header>
            \(specs.isEmpty ? "" : toolbar(specs))
            <div class="grid" id="grid"></div>
            <div id="sections"></div>
            <div id="more" aria-hidden="true"></div>
            <script type="application/json" id="specs">\(data)</script>
            <script>
            \(HTMLReportAssets.script)
            </script>
            </body></html>

            """
    }

    /// How to accept what the page shows, when anything does not match: the command, and the Action's input.
    static func accept(_ summary: ComparisonSummary, _ advice: AcceptAdvice) -> String {
        guard summary.status == .differences else { return "" }
        let html = HTMLReport.html
        var text = #"<p class="accept" id="accept">To accept what this report shows as the goldens: <code>"#
        text += html(AcceptAdvice.acceptCommand(summary)) + "</code>"
        text +=
            advice.isAction
            ? "; in the GitHub Action, run the workflow with <code>update: true</code> or comment <code>/pickerreel accept</code>" : ""
        return text + ".</p>\n"
    }

    /// The contrast changes, then the disagreements of merged reports, a paragraph each, after the environment line;
    /// empty when none.
    static func disagreements(_ summary: ComparisonSummary) -> String {
        let contrast = ReportWording.contrast(summary).map { "\n" + #"<p class="environment contrast">\#(HTMLReport.html($0))</p>"# }
        let disagreements = ReportWording.disagreements(summary).map {
            "\n" + #"<p class="environment disagreement">\#(HTMLReport.html($0))</p>"#
        }
        return (contrast + disagreements).joined()
    }

    /// The filter: a text box on names and a toggle per status found.
    static func toolbar(_ specs: [ShownSpec]) -> String {
        let found = Set(specs.flatMap { $0.spec.differing.map(\.status) })
        let toggles = [FileStatus.differs, .sizeChanged, .removed, .added, .renamed].filter(found.contains).map { status in
            let count = specs.count { $0.spec.differing.contains { $0.status == status } }
            return """
                <label><input type="checkbox" class="status-toggle" value="\(status.rawValue)" checked> \(ReportWording.word(status)) <span class="muted">(\(count))</span></label>
                """
        }.joined(separator: " ")
        return """
            <div class="toolbar" id="toolbar"><input type="search" id="filter" placeholder="Filter by name" aria-label="filter by name"> \(toggles)
            <span class="muted">showing <span id="shown">\(specs.count)</span> of \(specs.count) changed</span></div>
            """
    }

    /// The status a spec-variant's badge shows: the kind of change that ordered it.
    static func badge(_ spec: HTMLReport.ChangedSpec) -> FileStatus {
        switch spec.rank {
        case 0: return spec.frames.contains { $0.status == .sizeChanged } ? .sizeChanged : .differs
        case 1: return .removed
        default: return spec.frames.contains { $0.status == .added } || !spec.frames.contains { $0.status == .renamed } ? .added : .renamed
        }
    }

    static func statuses(_ spec: HTMLReport.ChangedSpec) -> String {
        var seen: [String] = []
        for file in spec.differing where !seen.contains(file.status.rawValue) { seen.append(file.status.rawValue) }
        return seen.joined(separator: " ")
    }

    /// What one entry of the strip says: `frame 12`, `frames 12–30, same change`, `frames 0–11, no change`.
    static func holdLabel(_ spec: HTMLReport.ChangedSpec, _ hold: Range<Int>) -> String {
        if hold.count == 1 { return "frame \(spec.labels[hold.lowerBound])" }
        let range = "frames \(spec.labels[hold.lowerBound])–\(spec.labels[hold.upperBound - 1])"
        return spec.frames[hold.lowerBound].matches ? "\(range), no change" : "\(range), same change"
    }

    /// What the player's clock says at `index`: `frame 12 · 0.400 s`.
    static func clock(_ spec: HTMLReport.ChangedSpec, _ index: Int) -> String {
        let time = spec.times[index].map { NumberText.fixed($0, digits: 3) + " s" }
        let label = spec.labels[index]
        return time == nil || time == label ? label : "frame \(label) · \(time ?? "")"
    }

    /// One changed spec-variant as JSON for the page's script.
    ///
    /// The script draws its card when the grid reaches it and its section when the page is scrolled to it, so that
    /// a report of thousands of files opens at once. It holds the card's name, status, finding and the largest change's frame (`selected`) with its sizes; per frame its pictures'
    /// path (URL-encoded) and which of expected (1), actual (2) and diff (4) there are, its time and clock text;
    /// per hold its first frame, length, status, label and figures; the rate between frames whose time is unknown.
    /// All text is written into the page by the script as text, never as markup.
    static func specData(_ shown: ShownSpec) -> String {
        let spec = shown.spec
        let string = { (text: String) in "\"\(json(text))\"" }
        let size = { (size: ImageSize?) in size.map { "[\($0.width),\($0.height)]" } ?? "null" }
        let selected = spec.largestFrame
        let sizes = self.sizes(spec.frames[selected])
        let status = badge(spec)
        let times = spec.times.map { $0.map { NumberText.fixed($0, digits: 6) } ?? "null" }.joined(separator: ",")
        let clocks = spec.frames.indices.map { string(clock(spec, $0)) }.joined(separator: ",")
        let frames = shown.pictures.map { pictures in
            let flags = (pictures.expected ? 1 : 0) + (pictures.actual ? 2 : 0) + (pictures.diff ? 4 : 0)
            return "[\(string(HTMLReport.url(pictures.path))),\(flags)]"
        }.joined(separator: ",")
        let holds = shown.holds.map { hold in
            let first = spec.frames[hold.lowerBound]
            let figures = first.matches ? "match" : ReportWording.finding(first)
            return "[\(hold.lowerBound),\(hold.count),\(string(first.status.rawValue)),\(string(holdLabel(spec, hold))),\(string(figures))]"
        }.joined(separator: ",")
        return """
            {"name":\(string(spec.name)),"status":\(string(status.rawValue)),"word":\(string(ReportWording.word(status))),\
            "statuses":\(string(statuses(spec))),"rank":\(spec.rank),"largest":\(spec.largestChange),"finding":\(string(spec.finding)),\
            "selected":\(selected),"expectedSize":\(size(sizes.expected)),"actualSize":\(size(sizes.actual)),\
            "fps":\(Int(HTMLReport.ChangedSpec.defaultFPS)),"times":[\(times)],"clock":[\(clocks)],"frames":[\(frames)],"holds":[\(holds)]}
            """
    }

    /// `text` as the inside of a JSON string that sits in a `<script>` element: `<` is written `\u003c`, so no
    /// `</script>` can end it; the characters `PlainText.escape(_:)` names (controls, bidirectional overrides) and
    /// the `[` of `##[` are `\u` escapes too, so the page's source is as safe to print as the tool's other output.
    static func json(_ text: String) -> String {
        var result = ""
        var previous: (Unicode.Scalar?, Unicode.Scalar?) = (nil, nil)
        for scalar in text.unicodeScalars {
            defer { previous = (previous.1, scalar) }
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "<": result += "\\u003c"
            case ">": result += "\\u003e"
            case "&": result += "\\u0026"
            case _ where PlainText.escape(scalar) != nil || (scalar == "[" && previous == ("#", "#")):
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The expected and actual sizes of a frame, where known.
    static func sizes(_ file: FileComparison) -> (expected: ImageSize?, actual: ImageSize?) {
        switch file.outcome {
        case .compared(let pixels): return (pixels.size, pixels.size)
        case .sizeChanged(let expected, let actual): return (expected, actual)
        case .added(let size): return (nil, size)
        case .removed(let size): return (size, nil)
        case .renamed(_, let size): return (size, size)
        }
    }
}
