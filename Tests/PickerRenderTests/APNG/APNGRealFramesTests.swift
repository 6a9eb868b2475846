import AnimationTestSupport
import PickerKit
import Testing

@testable import PickerRender

@Suite("APNG of rendered specs")
struct APNGRealFramesTests {
    @Test(
        "the seed demo and numbers-vertical play every rendered frame at its moment, pixel for pixel",
        arguments: ["seed-demo", "numbers-vertical"])
    func renderedSpecsPlayExactly(name: String) throws {
        let renderer = try FrameDrawer(spec: try fixtureSpec(name))
        let timeline = renderer.timeline
        let frames = try (0..<timeline.frameCount).map { try renderer.image(forFrame: $0) }
        let encoded = try APNGEncoder(options: APNGEncoderOptions(loopCount: renderer.plan.spec.output.loopCount)).encode(
            frameCount: timeline.frameCount, fps: timeline.fps, duration: timeline.duration
        ) { frames[$0] }
        let decoded = try DecodedAPNG(encoded.bytes)
        expectFileMatchesDescription(encoded, decoded)
        let clock = APNGClock(fps: timeline.fps)
        let problems = decoded.playback.problems(
            frameCount: frames.count, fps: timeline.fps, duration: timeline.duration, window: 0, moment: { timeline.time(ofFrame: $0) },
            source: { frames[$0] }, same: { $0 == $1 })
        #expect(problems.isEmpty, "\(problems.prefix(5))")
        #expect(decoded.totalTicks(perSecond: clock.ticksPerSecond) == clock.ticks(timeline.duration))
        // Every distinct picture is a frame of its own (both specs are at most 60 fps), and later frames store
        // only what changed.
        let distinct = (1..<frames.count).filter { frames[$0] != frames[$0 - 1] }.count + 1
        #expect(encoded.frames.count == distinct)
        let canvas = renderer.plan.pixelWidth * renderer.plan.pixelHeight
        #expect(encoded.frames.dropFirst().allSatisfy { $0.rect.width * $0.rect.height < canvas / 2 })
        // Opaque pictures: every later frame is blended over, its unchanged pixels transparent.
        #expect(encoded.hasAlpha && encoded.frames.dropFirst().allSatisfy { $0.blend == .over })
    }

    @Test("a clear background: the APNG keeps the translucent highlight over nothing")
    func clearBackground() throws {
        var spec = try fixtureSpec("seed-demo")
        spec.style.background = .clear
        let renderer = try FrameDrawer(spec: spec)
        let timeline = renderer.timeline
        let frames = try (0..<timeline.frameCount).map { try renderer.image(forFrame: $0) }
        let encoded = try APNGEncoder().encode(frameCount: frames.count, fps: timeline.fps, duration: timeline.duration) { frames[$0] }
        #expect(encoded.hasAlpha)
        let decoded = try DecodedAPNG(encoded.bytes)
        for (shown, frame) in zip(decoded.pillow.frames, encoded.frames) {
            #expect(visiblyDifferingPixels(shown, frames[frame.sourceIndex]) == 0, "frame \(frame.sourceIndex)")
        }
    }
}
