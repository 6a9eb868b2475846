import AnimationTestSupport
import PickerKit
import PickerRender
import Testing

@testable import PickerWebP

/// Frame counts as the timeline makes them: ⌊duration × fps + 0.5⌋ + 1.
func timelineFrameCount(duration: Double, fps: Double) -> Int {
    Int((duration * fps + 0.5 + 1e-6).rounded(.down)) + 1
}

/// A box that moves right, then back left, then holds.
private let rightThenLeft = MovingBox(positions: [4, 20, 36, 52, 68, 52, 36, 20, 4])

/// Source frame k's moment as WebP stores it: k / fps to the millisecond.
func webPMoment(_ index: Int, fps: Double) -> Double {
    Double(WebPFramePlan.start(ofFrame: index, fps: fps)) / 1000
}

@Suite("WebP encoding")
struct WebPEncoderTests {
    /// Encodes `box`, decodes it with WebPAnimDecoder and checks every moment against its source frame with
    /// `same`, and the durations against the plan.
    @discardableResult
    private func encodeAndPlay(
        _ box: MovingBox, fps: Double, duration: Double, options: WebPEncoderOptions = WebPEncoderOptions(), window: Double = 0,
        same: @escaping (RGBAImage, RGBAImage) -> Bool = { visiblyDifferingPixels($0, $1) == 0 },
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (EncodedWebP, DecodedWebP) {
        let count = timelineFrameCount(duration: duration, fps: fps)
        let encoded = try WebPEncoder(options: options).encode(frameCount: count, fps: fps, duration: duration) { box.frame($0) }
        let decoded = try DecodedWebP(encoded.bytes)
        let problems = decoded.playback.problems(
            frameCount: count, fps: fps, duration: duration, window: window, moment: { webPMoment($0, fps: fps) },
            source: { box.frame($0) },
            same: same)
        #expect(problems.isEmpty, "\(problems.prefix(5))", sourceLocation: sourceLocation)
        #expect(decoded.durations.reduce(0, +) == WebPFramePlan.milliseconds(duration), sourceLocation: sourceLocation)
        #expect(encoded.plan.totalDuration == WebPFramePlan.milliseconds(duration), sourceLocation: sourceLocation)
        #expect(encoded.frames.map(\.duration).reduce(0, +) == encoded.plan.totalDuration, sourceLocation: sourceLocation)
        return (encoded, decoded)
    }

    @Test("the defaults: lossless, looping forever, method 2, both disposals tried")
    func defaults() {
        let options = WebPEncoderOptions()
        #expect(options.quality == .lossless && options.loopCount == nil && options.method == 2 && options.minimizeSize)
    }

    @Test("trying both disposals never makes a larger file, and the pixels stay the same", arguments: ["seed-demo", "numbers-vertical"])
    func minimizeSize(name: String) throws {
        let renderer = try FrameDrawer(spec: try fixtureSpec(name))
        let timeline = renderer.plan.timeline
        let frames = try (0..<timeline.frameCount).map { try renderer.image(state: renderer.plan.timeline.state(forFrame: $0)) }
        func encode(_ minimize: Bool) throws -> EncodedWebP {
            try WebPEncoder(options: WebPEncoderOptions(minimizeSize: minimize)).encode(
                frameCount: frames.count, fps: timeline.fps, duration: timeline.duration
            ) { frames[$0] }
        }
        let (smallest, plain) = (try encode(true), try encode(false))
        #expect(smallest.bytes.count <= plain.bytes.count)
        let (a, b) = (try DecodedWebP(smallest.bytes), try DecodedWebP(plain.bytes))
        #expect(a.durations == b.durations && zip(a.frames, b.frames).allSatisfy { visiblyDifferingPixels($0, $1) == 0 })
    }

    @Test("lossless: a box moving right then left shows every frame at its moment, pixel for pixel, at any method", arguments: [0, 2, 6])
    func losslessPlaysExactly(method: Int) throws {
        let (encoded, decoded) = try encodeAndPlay(rightThenLeft, fps: 10, duration: 1.5, options: WebPEncoderOptions(method: method))
        #expect(encoded.frames.map(\.sourceIndex) == Array(0..<9))
        #expect(encoded.frames.map(\.duration) == Array(repeating: 100, count: 8) + [700])
        #expect(decoded.durations == encoded.frames.map(\.duration))
        #expect(decoded.loopCount == 0)
        // A second decoder, Pillow's own libwebp, shows the same frames.
        let pillow = try PillowAnimation(bytes: encoded.bytes, fileExtension: "webp")
        #expect(pillow.frames == decoded.frames)
        #expect(pillow.durations == decoded.durations.map(Double.init))
    }

    @Test("a transparent background and a translucent box keep their alpha")
    func transparency() throws {
        var box = rightThenLeft
        box.opaqueBackground = false
        box.boxColor = (52, 199, 89, 102)
        let (_, decoded) = try encodeAndPlay(box, fps: 10, duration: 1.2)
        let last = try #require(decoded.frames.last)
        #expect(last.pixel(x: 60, y: 4).alpha == 0)
        #expect(last.pixel(x: 8, y: 4).alpha == box.frame(20).pixel(x: 8, y: 4).alpha)
    }

    @Test("the loop count is stored as the number of plays, 0 for forever", arguments: [nil, 1, 3, 65_535] as [Int?])
    func loopCount(_ loopCount: Int?) throws {
        let encoded = try WebPEncoder(options: WebPEncoderOptions(loopCount: loopCount)).encode(frameCount: 3, fps: 10, duration: 0.2) {
            rightThenLeft.frame($0)
        }
        #expect(try DecodedWebP(encoded.bytes).loopCount == (loopCount ?? 0))
        #expect(try PillowAnimation(bytes: encoded.bytes, fileExtension: "webp").loop == (loopCount ?? 0))
    }

    @Test("identical frames merge into one frame whose duration is their sum")
    func holdsMerge() throws {
        var positions = [4, 8, 12, 16] + Array(repeating: 16, count: 17) + [30, 44]
        positions += Array(repeating: 44, count: 40)
        let (encoded, decoded) = try encodeAndPlay(MovingBox(positions: positions), fps: 30, duration: 2)
        #expect(encoded.frames.map(\.sourceIndex) == [0, 1, 2, 3, 21, 22])
        // Starts at 0, 33, 67, 100, 700 and 733 ms (k / 30 s rounded), the end at 2000 ms.
        #expect(encoded.frames.map(\.timestamp) == [0, 33, 67, 100, 700, 733])
        #expect(decoded.durations == [33, 34, 33, 600, 33, 1_267])
    }

    @Test("a one-frame animation shows its picture")
    func oneFrame() throws {
        let encoded = try WebPEncoder().encode(frameCount: 1, fps: 30, duration: 0.5) { _ in rightThenLeft.frame(3) }
        let decoded = try DecodedWebP(encoded.bytes)
        #expect(decoded.frames.count == 1)
        #expect(visiblyDifferingPixels(try #require(decoded.frames.first), rightThenLeft.frame(3)) == 0)
        #expect(encoded.frames == [WebPFramePlan.Frame(sourceIndex: 0, timestamp: 0, duration: 500)])
    }

    @Test("29.97 fps: each start is its frame's time to the millisecond, without drift")
    func fractionalFrameRate() throws {
        let fps = 30_000.0 / 1_001
        let box = MovingBox(positions: Array(stride(from: 0, through: 70, by: 2)))
        let (encoded, _) = try encodeAndPlay(box, fps: fps, duration: 1.3)
        for frame in encoded.frames {
            #expect(abs(Double(frame.timestamp) - Double(frame.sourceIndex) * 1000 / fps) <= 0.5)
        }
        #expect(Set(encoded.frames.dropLast().map(\.duration)).isSubset(of: [33, 34]))
    }

    @Test("240 fps: no duration under 11 ms, changes merged to the next start, the total still the duration")
    func fastFrameRate() throws {
        let (encoded, decoded) = try encodeAndPlay(MovingBox(positions: Array(0..<76)), fps: 240, duration: 0.4, window: 0.025)
        #expect(decoded.durations.allSatisfy { $0 >= 11 })
        #expect(encoded.frames.count < 40)
    }

    @Test("a hold longer than a WebP frame can last (16,777,215 ms) is split, and still plays for its whole length")
    func holdBeyondTheLongestDuration() throws {
        let duration = 20_000.0
        let small = MovingBox(width: 8, height: 8, positions: [0, 3], boxWidth: 2)
        let encoded = try WebPEncoder().encode(frameCount: 20_001, fps: 1, duration: duration) { small.frame($0) }
        #expect(encoded.frames.map(\.duration) == [1_000, 16_777_215, 19_999_000 - 16_777_215])
        let decoded = try DecodedWebP(encoded.bytes)
        #expect(decoded.durations.reduce(0, +) == 20_000_000)
        #expect(decoded.durations.allSatisfy { $0 <= WebPFramePlan.maximumFrameDuration })
        #expect(decoded.frames.first == small.frame(0))
        #expect(decoded.frames.dropFirst().allSatisfy { visiblyDifferingPixels($0, small.frame(1)) == 0 })
    }

    @Test("lossy at quality 80 stays close to every frame (PSNR over white at least 35 dB) and keeps alpha")
    func lossy() throws {
        var box = rightThenLeft
        box.opaqueBackground = false
        box.boxColor = (255, 149, 0, 160)
        let (encoded, decoded) = try encodeAndPlay(
            box, fps: 10, duration: 1, options: WebPEncoderOptions(quality: .lossy(80)), same: { psnrOverWhite($0, $1) >= 35 })
        let lossless = try WebPEncoder().encode(frameCount: 11, fps: 10, duration: 1) { box.frame($0) }
        #expect(encoded.bytes != lossless.bytes)
        // Where the background is clear the alpha stays 0; under the box it is the box's.
        let last = try #require(decoded.frames.last)
        #expect(last.pixel(x: 60, y: 1).alpha == 0)
        #expect(abs(Int(last.pixel(x: 10, y: 4).alpha) - 160) <= 2)
    }

    @Test("the same frames give the same bytes", arguments: [WebPQuality.lossless, .lossy(60)])
    func deterministic(quality: WebPQuality) throws {
        let options = WebPEncoderOptions(quality: quality)
        let first = try WebPEncoder(options: options).encode(frameCount: 12, fps: 10, duration: 1.1) { rightThenLeft.frame($0) }
        let second = try WebPEncoder(options: options).encode(frameCount: 12, fps: 10, duration: 1.1) { rightThenLeft.frame($0) }
        #expect(first.bytes == second.bytes)
    }

    @Test("invalid options, frames and timing are reported before libwebp sees them")
    func errors() throws {
        struct Stop: Error {}
        for options in [
            WebPEncoderOptions(loopCount: 0), WebPEncoderOptions(loopCount: 65_536), WebPEncoderOptions(quality: .lossy(101)),
            WebPEncoderOptions(quality: .lossy(-1)), WebPEncoderOptions(method: 7), WebPEncoderOptions(method: -1),
        ] {
            #expect(throws: WebPEncoderError.self) {
                try WebPEncoder(options: options).encode(frameCount: 1, fps: 10, duration: 0) { _ in rightThenLeft.frame(0) }
            }
        }
        let encoder = WebPEncoder()
        #expect(throws: WebPEncoderError.tooLarge(width: 16_384, height: 1)) {
            try encoder.encode(frameCount: 1, fps: 10, duration: 0) { _ in RGBAImage(width: 16_384, height: 1) }
        }
        let mismatch = FrameSizeMismatch(index: 1, width: 8, height: 8, expectedWidth: 96, expectedHeight: 24)
        #expect(throws: WebPEncoderError.frameSize(mismatch)) {
            try encoder.encode(frameCount: 2, fps: 10, duration: 0.1) { $0 == 0 ? rightThenLeft.frame(0) : RGBAImage(width: 8, height: 8) }
        }
        for (count, fps, duration) in [(0, 10.0, 1.0), (2, 0, 1), (2, .nan, 1), (2, 10, -1), (2, 10, 3e6)] {
            #expect(throws: WebPEncoderError.self) {
                try encoder.encode(frameCount: count, fps: fps, duration: duration) { rightThenLeft.frame($0) }
            }
        }
        #expect(throws: Stop.self) { try encoder.encode(frameCount: 3, fps: 10, duration: 0.2) { _ in throw Stop() } }
    }
}
