/// A frame rate as an exact fraction of whole numbers, so that frame k's time k · denominator / numerator is
/// exact in the container (29.97 fps is 2997/100, 30000/1001 fps stays 30000/1001).
package struct VideoFrameRate: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Frames per `denominator` seconds.
    package let numerator: Int
    /// Seconds per `numerator` frames.
    package let denominator: Int

    /// The largest denominator tried: enough for any rate written with a few decimals or as n/1001.
    static let maximumDenominator = 1_000_000

    /// The fraction with the smallest denominator that equals `fps` to within a millionth of a frame per
    /// second, such as 30/1, 2997/100 or 30000/1001.
    ///
    /// Returns nil for a rate that is not finite and positive, or that no fraction with a denominator up to
    /// 1,000,000 and a numerator up to 2³¹ − 1 matches that closely.
    package init?(fps: Double) {
        guard fps.isFinite, fps > 0, fps < Double(Int32.max) else { return nil }
        // Continued fraction convergents: h/k approach fps from alternate sides; the first within the
        // tolerance has the smallest denominator of any fraction that close.
        let tolerance = 1e-6
        var (previousH, h) = (1, Int(fps.rounded(.down)))
        var (previousK, k) = (0, 1)
        var remainder = fps - fps.rounded(.down)
        while abs(Double(h) / Double(k) - fps) > tolerance {
            guard remainder > 1e-12 else { break }
            let inverse = 1 / remainder
            let term = inverse.rounded(.down)
            guard term < Double(Self.maximumDenominator) else { return nil }
            let step = Int(term)
            let (nextH, nextOverflow) = step.multipliedReportingOverflow(by: h)
            let (nextK, kOverflow) = step.multipliedReportingOverflow(by: k)
            guard !nextOverflow, !kOverflow else { return nil }
            (previousH, h) = (h, nextH + previousH)
            (previousK, k) = (k, nextK + previousK)
            guard k <= Self.maximumDenominator, h <= Int(Int32.max) else { return nil }
            remainder = inverse - term
        }
        guard h > 0, abs(Double(h) / Double(k) - fps) <= tolerance else { return nil }
        numerator = h
        denominator = k
    }

    /// Frames per second as a floating-point number.
    package var fps: Double { Double(numerator) / Double(denominator) }

    /// `30/1`, `30000/1001`: the form ffprobe prints.
    package var description: String { "\(numerator)/\(denominator)" }
}
