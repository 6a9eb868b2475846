import FoundationEssentials
import PickerKit

/// The phrases every report shares, so the text, JUnit, GitHub and HTML reports say the same thing the same way.
enum ReportWording {
    /// Such as `yiq, threshold 0.02, no differing pixel allowed`.
    static func settings(_ summary: ComparisonSummary) -> String {
        var parts = ["\(summary.settings.metric.rawValue), threshold \(NumberText.shortest(summary.settings.threshold))"]
        if summary.settings.includesAntialiasing { parts.append("anti-aliasing counted") }
        parts.append(allowance(summary.tolerance))
        return parts.joined(separator: ", ")
    }

    /// Such as `no differing pixel allowed`, `at most 5 differing pixels`, `at most 0.1% of pixels differing`.
    static func allowance(_ tolerance: Tolerance) -> String {
        switch tolerance {
        case .pixels(0): return "no differing pixel allowed"
        case .pixels(1): return "at most 1 differing pixel"
        case .pixels(let count): return "at most \(count) differing pixels"
        case .ratio(let share): return "at most \(percent(share)) of pixels differing"
        }
    }

    /// The word for a status: `match`, `differs`, `size changed`, `added`, `removed`.
    static func word(_ status: FileStatus) -> String {
        status == .sizeChanged ? "size changed" : status.rawValue
    }

    /// What was found for one file, without its path, such as `12 pixels differ (0.0259%), 3 anti-aliased not
    /// counted` or `only in ACTUAL (438×106 px)`.
    static func finding(_ file: FileComparison) -> String {
        if let animation = file.animation, case .compared = file.outcome { return animation.finding }
        switch file.outcome {
        case .compared(let pixels):
            return "\(pixelCount(pixels.differentPixels)) (\(percent(pixels.ratio))), \(pixels.antialiasedPixels) anti-aliased not counted"
        case .sizeChanged(let expected, let actual):
            return "the size changed from \(expected) px to \(actual) px (a layout change; pixels not compared)"
        case .added(let size):
            return "only in ACTUAL" + (size.map { " (\($0) px)" } ?? "")
        case .removed(let size):
            return "only in EXPECTED" + (size.map { " (\($0) px)" } ?? "")
        case .renamed(let from, let size):
            return "renamed from \(PlainText.escaped(from)), the same bytes" + (size.map { " (\($0) px)" } ?? "")
        }
    }

    /// The closing line.
    ///
    /// Such as `3 of 102 files differ: 1 with differing pixels, 2 added (yiq, threshold 0.02, …).`
    /// `the renders were made in different environments: pango 1.50.12 → 1.54.0; font Inter-Regular.otf: other
    /// file`, or nil when the summary knows of no change: the first line of every report that has one.
    static func environment(_ summary: ComparisonSummary) -> String? {
        guard !summary.environmentChanges.isEmpty else { return nil }
        return "the renders were made in different environments: " + summary.environmentChanges.joined(separator: "; ")
    }

    /// Each contrast change as `contrast: period: Week: text 4.83:1 → 3.92:1, below 4.5:1`: what every report says
    /// after the environment line, as review information (it never changes the verdict).
    static func contrast(_ summary: ComparisonSummary) -> [String] {
        summary.contrastChanges.map { "contrast: \($0)" }
    }

    /// The first `limit` disagreements of merged reports, each as `reports disagree: LINE`, and a line saying how many
    /// more there are: what every report says before its files when it has any.
    static func disagreements(_ summary: ComparisonSummary, limit: Int = 20) -> [String] {
        var lines = summary.disagreements.prefix(limit).map { "reports disagree: \($0)" }
        if summary.disagreements.count > limit { lines.append("reports disagree about \(summary.disagreements.count - limit) more files") }
        return lines
    }

    static func verdict(_ summary: ComparisonSummary) -> String {
        let total = summary.files.count
        switch summary.status {
        case .nothingCompared:
            return "Nothing compared: no PNG files in \(summary.expected) or \(summary.actual)."
        case .match:
            return (total == 1 ? "The file matches" : "All \(total) files match") + " (\(settings(summary)))."
        case .differences:
            let differing = summary.differingFiles.count
            var kinds: [String] = []
            let differs = summary.count(.differs)
            if differs > 0 { kinds.append("\(differs) with differing pixels") }
            for status in [FileStatus.sizeChanged, .added, .removed, .renamed] where summary.count(status) > 0 {
                kinds.append("\(summary.count(status)) \(word(status))")
            }
            let verb = differing == 1 ? "differs" : "differ"
            let noun = total == 1 ? "file" : "files"
            return "\(differing) of \(total) \(noun) \(verb): \(kinds.joined(separator: ", ")) (\(settings(summary)))."
        }
    }

    /// `1 pixel differs`, `1,234 pixels differ`.
    static func pixelCount(_ count: Int) -> String {
        count == 1 ? "1 pixel differs" : "\(grouped(count)) pixels differ"
    }

    /// A whole number with thousands separated by commas, the same in every locale.
    static func grouped(_ count: Int) -> String {
        let digits = String(count.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return count < 0 ? "-" + result : result
    }

    /// A share as a percentage with three significant digits, such as `0.0259%`; `0%` for none.
    static func percent(_ ratio: Double) -> String {
        ratio == 0 ? "0%" : NumberText.significant(ratio * 100) + "%"
    }
}
