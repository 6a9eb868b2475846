import Foundation

/// The report for people: one line per file (name, match or differ, figures, where its diff picture is) and a
/// closing summary line.
public enum TextReport {
    /// The lines for `summary`, each ending in a newline.
    public static func text(_ summary: ComparisonSummary) -> String {
        var lines = summary.files.map(line)
        let differing = summary.differingFiles.count
        let total = summary.files.count
        let files = total == 1 ? "file" : "files"
        if total == 0 {
            lines.append("No PNG files to compare.")
        } else if differing == 0 {
            lines.append(total == 1 ? "The file matches." : "All \(total) files match.")
        } else {
            lines.append("\(differing) of \(total) \(files) \(differing == 1 ? "differs" : "differ").")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One file's line, like `tab.png: differ, 12 pixels differ (0.375%), 3 anti-aliased; diff in out/tab.png`.
    public static func line(_ file: FileComparison) -> String {
        let verdict = file.matches ? "match" : "differ"
        var line: String
        switch file.outcome {
        case .compared(let pixels):
            let count = pixels.differentPixels == 1 ? "1 pixel differs" : "\(pixels.differentPixels) pixels differ"
            line = "\(file.name): \(verdict), \(count) (\(percent(pixels.ratio))), \(pixels.antialiasedPixels) anti-aliased"
        case .differentSizes(let expected, let actual):
            line = "\(file.name): \(verdict), sizes differ: expected \(expected), actual \(actual)"
        case .missing(let side):
            line = "\(file.name): \(verdict), missing from \(side.rawValue)"
        }
        if let diffPath = file.diffPath {
            line += "; diff in \(diffPath)"
        }
        return line
    }

    /// A ratio as a percentage with three significant digits, such as `0.375%`; `0%` for none.
    static func percent(_ ratio: Double) -> String {
        ratio == 0 ? "0%" : String(format: "%.3g%%", ratio * 100)
    }
}
