import PickerKit

/// Which source frame each WebP frame shows, from when and for how long, in the whole milliseconds WebP stores.
///
/// Each start is its source frame's time k / fps rounded to the millisecond, and the end is the duration
/// rounded, so rounding never accumulates: the delays add up to the duration within half a millisecond, and
/// each start is within half a millisecond of its frame's time. The plan follows the GIF's rules
/// (`FrameScheduler`) with WebP's unit: a run of identical frames is one WebP frame; a change less than 11 ms
/// after the previous start (above 90 fps) is dropped and the latest picture shown at the next start, since
/// browsers play shorter durations as 100 ms; the last distinct picture is always shown at the end. A hold
/// longer than a WebP frame can last (16,777,215 ms, about 4.7 hours) is split into frames showing the same
/// picture.
///
/// Pure: no pictures, only times, so it can be checked at any frame rate without rendering.
package struct WebPFramePlan: Equatable, Sendable {
    /// One frame of the WebP.
    package struct Frame: Equatable, Sendable {
        /// The source frame it shows.
        package let sourceIndex: Int
        /// When it appears, in milliseconds from the start.
        package let timestamp: Int
        /// How long it stays on screen, in milliseconds.
        package let duration: Int

        /// Creates a frame.
        package init(sourceIndex: Int, timestamp: Int, duration: Int) {
            self.sourceIndex = sourceIndex
            self.timestamp = timestamp
            self.duration = duration
        }
    }

    /// The shortest duration browsers honour, in milliseconds.
    package static let minimumFrameDuration = 11
    /// The longest duration one WebP frame holds, in milliseconds (24 bits).
    package static let maximumFrameDuration = (1 << 24) - 1
    /// The longest animation planned, in seconds: libwebp's timestamps are 32-bit milliseconds.
    package static let maximumDuration = 2_000_000.0

    /// The frames in order.
    package let frames: [Frame]
    /// The duration rounded to the millisecond: the sum of the frames' durations.
    package let totalDuration: Int

    /// Plans `frameCount` frames sampled at `fps` (frame k at k / fps) for an animation of `duration` seconds.
    ///
    /// `repeatsPrevious[k]` says that frame k looks exactly like frame k − 1 (the value for frame 0 is ignored).
    ///
    /// Throws `WebPEncoderError.invalidTiming` when `fps` is not a positive number, there are no frames,
    /// `repeatsPrevious` does not hold one flag per frame, or the duration or the last frame's time is negative,
    /// not finite or beyond `maximumDuration`.
    package init(frameCount: Int, fps: Double, duration: Double, repeatsPrevious: [Bool]) throws(WebPEncoderError) {
        try Self.checkTiming(frameCount: frameCount, fps: fps, duration: duration)
        guard repeatsPrevious.count == frameCount else {
            throw .invalidTiming("\(frameCount) frames but \(repeatsPrevious.count) repeat flags")
        }
        let end = Self.milliseconds(duration)
        // The one frame planner on the millisecond clock; holds longer than a WebP frame are split.
        let holds = FrameScheduler.holds(
            starts: (0..<frameCount).map { Self.start(ofFrame: $0, fps: fps) }, end: end, repeatsPrevious: repeatsPrevious,
            minimumDelay: Self.minimumFrameDuration)
        var frames: [Frame] = []
        for hold in holds {
            var start = hold.start
            for piece in Self.pieces(hold.ticks) {
                frames.append(Frame(sourceIndex: hold.sourceIndex, timestamp: start, duration: piece))
                start += piece
            }
        }
        self.frames = frames
        totalDuration = max(end, 0)
    }

    /// Throws `WebPEncoderError.invalidTiming` for the reasons `init` gives.
    static func checkTiming(frameCount: Int, fps: Double, duration: Double) throws(WebPEncoderError) {
        if let problem = AnimationTiming.problem(frameCount: frameCount, fps: fps, duration: duration, maximumDuration: maximumDuration) {
            throw .invalidTiming(problem)
        }
    }

    /// Frame `index`'s time at `fps`, to the nearest millisecond.
    static func start(ofFrame index: Int, fps: Double) -> Int {
        milliseconds(Double(index) / fps)
    }

    /// Seconds to the nearest millisecond; the caller keeps `seconds` within `maximumDuration`.
    static func milliseconds(_ seconds: Double) -> Int {
        Int((seconds * 1000).rounded())
    }

    /// A duration as the frames it needs: one, or several of at most `maximumFrameDuration`, never leaving a
    /// piece under the minimum.
    static func pieces(_ duration: Int) -> [Int] {
        FrameScheduler.pieces(of: duration, maximum: maximumFrameDuration, minimum: minimumFrameDuration)
    }
}
