import PickerKit

/// Plays a decoded animation against its source frames.
///
/// At the moment each source frame is due: which decoded frame is on screen, and does it show that source
/// frame's picture?
public struct Playback {
    /// The decoded frames, as displayed (each one composited over what came before, as the format says).
    public let frames: [RGBAImage]
    /// How long each decoded frame stays on screen, in seconds.
    public let delays: [Double]

    /// A playback of `frames` with their `delays`.
    public init(frames: [RGBAImage], delays: [Double]) {
        self.frames = frames
        self.delays = delays
    }

    /// The total of the delays, in seconds.
    public var duration: Double { delays.reduce(0, +) }

    /// The decoded frame on screen at `time` seconds (the last one from the end on).
    public func frame(at time: Double) -> Int {
        var start = 0.0
        for (index, delay) in delays.enumerated() {
            if time < start + delay { return index }
            start += delay
        }
        return max(delays.count - 1, 0)
    }

    /// What is wrong with the playback of `frameCount` source frames at `fps` for `duration` seconds; empty
    /// when every moment shows its own picture.
    ///
    /// Source frame k is due at `moment(k)` (its time as the format rounds it). The frame on screen then must
    /// show source frame k's picture (`same` decides), or, where the format drops changes closer together than
    /// `window` seconds (fast frame rates) and at the very end, the picture of a source frame due within
    /// `window` of it. Moments at or after the duration are not checked; the last decoded frame must show the
    /// last source frame.
    public func problems(
        frameCount: Int, fps: Double, duration: Double, window: Double, moment: (Int) -> Double, source: (Int) -> RGBAImage,
        same: (RGBAImage, RGBAImage) -> Bool
    ) -> [String] {
        var problems: [String] = []
        guard let last = frames.last, frames.count == delays.count else { return ["\(frames.count) frames but \(delays.count) delays"] }
        if !same(last, source(frameCount - 1)) { problems.append("the last frame does not show the last source frame") }
        // A tiny offset puts a moment that falls exactly on a start into the frame starting there, despite
        // rounding in the sum of the delays.
        let slack = 1e-7
        for index in 0..<frameCount {
            let time = moment(index)
            guard time < duration - slack else { break }
            let shown = frames[frame(at: time + slack)]
            if same(shown, source(index)) { continue }
            let neighbours = (0..<frameCount).filter { abs(moment($0) - time) <= window + slack }
            if !neighbours.contains(where: { same(shown, source($0)) }) {
                problems.append("at \(time) s (source frame \(index)) the frame on screen shows no source frame due within \(window) s")
            }
        }
        return problems
    }
}
