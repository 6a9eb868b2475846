import FoundationEssentials
import PickerKit
import PickerRender

/// The HTML report `pickerreel compare --report html DIR` writes: `DIR/index.html`, a page that needs nothing but
/// the files beside it (no network, no script from elsewhere), and the pictures it shows under `DIR/files/`.
///
/// The page has a summary table (the verdict, the settings, counts per status, and every file that does not
/// match, linked to its section), and one section per such file with the expected, actual and diff pictures side
/// by side, a slider that wipes from one to the other, and an onion-skin view that fades one over the other;
/// sizes are given when they differ. Only files that do not match have sections.
public enum HTMLReport {
    /// Writes the report of `summary` into `folder` (made if missing) and returns the page's path.
    ///
    /// Diff pictures are taken from each file's `diffPath`, so run the comparison with a `diffPath` to have them.
    /// Throws `CompareError` when `folder` is or is inside EXPECTED or ACTUAL, or when a folder or file cannot be
    /// written or a picture cannot be copied.
    @discardableResult
    public static func write(_ summary: ComparisonSummary, to folder: String) throws(CompareError) -> String {
        try FolderComparison.refuseOverwriting(inputs: [summary.expected, summary.actual], with: folder, what: "HTML report")
        var sections: [String] = []
        for (index, file) in summary.differingFiles.enumerated() {
            var pictures: [(label: String, source: String)] = []
            for (kind, source) in [("expected", file.expectedPath), ("actual", file.actualPath), ("diff", file.diffPath)] {
                guard let source else { continue }
                let relative = "files/\(kind)/\(file.path)"
                try copy(source, to: FilePath.join(folder, relative))
                pictures.append((kind, relative))
            }
            sections.append(section(file, index: index, pictures: pictures))
        }
        let page = document(summary, sections: sections)
        let path = FilePath.join(folder, "index.html")
        do {
            try AtomicFile.write(Array(page.utf8), to: path)
        } catch {
            throw CompareError(.cannotWrite(path: path, what: "HTML report", reason: error.description))
        }
        return path
    }

    static func copy(_ source: String, to destination: String) throws(CompareError) {
        if FolderComparison.canonical(source) == FolderComparison.canonical(destination) { return }
        let bytes: [UInt8]
        do {
            bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: source)))
        } catch {
            throw CompareError(.cannotWrite(path: destination, what: "HTML report's copy", reason: FileErrors.reason(error)))
        }
        do {
            try AtomicFile.write(bytes, to: destination)
        } catch {
            throw CompareError(.cannotWrite(path: destination, what: "HTML report's copy", reason: error.description))
        }
    }

    static func section(_ file: FileComparison, index: Int, pictures: [(label: String, source: String)]) -> String {
        let figures = ReportWording.finding(file)
        let images = pictures.map { picture in
            """
            <figure><figcaption>\(picture.label)</figcaption><img src="\(url(picture.source))" alt="\(html(picture.label)) of \(html(file.path))" loading="lazy"></figure>
            """
        }.joined()
        var views = ""
        let expected = pictures.first { $0.label == "expected" }
        let actual = pictures.first { $0.label == "actual" }
        if let expected, let actual, file.outcome.pixels != nil {
            views = """
                <div class="views">
                <div class="view"><h3>Slider: expected ◀ ▶ actual</h3><div class="stack"><img src="\(url(actual.source))" alt="actual"><img class="top wipe" src="\(url(expected.source))" alt="expected"></div>
                <input type="range" class="slider" min="0" max="100" value="50" aria-label="slider position"></div>
                <div class="view"><h3>Onion skin: expected over actual</h3><div class="stack"><img src="\(url(actual.source))" alt="actual"><img class="top fade" src="\(url(expected.source))" alt="expected"></div>
                <input type="range" class="onion" min="0" max="100" value="50" aria-label="expected opacity"></div>
                </div>
                """
        }
        return """
            <section id="file-\(index)" class="\(file.status.rawValue)">
            <h2><span class="badge">\(html(ReportWording.word(file.status)))</span> <code>\(html(file.path))</code></h2>
            <p class="figures">\(html(figures))</p>
            <div class="pictures">\(images)</div>
            \(views)
            </section>
            """
    }

    static func document(_ summary: ComparisonSummary, sections: [String]) -> String {
        let counts = [
            ("files", summary.files.count), ("match", summary.count(.match)), ("differs", summary.count(.differs)),
            ("size changed", summary.count(.sizeChanged)), ("added", summary.count(.added)), ("removed", summary.count(.removed)),
        ]
        let countCells = counts.map { #"<tr><th>\#($0.0)</th><td class="count" data-count="\#($0.0)">\#($0.1)</td></tr>"# }
            .joined(separator: "\n")
        let rows = summary.differingFiles.enumerated().map { index, file in
            """
            <tr><td><a href="#file-\(index)"><code>\(html(file.path))</code></a></td><td>\(html(ReportWording.word(file.status)))</td><td>\(html(ReportWording.finding(file)))</td></tr>
            """
        }.joined(separator: "\n")
        let table =
            rows.isEmpty
            ? ""
            : "<table class=\"files\"><thead><tr><th>file</th><th>status</th><th>finding</th></tr></thead><tbody>\n\(rows)\n</tbody></table>"
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>pickerreel compare: \(html(summary.status.rawValue))</title>
            <style>
            body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5em; color: #1c1c1e; background: #fff; }
            code { font: 13px ui-monospace, monospace; }
            table { border-collapse: collapse; margin: 0.5em 0 1em; }
            th, td { border: 1px solid #d1d1d6; padding: 0.25em 0.6em; text-align: left; vertical-align: top; }
            td.count { text-align: right; }
            .verdict { font-size: 1.2em; font-weight: 600; }
            .verdict.match { color: #248a3d; } .verdict.differences, .verdict.nothing-compared { color: #d70015; }
            section { border-top: 1px solid #d1d1d6; padding-top: 0.5em; margin-top: 1.5em; }
            .badge { background: #d70015; color: #fff; border-radius: 4px; padding: 0 0.4em; font-size: 0.8em; }
            .added .badge { background: #0071a4; } .removed .badge { background: #8e8e93; }
            .pictures, .views { display: flex; flex-wrap: wrap; gap: 1em; align-items: flex-start; }
            figure { margin: 0; } figcaption, h3 { font-size: 0.9em; font-weight: 600; margin: 0 0 0.25em; }
            img { max-width: 100%; border: 1px solid #d1d1d6; background: repeating-conic-gradient(#eee 0 25%, #fff 0 50%) 0 0 / 16px 16px; }
            .stack { position: relative; display: inline-block; }
            .stack img.top { position: absolute; left: 0; top: 0; }
            .stack img.wipe { clip-path: inset(0 50% 0 0); }
            .stack img.fade { opacity: 0.5; }
            input[type=range] { display: block; width: 100%; }
            </style></head>
            <body>
            <h1>pickerreel compare</h1>
            <p class="verdict \(summary.status.rawValue)" id="verdict">\(html(ReportWording.verdict(summary)))</p>
            <p>EXPECTED <code>\(html(summary.expected))</code>, ACTUAL <code>\(html(summary.actual))</code></p>
            <table class="summary" id="summary"><tbody>
            \(countCells)
            </tbody></table>
            \(table)
            \(sections.joined(separator: "\n"))
            <script>
            for (const view of document.querySelectorAll('.view')) {
              const range = view.querySelector('input');
              const top = view.querySelector('img.top');
              const update = () => {
                if (range.classList.contains('slider')) top.style.clipPath = 'inset(0 ' + (100 - range.value) + '% 0 0)';
                else top.style.opacity = range.value / 100;
              };
              range.addEventListener('input', update);
              update();
            }
            document.body.dataset.ready = 'yes';
            </script>
            </body></html>

            """
    }

    /// `text` with HTML's special characters escaped.
    static func html(_ text: String) -> String {
        PlainText.escaped(text).replacingScalars(["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;"])
    }

    /// A relative URL for the `/`-separated `path`, each part percent-encoded: ASCII letters and digits and `-._~`
    /// stay as they are, every other byte of its UTF-8 becomes `%XX` (what Foundation's `addingPercentEncoding` with
    /// `.alphanumerics` gives on Linux).
    static func url(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).map { part in
            var encoded = ""
            for byte in part.utf8 {
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                    UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                    encoded.unicodeScalars.append(Unicode.Scalar(byte))
                default:
                    let hex = String(byte, radix: 16, uppercase: true)
                    encoded += "%" + (hex.count == 1 ? "0" + hex : hex)
                }
            }
            return encoded
        }.joined(separator: "/")
    }
}
