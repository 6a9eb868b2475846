import PickerKit

/// What comparing two animations in time found: how each plays, and the pixels that differ at each moment.
///
/// A moment is a time at which either animation shows a new picture; at each, the pictures the two show then are
/// compared pixel by pixel (past the end of the shorter one, its last picture). The animations match when they play
/// alike (`timingChange` is nil) and every moment is within the tolerance.
public struct AnimationComparison: Equatable, Sendable {
    /// One moment whose pictures differ.
    public struct Moment: Equatable, Sendable {
        /// Seconds from the start.
        public var time: Double
        /// The pixel figures of the two pictures shown then.
        public var pixels: PixelComparison

        /// Creates the record of one moment.
        package init(time: Double, pixels: PixelComparison) {
            self.time = time
            self.pixels = pixels
        }
    }

    /// How EXPECTED plays.
    public var expected: PlaybackTiming
    /// How ACTUAL plays.
    public var actual: PlaybackTiming
    /// How many moments were compared.
    public var momentCount: Int
    /// The moments with at least one differing pixel (anti-aliasing aside), in time order, diff pictures not kept.
    public var differingMoments: [Moment]

    /// Creates the record of a comparison.
    package init(expected: PlaybackTiming, actual: PlaybackTiming, momentCount: Int, differingMoments: [Moment]) {
        self.expected = expected
        self.actual = actual
        self.momentCount = momentCount
        self.differingMoments = differingMoments
    }

    /// Such as `30 fps → 60 fps, 2.63 s → 2.63 s`, or nil when both play alike.
    public var timingChange: String? { expected.change(to: actual) }

    /// The moment with the most differing pixels, or nil when none differs.
    public var largest: Moment? {
        differingMoments.max { $0.pixels.differentPixels < $1.pixels.differentPixels }
    }

    /// What was found, for the reports: the timing change in words, then the differing moments with their times,
    /// such as `30 fps → 60 fps, 2.63 s → 2.63 s; 3 of 40 moments differ: 0.433 s 1,234 pixels, …`.
    public var finding: String {
        var parts: [String] = []
        if let timingChange { parts.append(timingChange) }
        let differing = differingMoments
        if differing.isEmpty {
            let moments = momentCount == 1 ? "1 moment" : "\(ReportWording.grouped(momentCount)) moments"
            parts.append("\(moments) compared, no pixel differs" + (timingChange == nil ? " (\(expected.summary))" : ""))
        } else {
            let shown = differing.prefix(Self.listedMoments).map { moment in
                "\(Self.time(moment.time)) \(ReportWording.grouped(moment.pixels.differentPixels)) px"
            }
            let more = differing.count > Self.listedMoments ? ", …" : ""
            var line = "\(differing.count) of \(ReportWording.grouped(momentCount)) moments differ: " + shown.joined(separator: ", ") + more
            if let largest {
                line +=
                    "; largest \(ReportWording.pixelCount(largest.pixels.differentPixels)) (\(ReportWording.percent(largest.pixels.ratio))) at \(Self.time(largest.time))"
            }
            parts.append(line)
        }
        return parts.joined(separator: "; ")
    }

    /// The review line of an animated golden, in moments as a folder of frames speaks in frames.
    ///
    /// Such as `34 of 34 moments differ, first at 0 s, largest 227 pixels at 0.567 s`, after the timing change when
    /// there is one, or `all 34 moments match`. The summary, the annotations, the text report and the HTML report's
    /// cards all use it.
    package var reviewLine: String {
        let count = ReportWording.grouped(momentCount)
        var parts: [String] = []
        if let timingChange { parts.append(timingChange) }
        guard let first = differingMoments.first, let largest else {
            parts.append(momentCount == 1 ? "the 1 moment matches" : "all \(count) moments match")
            return parts.joined(separator: "; ")
        }
        let differing = differingMoments.count
        var line =
            "\(ReportWording.grouped(differing)) of \(count) \(momentCount == 1 ? "moment" : "moments") \(differing == 1 ? "differs" : "differ")"
        line += ", first at \(Self.time(first.time))"
        line +=
            ", largest \(ReportWording.grouped(largest.pixels.differentPixels)) \(largest.pixels.differentPixels == 1 ? "pixel" : "pixels")"
        line += " at \(Self.time(largest.time))"
        parts.append(line)
        return parts.joined(separator: "; ")
    }

    /// How many differing moments a finding names before `…`.
    static let listedMoments = 8

    /// A moment's time with up to three decimals, as `0.433 s`, `1 s`.
    static func time(_ seconds: Double) -> String {
        var text = NumberText.fixed(seconds, digits: 3)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text + " s"
    }
}
