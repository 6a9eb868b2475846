import PickerKit

/// Which source frame each GIF frame shows and for how long, so that a GIF plays an animation at its own pace.
///
/// GIF delays are whole centiseconds, and browsers slow down any delay under 2 cs, so the plan:
/// - starts a GIF frame only where the picture changes (a run of identical frames is one GIF frame);
/// - puts each start on the source frame's time rounded to the centisecond, so rounding never accumulates
///   (each delay is the next rounded start minus this one);
/// - drops a change that would start less than 2 cs after the previous GIF frame (at more than 50 fps), showing
///   the latest picture at the next start instead;
/// - ends on the duration rounded to the centisecond, so the delays add up to the duration within 5 ms;
/// - always shows the last distinct picture at the end, since a GIF that stops stays on its last frame.
///
/// A delay longer than a GIF can hold (65,535 cs) is split over several frames showing the same picture.
/// A plan whose whole duration is under 2 cs is a single frame with that duration (a still picture).
///
/// Pure: no pictures, only times, so it can be checked at any frame rate without rendering.
package struct GIFFramePlan: Equatable, Sendable {
    /// One frame of the GIF.
    package struct Frame: Equatable, Sendable {
        /// The source frame the GIF frame shows.
        package let sourceIndex: Int
        /// How long it stays on screen, in centiseconds.
        package let delay: Int

        /// Creates a frame.
        package init(sourceIndex: Int, delay: Int) {
            self.sourceIndex = sourceIndex
            self.delay = delay
        }
    }

    /// The shortest delay browsers honour, in centiseconds.
    package static let minimumDelay = 2
    /// The longest delay a GIF frame can hold, in centiseconds.
    package static let maximumDelay = 65_535
    /// The longest animation planned, in seconds; far beyond what a spec allows, and small enough for exact
    /// centisecond arithmetic.
    package static let maximumDuration = 10_000_000.0

    /// The GIF frames in order.
    package let frames: [Frame]

    /// The sum of the delays, in centiseconds.
    package var totalDelay: Int {
        frames.reduce(0) { $0 + $1.delay }
    }

    /// Plans source frames shown at `frameTimes` seconds for an animation of `duration` seconds.
    ///
    /// `repeatsPrevious[k]` says that frame k looks exactly like frame k − 1 (the value for frame 0 is ignored).
    /// The first frame is shown from time 0 whatever its time.
    ///
    /// Throws `GIFEncodingError.invalidTiming` when there are no frames, the arrays differ in length, a time or
    /// the duration is negative, not finite or beyond `maximumDuration`, or the times go backwards.
    package init(frameTimes: [Double], duration: Double, repeatsPrevious: [Bool]) throws(GIFEncodingError) {
        guard !frameTimes.isEmpty else { throw .invalidTiming("there are no frames") }
        guard frameTimes.count == repeatsPrevious.count else {
            throw .invalidTiming("\(frameTimes.count) frame times but \(repeatsPrevious.count) repeat flags")
        }
        guard duration.isFinite, duration >= 0, duration <= Self.maximumDuration else {
            throw .invalidTiming("the duration \(duration) s is not a number of seconds from 0 to \(Self.maximumDuration)")
        }
        var previousTime = 0.0
        for (index, time) in frameTimes.enumerated() {
            guard time.isFinite, time >= 0, time <= Self.maximumDuration else {
                throw .invalidTiming("frame \(index) is at \(time) s, not a time from 0 to \(Self.maximumDuration) s")
            }
            guard time >= previousTime else {
                throw .invalidTiming("frame \(index) at \(time) s comes before frame \(index - 1) at \(previousTime) s")
            }
            previousTime = time
        }
        frames = Self.plan(starts: frameTimes.map(Self.centiseconds), end: Self.centiseconds(duration), repeatsPrevious: repeatsPrevious)
    }

    /// Plans `frameCount` frames sampled at `fps` (frame k at k / fps) for an animation of `duration` seconds.
    ///
    /// Throws `GIFEncodingError.invalidTiming` when `fps` is not a positive number, `frameCount` is not positive,
    /// `repeatsPrevious` does not hold one flag per frame, or the times are out of range.
    package init(frameCount: Int, fps: Double, duration: Double, repeatsPrevious: [Bool]) throws(GIFEncodingError) {
        guard fps.isFinite, fps > 0 else { throw .invalidTiming("the frame rate \(fps) is not a positive number") }
        guard frameCount > 0 else { throw .invalidTiming("there are no frames") }
        try self.init(frameTimes: (0..<frameCount).map { Double($0) / fps }, duration: duration, repeatsPrevious: repeatsPrevious)
    }

    /// Seconds to whole centiseconds, half away from zero; the caller keeps `seconds` within `maximumDuration`.
    static func centiseconds(_ seconds: Double) -> Int {
        Int((seconds * 100).rounded())
    }

    /// The plan in centiseconds: `starts[k]` is frame k's rounded time, `end` the rounded duration.
    static func plan(starts: [Int], end: Int, repeatsPrevious: [Bool]) -> [Frame] {
        // The one frame planner on the centisecond clock; holds longer than a GIF delay are split.
        FrameScheduler.holds(starts: starts, end: end, repeatsPrevious: repeatsPrevious, minimumDelay: minimumDelay).flatMap { hold in
            FrameScheduler.pieces(of: hold.ticks, maximum: maximumDelay, minimum: minimumDelay).map {
                Frame(sourceIndex: hold.sourceIndex, delay: $0)
            }
        }
    }
}
