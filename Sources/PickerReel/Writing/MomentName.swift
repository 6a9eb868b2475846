import PickerKit

/// How the picture of one moment is named, one rule for `pickerreel render --times`, the GitHub Action's `times` input
/// and `assertPickerSnapshot`, so goldens made by any of them are laid out the same way: `<name>.<seconds>s.png`
/// with milliseconds (`period-dark.0.500s.png`).
package enum MomentName {
    /// A time as it appears in file names: milliseconds and a unit, such as `0.500s` or `1.200s`.
    ///
    /// Times less than half a millisecond apart share a label; callers refuse such pairs.
    package static func label(of time: Double) -> String {
        NumberText.fixed(time == 0 ? 0 : time, digits: 3) + "s"  // `== 0` turns -0 into 0.
    }

    /// The picture of `name` at `time`: `<name>.<label>.png`.
    package static func fileName(name: String, time: Double) -> String {
        "\(name).\(label(of: time)).png"
    }

    /// True when `file` is a moment picture of `name`: `<name>.` then digits, a point, three digits and `s.png`.
    package static func isMomentPicture(_ file: String, name: String) -> Bool {
        let prefix = name + "."
        let suffix = "s.png"
        guard file.hasPrefix(prefix), file.hasSuffix(suffix), file.utf8.count > prefix.utf8.count + suffix.utf8.count else {
            return false
        }
        let label = file.utf8.dropFirst(prefix.utf8.count).dropLast(suffix.utf8.count)
        let parts = label.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
        return parts.count == 2 && !parts[0].isEmpty && parts[1].count == 3 && parts.allSatisfy { $0.allSatisfy(digits.contains) }
    }

    /// The latest moment of any spec: a spec lasts at most `SpecLimits.maximumFrames` frames at the lowest frame rate.
    package static let latest = Double(SpecLimits.maximumFrames) / SpecLimits.fps.lowerBound

    /// How many moments `every(step, through: duration)` gives, worked out without listing them (O(1) time and
    /// memory), so that a step far too small is refused before anything is allocated.
    package static func count(every step: Double, through duration: Double) -> Int {
        let end = duration + 1e-6
        guard step > 0, step.isFinite, end >= 0 else { return 1 }
        let estimate = (end / step).rounded(.down)
        guard estimate < Double(Int.max / 2) else { return Int.max }
        var last = Int(estimate)
        // As `every` decides, by multiplying: the division's rounding may be one off either way.
        while Double(last + 1) * step <= end { last += 1 }
        while last > 0, Double(last) * step > end { last -= 1 }
        return last + 1
    }

    /// The moments 0, `step`, 2 × `step`, … up to and including `duration` (`render --every`).
    ///
    /// Check `count(every:through:)` against `SpecLimits.maximumFrames` first: this lists every moment.
    package static func every(_ step: Double, through duration: Double) -> [Double] {
        guard step > 0, step.isFinite else { return [0] }
        var times: [Double] = []
        var index = 0
        while true {
            let time = Double(index) * step
            // A thousandth of a millisecond of slack, so 0.1 × 10 still reaches a duration of 1.
            guard time <= duration + 1e-6 else { break }
            times.append(time)
            index += 1
        }
        return times.isEmpty ? [0] : times
    }
}
