import FoundationEssentials
import PickerKit

/// The text of the HTML report's page: the header, the grid of changed spec-variants, and a section for each.
enum HTMLReportPage {
    typealias ShownSpec = HTMLReport.ShownSpec

    static func document(_ summary: ComparisonSummary, specs: [ShownSpec]) -> String {
        let html = HTMLReport.html
        let counts = [
            ("files", summary.files.count), ("match", summary.count(.match)), ("differs", summary.count(.differs)),
            ("size changed", summary.count(.sizeChanged)), ("added", summary.count(.added)), ("removed", summary.count(.removed)),
        ]
        let countCells = counts.map { #"<th>\#($0.0)</th><td class="count" data-count="\#($0.0)">\#($0.1)</td>"# }.joined()
        let cards = specs.enumerated().map { card($1, index: $0) }.joined(separator: "\n")
        let sections = specs.enumerated().map { section($1, index: $0) }.joined(separator: "\n")
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
            <p class="roots">EXPECTED <code>\(html(summary.expected))</code>, ACTUAL <code>\(html(summary.actual))</code></p>
            <table class="summary" id="summary"><tbody><tr>\(countCells)</tr></tbody></table>
            </header>
            \(specs.isEmpty ? "" : toolbar(specs))
            <div class="grid" id="grid">
            \(cards)
            </div>
            \(sections)
            <script>
            \(HTMLReportAssets.script)
            </script>
            </body></html>

            """
    }

    /// The filter: a text box on names and a toggle per status found.
    static func toolbar(_ specs: [ShownSpec]) -> String {
        let found = Set(specs.flatMap { $0.spec.differing.map(\.status) })
        let toggles = [FileStatus.differs, .sizeChanged, .removed, .added].filter(found.contains).map { status in
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
        default: return .added
        }
    }

    static func statuses(_ spec: HTMLReport.ChangedSpec) -> String {
        var seen: [String] = []
        for file in spec.differing where !seen.contains(file.status.rawValue) { seen.append(file.status.rawValue) }
        return seen.joined(separator: " ")
    }

    /// A card of the grid: the largest change's three pictures, the name and the finding, linked to its section.
    static func card(_ shown: ShownSpec, index: Int) -> String {
        let html = HTMLReport.html
        let spec = shown.spec
        let largest = spec.largestFrame
        let pictures = shown.pictures[largest]
        let sizes = self.sizes(spec.frames[largest])
        let thumbs = [("expected", sizes.expected), ("actual", sizes.actual), ("diff", sizes.actual)].map { label, size in
            figure(label, path: pictures.location(label), size: size, alt: "\(label) of \(spec.name)", classes: "")
        }.joined()
        let status = badge(spec)
        return """
            <article class="card \(status.rawValue)" data-name="\(html(spec.name))" data-statuses="\(statuses(spec))" data-rank="\(spec.rank)" data-largest="\(spec.largestChange)"><a href="#spec-\(index)">
            <div class="thumbs">\(thumbs)</div>
            <h2><span class="badge">\(ReportWording.word(status))</span> <code>\(html(spec.name))</code></h2>
            <p class="finding">\(html(spec.finding))</p></a></article>
            """
    }

    /// A spec-variant's section: the animations side by side, the slider and onion skin, the strip of frames.
    static func section(_ shown: ShownSpec, index: Int) -> String {
        let html = HTMLReport.html
        let spec = shown.spec
        let selected = spec.largestFrame
        let pictures = shown.pictures[selected]
        let sizes = self.sizes(spec.frames[selected])
        let status = badge(spec)
        let player = """
            <div class="player">
            \(figure("expected", path: pictures.location("expected"), size: sizes.expected, alt: "expected animation", classes: "play-expected"))\(figure("actual", path: pictures.location("actual"), size: sizes.actual, alt: "actual animation", classes: "play-actual"))
            <div class="controls"><button type="button" class="play">Play</button>
            <input type="range" class="scrub" min="0" max="\(spec.frames.count - 1)" value="\(selected)" aria-label="frame">
            <span class="clock">\(html(clock(spec, selected)))</span></div>
            </div>
            """
        let views = """
            <div class="views">
            <div class="view"><h3>Slider: expected ◀ ▶ actual, <span class="view-clock">\(html(clock(spec, selected)))</span></h3><div class="stack">\(image(pictures.location("actual"), size: sizes.actual, alt: "actual", classes: "view-actual"))\(image(pictures.location("expected"), size: sizes.expected, alt: "expected", classes: "top wipe view-expected"))</div>
            <input type="range" class="slider" min="0" max="100" value="50" aria-label="slider position"></div>
            <div class="view"><h3>Onion skin: expected over actual, <span class="view-clock">\(html(clock(spec, selected)))</span></h3><div class="stack">\(image(pictures.location("actual"), size: sizes.actual, alt: "actual", classes: "view-actual"))\(image(pictures.location("expected"), size: sizes.expected, alt: "expected", classes: "top fade view-expected"))</div>
            <input type="range" class="onion" min="0" max="100" value="50" aria-label="expected opacity"></div>
            </div>
            """
        return """
            <section id="spec-\(index)" class="spec \(status.rawValue)" data-name="\(html(spec.name))" data-statuses="\(statuses(spec))">
            <h2><span class="badge">\(ReportWording.word(status))</span> <code>\(html(spec.name))</code></h2>
            <p class="finding">\(html(spec.finding))</p>
            <div class="review">\(player)\(views)</div>
            <h3>Frames</h3>
            <ol class="strip"></ol>
            <script type="application/json" class="frames">\(frameData(shown))</script>
            </section>
            """
    }

    /// What one entry of the strip says: `frame 12`, `frames 12–30, same change`, `frames 0–11, no change`.
    static func holdLabel(_ spec: HTMLReport.ChangedSpec, _ hold: Range<Int>) -> String {
        if hold.count == 1 { return "frame \(spec.labels[hold.lowerBound])" }
        let range = "frames \(spec.labels[hold.lowerBound])–\(spec.labels[hold.upperBound - 1])"
        return spec.frames[hold.lowerBound].matches ? "\(range), no change" : "\(range), same change"
    }

    /// What the player's clock says at `index`: `frame 12 · 0.400 s`.
    static func clock(_ spec: HTMLReport.ChangedSpec, _ index: Int) -> String {
        let time = spec.times[index].map { CNumberFormat.string("%.3f s", $0) }
        let label = spec.labels[index]
        return time == nil || time == label ? label : "frame \(label) · \(time ?? "")"
    }

    /// The frames for the page's script, which plays them and builds the strip when the section comes near the
    /// screen (so a report of thousands of frames parses quickly): per frame its pictures' path (URL-encoded) and
    /// which of expected (1), actual (2) and diff (4) there are, its time and clock text; per hold its first frame,
    /// length, status, label and figures; the rate between frames whose time is not known.
    static func frameData(_ shown: ShownSpec) -> String {
        let spec = shown.spec
        let times = spec.times.map { $0.map { CNumberFormat.string("%.6f", $0) } ?? "null" }.joined(separator: ",")
        let clocks = spec.frames.indices.map { "\"\(json(clock(spec, $0)))\"" }.joined(separator: ",")
        let frames = shown.pictures.map { pictures in
            let flags = (pictures.expected ? 1 : 0) + (pictures.actual ? 2 : 0) + (pictures.diff ? 4 : 0)
            return "[\"\(json(HTMLReport.url(pictures.path)))\",\(flags)]"
        }.joined(separator: ",")
        let holds = shown.holds.map { hold in
            let first = spec.frames[hold.lowerBound]
            let figures = first.matches ? "match" : ReportWording.finding(first)
            return "[\(hold.lowerBound),\(hold.count),\"\(first.status.rawValue)\",\"\(json(holdLabel(spec, hold)))\",\"\(json(figures))\"]"
        }.joined(separator: ",")
        return """
            {"fps":\(Int(HTMLReport.ChangedSpec.defaultFPS)),"times":[\(times)],"clock":[\(clocks)],"frames":[\(frames)],"holds":[\(holds)]}
            """
    }

    /// `text` as the inside of a JSON string that sits in a `<script>` element: `<` is written `\u003c`, so no
    /// `</script>` can end it.
    static func json(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "<": result += "\\u003c"
            case ">": result += "\\u003e"
            case "&": result += "\\u0026"
            case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029:
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
        }
    }

    /// A captioned picture, or a captioned blank saying there is none (the picture hidden, for the script to fill).
    static func figure(_ label: String, path: String?, size: ImageSize?, alt: String, classes: String) -> String {
        let blank = #"<div class="none"\#(path == nil ? "" : " hidden")>none</div>"#
        return "<figure>\(image(path, size: size, alt: alt, classes: classes))\(blank)<figcaption>\(label)</figcaption></figure>"
    }

    /// An `<img>` that loads only when it comes near the screen, with its size so the page does not jump; hidden
    /// and without a source when there is no picture.
    static func image(_ path: String?, size: ImageSize?, alt: String, classes: String) -> String {
        let classAttribute = classes.isEmpty ? "" : #" class="\#(classes)""#
        let sizeAttributes = size.map { #" width="\#($0.width)" height="\#($0.height)""# } ?? ""
        let source = path.map { #" src="\#(HTMLReport.url($0))""# } ?? ""
        let hidden = path == nil ? " hidden" : ""
        return
            #"<img\#(classAttribute)\#(source) alt="\#(HTMLReport.html(alt))"\#(sizeAttributes) loading="lazy" decoding="async"\#(hidden)>"#
    }
}
