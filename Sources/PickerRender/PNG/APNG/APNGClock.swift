/// The time grid of an APNG plan: frame starts and the end as whole ticks, and ticks as fcTL delays.
///
/// For a whole frame rate up to 65,535 a tick is a whole fraction of a frame (65,520 ticks a second at 30 fps:
/// 2,184 a frame), so every frame starts exactly at k / fps and a delay of n frames is written n / fps in lowest
/// terms; only the end, at the duration, falls between frames. Other frame rates use 60,000 ticks a second
/// (exact for 29.97, 59.94 and 12.5 fps) with each start rounded to the nearest tick, so rounding never
/// accumulates.
struct APNGClock: Equatable {
    /// The frame rate.
    let fps: Double
    /// Ticks in one second: at most 65,535, so any delay under a second is one fcTL fraction.
    let ticksPerSecond: Int
    /// Ticks in one frame when the frame rate is whole; nil when starts are rounded.
    let ticksPerFrame: Int?
    /// The shortest delay written between two starts, in ticks: 11 ms, since browsers play shorter APNG
    /// delays as 100 ms.
    let minimumDelay: Int

    /// The shortest delay browsers honour, in milliseconds.
    static let minimumDelayMilliseconds = 11
    /// Ticks a second when the frame rate is not a whole number.
    static let fineTicksPerSecond = 60_000

    /// The grid for `fps`, a positive finite number.
    init(fps: Double) {
        self.fps = fps
        if fps.rounded() == fps, fps >= 1, fps <= Double(APNGDelay.maximumTerm) {
            let whole = Int(fps)
            let perFrame = APNGDelay.maximumTerm / whole
            ticksPerFrame = perFrame
            ticksPerSecond = perFrame * whole
        } else {
            ticksPerFrame = nil
            ticksPerSecond = Self.fineTicksPerSecond
        }
        minimumDelay = (Self.minimumDelayMilliseconds * ticksPerSecond + 999) / 1000
    }

    /// The tick at which frame `index` starts: exactly index × ticksPerFrame, or index / fps rounded.
    func start(ofFrame index: Int) -> Int {
        if let ticksPerFrame { return index * ticksPerFrame }
        return ticks(Double(index) / fps)
    }

    /// Seconds to the nearest tick; the caller keeps `seconds` within `APNGFramePlan.maximumDuration`.
    func ticks(_ seconds: Double) -> Int {
        Int((seconds * Double(ticksPerSecond)).rounded())
    }

    /// The fcTL delays that together last exactly `ticks`: one fraction when it fits in 16-bit terms,
    /// otherwise whole seconds and then the rest, every piece at least `minimumDelay` long whenever `ticks` is.
    func delays(forTicks ticks: Int) -> [APNGDelay] {
        var delays: [APNGDelay] = []
        var remaining = max(ticks, 0)
        while true {
            if let delay = APNGDelay.exactly(ticks: remaining, perSecond: ticksPerSecond) {
                delays.append(delay)
                return delays
            }
            // Whole seconds, leaving at least the minimum, and less than a second plus the minimum.
            let seconds = min(APNGDelay.maximumTerm, (remaining - minimumDelay) / ticksPerSecond)
            if seconds >= 1 {
                delays.append(APNGDelay(numerator: seconds, denominator: 1))
                remaining -= seconds * ticksPerSecond
                continue
            }
            // Less than a second plus the minimum, yet more than 65,535 ticks (only when a second holds more
            // than 64,814 ticks): two halves of at most 33,128 ticks, each of which fits, so the fallback below
            // is never taken.
            let half = remaining / 2
            delays.append(APNGDelay.exactly(ticks: half, perSecond: ticksPerSecond) ?? APNGDelay(numerator: 0, denominator: 1))
            remaining -= half
        }
    }
}
