import PickerKit
import Testing

@testable import PickerRender

/// A plan where every frame differs from the one before.
private func movingPlan(duration: Double, fps: Double) throws -> APNGFramePlan {
    let count = timelineFrameCount(duration: duration, fps: fps)
    return try APNGFramePlan(frameCount: count, fps: fps, duration: duration, repeatsPrevious: Array(repeating: false, count: count))
}

/// The plan's delays in ticks, checking that each denominator divides the grid.
private func ticks(_ plan: APNGFramePlan) -> [Int] {
    plan.frames.map { frame in
        #expect(plan.ticksPerSecond % frame.delay.denominator == 0, "\(frame.delay) is off the grid")
        return frame.delay.numerator * (plan.ticksPerSecond / frame.delay.denominator)
    }
}

@Suite("APNG frame timing")
struct APNGFramePlanTests {
    @Test(
        "at any frame rate the delays add up to the duration on the grid, none is under 11 ms, and the last picture ends it",
        arguments: [1, 7.5, 12, 24, 25, 30_000.0 / 1_001, 30, 50, 60_000.0 / 1_001, 60, 90, 100, 120, 144, 240])
    func invariants(fps: Double) throws {
        for duration in [0.3, 1, 1.234_567, 2.5, 7.77] {
            let plan = try movingPlan(duration: duration, fps: fps)
            let clock = APNGClock(fps: fps)
            let delays = ticks(plan)
            #expect(delays.reduce(0, +) == clock.ticks(duration), "\(fps) fps, \(duration) s")
            #expect(abs(plan.totalSeconds - duration) <= 0.5 / Double(plan.ticksPerSecond) + 1e-12, "\(fps) fps, \(duration) s")
            #expect(plan.frames.allSatisfy { $0.delay.seconds >= 0.011 }, "\(fps) fps, \(duration) s")
            #expect(plan.frames.last?.sourceIndex == timelineFrameCount(duration: duration, fps: fps) - 1)
            #expect(zip(plan.frames, plan.frames.dropFirst()).allSatisfy { $0.sourceIndex < $1.sourceIndex })
            // Up to 90 fps a frame is at least 11 ms, so every frame due 11 ms before the end starts one; the last
            // of them may show the final picture instead, when that is due too close to the end for its own.
            if fps <= 90 {
                let dueBeforeTheEnd = (0..<timelineFrameCount(duration: duration, fps: fps)).filter {
                    clock.start(ofFrame: $0) <= clock.ticks(duration) - clock.minimumDelay
                }
                #expect(Set(dueBeforeTheEnd.dropLast()).isSubset(of: Set(plan.frames.map(\.sourceIndex))), "\(fps) fps, \(duration) s")
                #expect(plan.frames.count >= dueBeforeTheEnd.count, "\(fps) fps, \(duration) s")
            }
        }
    }

    @Test("whole frame rates start every frame exactly at k / fps; others round to 1/60000 s without drift")
    func grids() {
        #expect(APNGClock(fps: 30).ticksPerSecond == 65_520 && APNGClock(fps: 30).ticksPerFrame == 2_184)
        #expect(APNGClock(fps: 240).ticksPerFrame == 273)
        #expect(APNGClock(fps: 1).ticksPerSecond == 65_535)
        #expect(APNGClock(fps: 65_535).ticksPerFrame == 1)
        #expect(APNGClock(fps: 29.97).ticksPerSecond == 60_000 && APNGClock(fps: 29.97).ticksPerFrame == nil)
        let clock = APNGClock(fps: 29.97)
        // Frame 2997 is due at exactly 100 s.
        #expect(clock.start(ofFrame: 2_997) == 6_000_000)
        #expect(clock.minimumDelay == 660 && APNGClock(fps: 30).minimumDelay == 721)
    }

    @Test("a delay that does not fit one 16-bit fraction becomes whole seconds and the rest, each piece at least 11 ms")
    func longDelaysSplit() {
        let clock = APNGClock(fps: 30)
        for ticks in [65_535, 65_536, 65_520 + 1, 65_520 * 3 + 7, 65_520 * 2 + 5, 65_520 * 70_000 + 11, 65_520 * 200_000] {
            let delays = clock.delays(forTicks: ticks)
            let total = delays.reduce(0) { $0 + $1.numerator * (clock.ticksPerSecond / $1.denominator) }
            #expect(total == ticks, "\(ticks) ticks as \(delays)")
            #expect(delays.allSatisfy { $0.numerator <= 65_535 && $0.denominator <= 65_535 && $0.denominator > 0 })
            #expect(delays.allSatisfy { $0.seconds >= 0.011 }, "\(ticks) ticks as \(delays)")
        }
        // A whole number of frames always fits: 2 s is 2/1.
        #expect(clock.delays(forTicks: 131_040) == [APNGDelay(numerator: 2, denominator: 1)])
        // 3 s and 1 tick: 2 s, then 1 s and 1 tick, which is 65,521 ticks and fits.
        #expect(
            clock.delays(forTicks: 65_520 * 3 + 1) == [
                APNGDelay(numerator: 2, denominator: 1), APNGDelay(numerator: 65_521, denominator: 65_520),
            ])
        // 3 s and 7 ticks reduces by 7 and fits in one fraction.
        #expect(clock.delays(forTicks: 65_520 * 3 + 7) == [APNGDelay(numerator: 28_081, denominator: 9_360)])
        // When a second is almost the whole 16-bit range, the rest is halved.
        let fastest = APNGClock(fps: 65_535)
        let halves = fastest.delays(forTicks: 65_535 + 101)
        #expect(halves.count == 2 && halves.allSatisfy { $0.seconds >= 0.011 })
        #expect(halves.reduce(0) { $0 + $1.numerator * (65_535 / $1.denominator) } == 65_636)
    }

    @Test("a change closer than 11 ms to the end gives the last picture the final 11 ms, or replaces the last one")
    func endings() throws {
        // 30 fps, 0.99 s: frame 30 is due at 1 s, after the end; it takes the last 11 ms.
        let late = try movingPlan(duration: 0.99, fps: 30)
        #expect(late.frames.last?.sourceIndex == 30)
        #expect(late.frames.last?.delay == APNGDelay.exactly(ticks: 721, perSecond: 65_520))
        // Two frames 5 ms apart with nothing else: the second replaces the first.
        let short = try APNGFramePlan(frameCount: 2, fps: 200, duration: 0.005, repeatsPrevious: [false, false])
        #expect(short.frames.map(\.sourceIndex) == [1])
    }

    @Test("invalid timing is refused with a message")
    func invalidTiming() {
        #expect(throws: APNGEncodingError.invalidTiming("there are no frames")) {
            try APNGFramePlan(frameCount: 0, fps: 30, duration: 1, repeatsPrevious: [])
        }
        #expect(throws: APNGEncodingError.self) { try APNGFramePlan(frameCount: 2, fps: 30, duration: 1, repeatsPrevious: [false]) }
        #expect(throws: APNGEncodingError.self) { try APNGFramePlan(frameCount: 2, fps: -1, duration: 1, repeatsPrevious: [false, false]) }
        #expect(throws: APNGEncodingError.self) {
            try APNGFramePlan(frameCount: 2, fps: 30, duration: 1e9, repeatsPrevious: [false, false])
        }
    }
}
