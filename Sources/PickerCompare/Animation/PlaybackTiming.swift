import PickerKit

/// How an animation plays, in a user's terms: its frame rate, length, frames at that rate, and loop count.
///
/// Read from the delays alone (a file stores no frame rate): the rate is the lowest whole one (1 to 240 fps), else
/// 23.976, 29.97 or 59.94, on whose frame grid every change falls within a millisecond (WebP stores whole
/// milliseconds), else one over the shortest delay. Frames are those begun within the length at that rate, so a
/// hold of several frames, stored once, counts as the frames it lasts, and the same render read from an APNG and a WebP
/// gives the same figures. Codable as the JSON report writes it (`animation.expected`, `animation.actual`).
public struct PlaybackTiming: Codable, Equatable, Sendable {
    /// Frames per second.
    public var fps: Double
    /// One play, in seconds.
    public var length: Double
    /// The frames begun within the length at `fps` (a last frame cut short counts).
    public var frames: Int
    /// How many times the animation plays; 0 for forever.
    public var loopCount: Int

    /// Creates the figures.
    package init(fps: Double, length: Double, frames: Int, loopCount: Int) {
        self.fps = fps
        self.length = length
        self.frames = frames
        self.loopCount = loopCount
    }

    /// The timing of `animation`.
    package init(of animation: DecodedAnimation) {
        self.init(delays: animation.delays, loopCount: animation.loopCount)
    }

    /// The timing of an animation whose pictures show for `delays` seconds each, playing `loopCount` times.
    init(delays: [Double], loopCount: Int) {
        var time = 0.0
        let starts = delays.map { delay in
            defer { time += delay }
            return time
        }.dropFirst()
        let length = delays.reduce(0, +)
        let shortest = delays.filter { $0 > 0 }.min() ?? length
        let rate = Self.candidateRates.first { rate in
            starts.allSatisfy { start in abs(start - (start * rate).rounded() / rate) <= Self.timeTolerance }
        }
        let fps = rate ?? (shortest > 0 ? (1 / shortest * 10).rounded() / 10 : 0)
        // Frames begun within the length: a last frame cut short still counts, and a millisecond of rounding does not
        // add one (3.35 s at 30 fps is 101 frames from an APNG's exact fractions and from a WebP's milliseconds).
        let frames = Int((length * fps - Self.timeTolerance * fps).rounded(.up))
        self.init(fps: fps, length: length, frames: max(frames, 1), loopCount: loopCount)
    }

    /// How far apart two times may be and still be the same moment: WebP stores whole milliseconds, so the same
    /// render's times differ by up to half of one from an APNG's exact fractions.
    static let timeTolerance = 0.001

    /// Whole rates first, so a clip too short to tell 60 from 59.94 fps (under a second) reads as 60.
    static let candidateRates: [Double] = (1...240).map(Double.init) + [23.976, 29.97, 59.94]

    /// What differs from `other` in words, such as `30 fps → 60 fps, 2.63 s → 2.63 s, 79 frames → 158 frames`;
    /// nil when rate, length, frames and loop count agree (lengths within 2 ms, a millisecond's rounding each side).
    package func change(to other: PlaybackTiming) -> String? {
        let lengthDiffers = abs(length - other.length) > 2 * Self.timeTolerance
        guard fps != other.fps || lengthDiffers || frames != other.frames || loopCount != other.loopCount else { return nil }
        var parts = ["\(Self.rate(fps)) → \(Self.rate(other.fps))", "\(Self.seconds(length)) → \(Self.seconds(other.length))"]
        if frames != other.frames { parts.append("\(Self.frameCount(frames)) → \(Self.frameCount(other.frames))") }
        if loopCount != other.loopCount { parts.append("\(Self.plays(loopCount)) → \(Self.plays(other.loopCount))") }
        return parts.joined(separator: ", ")
    }

    /// Such as `30 fps, 2.63 s, 79 frames, loops forever`.
    public var summary: String {
        [Self.rate(fps), Self.seconds(length), Self.frameCount(frames), Self.plays(loopCount)].joined(separator: ", ")
    }

    static func rate(_ fps: Double) -> String { "\(NumberText.shortest((fps * 1000).rounded() / 1000)) fps" }

    /// Seconds with two decimals, as `2.63 s`.
    static func seconds(_ time: Double) -> String { NumberText.fixed(time, digits: 2) + " s" }

    static func frameCount(_ count: Int) -> String { count == 1 ? "1 frame" : "\(ReportWording.grouped(count)) frames" }

    static func plays(_ loopCount: Int) -> String {
        switch loopCount {
        case 0: return "loops forever"
        case 1: return "plays once"
        default: return "plays \(loopCount) times"
        }
    }
}
