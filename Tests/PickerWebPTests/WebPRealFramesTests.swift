import AnimationTestSupport
import PickerKit
import PickerRender
import Testing

@testable import PickerWebP

@Suite("WebP of rendered specs")
struct WebPRealFramesTests {
    /// Every frame of `name`, rendered.
    private func rendered(_ spec: PickerSpec) throws -> (frames: [RGBAImage], timeline: Timeline) {
        let renderer = try FrameDrawer(spec: spec)
        return (
            try (0..<renderer.plan.timeline.frameCount).map { try renderer.image(state: renderer.plan.timeline.state(forFrame: $0)) },
            renderer.plan.timeline
        )
    }

    @Test(
        "lossless: the seed demo and numbers-vertical play every rendered frame at its moment, pixel for pixel",
        arguments: ["seed-demo", "numbers-vertical"])
    func losslessRenderedSpecs(name: String) throws {
        let (frames, timeline) = try rendered(try fixtureSpec(name))
        let encoded = try WebPEncoder().encode(frameCount: frames.count, fps: timeline.fps, duration: timeline.duration) { frames[$0] }
        let decoded = try DecodedWebP(encoded.bytes)
        let problems = decoded.playback.problems(
            frameCount: frames.count, fps: timeline.fps, duration: timeline.duration, window: 0,
            moment: { webPMoment($0, fps: timeline.fps) },
            source: { frames[$0] }, same: { visiblyDifferingPixels($0, $1) == 0 })
        #expect(problems.isEmpty, "\(problems.prefix(5))")
        #expect(decoded.durations.reduce(0, +) == WebPFramePlan.milliseconds(timeline.duration))
        // Within 1 ms a frame of the timeline, and in fact within half a millisecond in all.
        #expect(abs(Double(decoded.durations.reduce(0, +)) / 1000 - timeline.duration) <= 0.0005 + 1e-9)
        let distinct = (1..<frames.count).filter { frames[$0] != frames[$0 - 1] }.count + 1
        #expect(encoded.frames.count == distinct && decoded.frames.count == distinct)
    }

    @Test("lossy at quality 90: every moment of the seed demo at least 33 dB PSNR of its frame")
    func lossyRenderedSpec() throws {
        let (frames, timeline) = try rendered(try fixtureSpec("seed-demo"))
        let options = WebPEncoderOptions(quality: .lossy(90))
        let encoded = try WebPEncoder(options: options).encode(frameCount: frames.count, fps: timeline.fps, duration: timeline.duration) {
            frames[$0]
        }
        let decoded = try DecodedWebP(encoded.bytes)
        let problems = decoded.playback.problems(
            frameCount: frames.count, fps: timeline.fps, duration: timeline.duration, window: 0,
            moment: { webPMoment($0, fps: timeline.fps) },
            source: { frames[$0] }, same: { psnrOverWhite($0, $1) >= 33 })
        #expect(problems.isEmpty, "\(problems.prefix(5))")
    }

    @Test("a clear background: the WebP keeps the translucent highlight over nothing")
    func clearBackground() throws {
        var spec = try fixtureSpec("seed-demo")
        spec.style.background = .clear
        let (frames, timeline) = try rendered(spec)
        let encoded = try WebPEncoder().encode(frameCount: frames.count, fps: timeline.fps, duration: timeline.duration) { frames[$0] }
        let decoded = try DecodedWebP(encoded.bytes)
        let problems = decoded.playback.problems(
            frameCount: frames.count, fps: timeline.fps, duration: timeline.duration, window: 0,
            moment: { webPMoment($0, fps: timeline.fps) },
            source: { frames[$0] }, same: { visiblyDifferingPixels($0, $1) == 0 })
        #expect(problems.isEmpty, "\(problems.prefix(5))")
        #expect(decoded.frames.first.map { $0.pixel(x: 0, y: 0).alpha } == 0)
    }
}
