import PickerKit

/// Which source frame each APNG frame shows and for how long, so that an APNG plays an animation at its own
/// pace and for exactly its duration.
///
/// Delays are exact fractions (`APNGClock` describes the grid): at a whole frame rate, a change starts exactly
/// at its frame's time k / fps and a delay of n frames is n / fps in lowest terms; the last delay ends on the
/// duration to within half a tick (under 10 µs). The plan follows the GIF's rules (`FrameScheduler`) with APNG's finer time
/// unit: a run of identical frames is one APNG frame; a change less than 11 ms after the previous start (above
/// 90 fps) is dropped and the latest picture shown at the next start, since browsers play shorter delays as
/// 100 ms; the last distinct picture is always shown at the end. A delay too long for one 16-bit fraction is
/// split into frames that show the same picture, each at least 11 ms long.
///
/// Pure: no pictures, only times, so it can be checked at any frame rate without rendering.
package struct APNGFramePlan: Equatable, Sendable {
    /// One frame of the APNG.
    package struct Frame: Equatable, Sendable {
        /// The source frame it shows.
        package let sourceIndex: Int
        /// How long it stays on screen.
        package let delay: APNGDelay

        /// Creates a frame.
        package init(sourceIndex: Int, delay: APNGDelay) {
            self.sourceIndex = sourceIndex
            self.delay = delay
        }
    }

    /// The longest animation planned, in seconds; far beyond what a spec allows.
    package static let maximumDuration = 10_000_000.0

    /// The frames in order.
    package let frames: [Frame]
    /// The grid the plan was made on.
    let clock: APNGClock
    /// The length of the animation in ticks: the duration to the nearest tick.
    let totalTicks: Int

    /// Ticks in a second on the plan's grid; every delay's denominator divides it.
    package var ticksPerSecond: Int { clock.ticksPerSecond }

    /// The sum of the delays, in seconds: the duration to within half a tick.
    package var totalSeconds: Double { Double(totalTicks) / Double(clock.ticksPerSecond) }

    /// Plans `frameCount` frames sampled at `fps` (frame k at k / fps) for an animation of `duration` seconds.
    ///
    /// `repeatsPrevious[k]` says that frame k looks exactly like frame k − 1 (the value for frame 0 is ignored).
    ///
    /// Throws `APNGEncodingError.invalidTiming` when `fps` is not a positive number, there are no frames,
    /// `repeatsPrevious` does not hold one flag per frame, or the duration or the last frame's time is negative,
    /// not finite or beyond `maximumDuration`.
    package init(frameCount: Int, fps: Double, duration: Double, repeatsPrevious: [Bool]) throws(APNGEncodingError) {
        let clock = try Self.clock(frameCount: frameCount, fps: fps, duration: duration)
        guard repeatsPrevious.count == frameCount else {
            throw .invalidTiming("\(frameCount) frames but \(repeatsPrevious.count) repeat flags")
        }
        let end = clock.ticks(duration)
        // The one frame planner on APNG's clock; each hold written as the fcTL fractions that add up to it.
        let holds = FrameScheduler.holds(
            starts: (0..<frameCount).map(clock.start(ofFrame:)), end: end, repeatsPrevious: repeatsPrevious,
            minimumDelay: clock.minimumDelay)
        let frames = holds.flatMap { hold in clock.delays(forTicks: hold.ticks).map { Frame(sourceIndex: hold.sourceIndex, delay: $0) } }
        self.frames = frames
        self.clock = clock
        totalTicks = max(end, 0)
    }

    /// The grid for an animation, once its timing is known to be valid.
    ///
    /// Throws `APNGEncodingError.invalidTiming` for the reasons `init` gives.
    static func clock(frameCount: Int, fps: Double, duration: Double) throws(APNGEncodingError) -> APNGClock {
        if let problem = AnimationTiming.problem(frameCount: frameCount, fps: fps, duration: duration, maximumDuration: maximumDuration) {
            throw .invalidTiming(problem)
        }
        return APNGClock(fps: fps)
    }
}
