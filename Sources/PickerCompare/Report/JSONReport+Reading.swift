import PickerKit

extension JSONReport {
    /// The limits a report is read within: 64 MiB, and 250,000 values in any one array or object (a compare of
    /// 250,000 files; a report of as many files takes about 100 MB of memory to merge).
    package static let readingLimits = RecordJSON.Limits(maximumBytes: 64 << 20, maximumCount: 250_000)

    /// The report in `bytes`, read as input: within `readingLimits`, and every file's paths checked against the
    /// trees the report names, so that nothing a report says can lead a reader outside them.
    ///
    /// A file's `path` must be relative and plain (no empty, `.` or `..` part, none starting with `.`); its
    /// `expected` must be that path inside the report's `expected` (for a renamed file, its `renamedFrom` there), or
    /// `expected` itself when the report compared two files, and `actual` likewise in `actual`; `renamedFrom`
    /// follows `path`'s rule. A `diff` is never read (a reader draws its own), so it is not checked. A pure
    /// function of the bytes, for `merge-reports` and its fuzz target.
    ///
    /// Throws `RecordJSON.Failure` naming the JSON path at fault (`files[3].expected`) and what was expected.
    package static func read(_ bytes: [UInt8]) throws(RecordJSON.Failure) -> JSONReport {
        let report = try RecordJSON.decode(JSONReport.self, from: bytes, limits: readingLimits)
        try checkSettings(report.settings)
        for (index, file) in report.files.enumerated() {
            let at = "files[\(index)]"
            try checkRelative(file.path, at: at + ".path")
            try checkFigures(file, at: at)
            if let from = file.renamedFrom { try checkRelative(from, at: at + ".renamedFrom") }
            let sides = [
                ("expected", file.expected, report.expected, file.renamedFrom ?? file.path),
                ("actual", file.actual, report.actual, file.path),
            ]
            for (side, given, root, relative) in sides {
                guard let given else { continue }
                let inside = FilePath.join(root, relative)
                guard given == inside || given == root else {
                    throw RecordJSON.Failure(
                        path: "\(at).\(side)",
                        reason:
                            "\"\(shortened(given))\" is not a picture inside \(side.uppercased()) \(shortened(root)); a report of that tree names \(shortened(inside)) here"
                    )
                }
            }
        }
        return report
    }

    /// Throws unless `path` is a plain relative path: parts neither empty, `.`, `..` nor starting with `.`.
    static func checkRelative(_ path: String, at field: String) throws(RecordJSON.Failure) {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard path.utf8.count <= 4_096, !parts.contains(where: { $0.isEmpty || $0.hasPrefix(".") }) else {
            throw RecordJSON.Failure(
                path: field,
                reason:
                    "\"\(shortened(path))\" is not a path relative to the compared trees (its parts must not be empty or start with \".\", as \"..\" does)"
            )
        }
    }

    /// `text` as a message may quote it: control characters escaped, cut to 120 characters.
    static func shortened(_ text: String) -> String {
        PlainText.escaped(text.count > 120 ? text.prefix(120) + "…" : Substring(text))
    }
    /// Throws unless every number of `file` is one a comparison can give.
    ///
    /// Sizes within the picture limits, pixel counts from 0 to the picture's size, an animation's timing finite and not negative, `renamedFrom` present
    /// exactly for a renamed file. Arithmetic on a report's figures then cannot overflow.
    static func checkFigures(_ file: File, at field: String) throws(RecordJSON.Failure) {
        let side = 0...SpecLimits.maximumPixelsPerSide
        let pixels = 0...(SpecLimits.maximumPixelsPerSide * SpecLimits.maximumPixelsPerSide)
        func check(_ value: Int?, _ range: ClosedRange<Int>, _ key: String) throws(RecordJSON.Failure) {
            guard let value, !range.contains(value) else { return }
            throw RecordJSON.Failure(path: "\(field).\(key)", reason: "\(value) is not from \(range.lowerBound) to \(range.upperBound)")
        }
        try check(file.width, side, "width")
        try check(file.height, side, "height")
        for (key, size) in [("expectedSize", file.expectedSize), ("actualSize", file.actualSize)] {
            try check(size?.width, side, key + ".width")
            try check(size?.height, side, key + ".height")
        }
        try check(file.differentPixels, pixels, "differentPixels")
        try check(file.antialiasedPixels, pixels, "antialiasedPixels")
        guard (file.status == .renamed) == (file.renamedFrom != nil) else {
            throw RecordJSON.Failure(path: "\(field).renamedFrom", reason: "expected for a renamed file, and only for one")
        }
        guard let animation = file.animation else { return }
        for (key, timing) in [("expected", animation.expected), ("actual", animation.actual)] {
            guard timing.fps > 0, timing.fps <= 1_000, timing.length >= 0, timing.length <= 86_400, timing.frames >= 0,
                timing.loopCount >= 0
            else {
                throw RecordJSON.Failure(path: "\(field).animation.\(key)", reason: "not the timing of an animation")
            }
        }
        try check(animation.moments, 0...Int(Int32.max), "animation.moments")
        for (index, moment) in animation.differingMoments.enumerated() {
            let at = "animation.differingMoments[\(index)]"
            guard moment.time >= 0, moment.time <= 86_400 else {
                throw RecordJSON.Failure(path: "\(field).\(at).time", reason: "not a time within the animation")
            }
            try check(moment.differentPixels, pixels, at + ".differentPixels")
            try check(moment.antialiasedPixels, pixels, at + ".antialiasedPixels")
        }
    }

    /// Throws unless the settings are ones compare takes: a threshold and a ratio from 0 to 1, a pixel count of 0 or
    /// more.
    static func checkSettings(_ settings: Settings) throws(RecordJSON.Failure) {
        guard (0...1).contains(settings.threshold) else { throw RecordJSON.Failure(path: "settings.threshold", reason: "expected 0 to 1") }
        if let count = settings.maxDiffPixels, count < 0 {
            throw RecordJSON.Failure(path: "settings.maxDiffPixels", reason: "expected 0 or more")
        }
        if let ratio = settings.maxDiffRatio, !(0...1).contains(ratio) {
            throw RecordJSON.Failure(path: "settings.maxDiffRatio", reason: "expected 0 to 1")
        }
    }
}

extension JSONReport.Settings {
    /// The settings a report of a comparison with `settings` and `tolerance` records.
    package init(_ settings: ComparisonSettings, tolerance: Tolerance) {
        metric = settings.metric
        threshold = settings.threshold
        countsAntialiasing = settings.includesAntialiasing
        switch tolerance {
        case .pixels(let count): maxDiffPixels = count
        case .ratio(let share): maxDiffRatio = share
        }
    }

    /// The settings in a few words, as compare's options say them: `yiq, threshold 0.02, max-diff-pixels 0`.
    package var words: String {
        var text = "\(metric.rawValue), threshold \(NumberText.shortest(threshold))"
        if countsAntialiasing { text += ", anti-aliasing counted" }
        if let ratio = maxDiffRatio { text += ", max-diff-ratio \(NumberText.shortest(ratio))" }
        if let count = maxDiffPixels { text += ", max-diff-pixels \(count)" }
        return text
    }
}
