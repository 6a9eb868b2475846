import PickerCompare
import PickerKit
import Testing

/// How `compare` reads an animation's frame rate, length and frames from its delays alone, whether they are exact
/// fractions (APNG) or whole milliseconds (WebP).
@Suite("Playback timing")
struct PlaybackTimingTests {
    /// An animation of `starts` (seconds) ending at `length`, its delays rounded to the millisecond when `milliseconds`.
    func animation(starts: [Double], length: Double, milliseconds: Bool, loopCount: Int = 0) -> DecodedAnimation {
        let ends = Array(starts.dropFirst()) + [length]
        let rounded = { (time: Double) in milliseconds ? (time * 1000).rounded() / 1000 : time }
        let delays = zip(starts, ends).map { rounded($1) - rounded($0) }
        let picture = RGBAImage(width: 1, height: 1)
        return DecodedAnimation(
            width: 1, height: 1, pictures: Array(repeating: picture, count: delays.count), delays: delays, loopCount: loopCount)
    }

    @Test(arguments: [24.0, 30, 60, 23.976, 59.94])
    func theRateIsFoundFromExactAndMillisecondDelays(fps: Double) {
        // Every frame a change, then holds of 3 and 7 frames stored once, as encoders store them.
        // 80 frames: long enough (over a second) to tell 59.94 from 60 fps by a millisecond.
        var frames = Array(0..<80)
        frames.removeAll { (10...12).contains($0) || (20...26).contains($0) }
        frames.insert(10, at: 10)
        frames.insert(20, at: 18)
        let starts = frames.map { Double($0) / fps }
        let length = 80 / fps
        for milliseconds in [false, true] {
            let timing = PlaybackTiming(of: animation(starts: starts, length: length, milliseconds: milliseconds))
            #expect(timing.fps == fps, "milliseconds: \(milliseconds)")
            #expect(timing.frames == 80, "milliseconds: \(milliseconds)")
            #expect(abs(timing.length - length) <= 0.001)
        }
    }

    @Test func theSameRenderAsAPNGAndAsWebPPlaysAlike() {
        // 3.35 s at 30 fps: the last frame is cut short, and 3.35 × 30 is 100.5 in either rounding.
        let starts = (0...100).map { Double($0) / 30 }
        let exact = PlaybackTiming(of: animation(starts: starts, length: 3.35, milliseconds: false))
        let webp = PlaybackTiming(of: animation(starts: starts, length: 3.35, milliseconds: true))
        #expect(exact.change(to: webp) == nil)
        #expect(exact.summary == "30 fps, 3.35 s, 101 frames, loops forever")
    }

    @Test func aChangeIsSaidInWords() {
        let starts30 = (0..<60).map { Double($0) / 30 }
        let starts60 = (0..<120).map { Double($0) / 60 }
        let before = PlaybackTiming(of: animation(starts: starts30, length: 2, milliseconds: false))
        let after = PlaybackTiming(of: animation(starts: starts60, length: 2, milliseconds: true, loopCount: 3))
        #expect(before.change(to: after) == "30 fps → 60 fps, 2.00 s → 2.00 s, 60 frames → 120 frames, loops forever → plays 3 times")
        #expect(before.change(to: before) == nil)
    }
}
