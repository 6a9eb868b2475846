import AnimationTestSupport
import Foundation
import PickerKit
import Testing

@testable import PickerRender

/// Frame counts as the timeline makes them: ⌊duration × fps + 0.5⌋ + 1.
func timelineFrameCount(duration: Double, fps: Double) -> Int {
    Int((duration * fps + 0.5 + 1e-6).rounded(.down)) + 1
}

/// A box that moves right, then back left, then holds: each step changes the rectangle between two positions.
private let rightThenLeft = MovingBox(positions: [4, 20, 36, 52, 68, 52, 36, 20, 4])

@Suite("APNG encoding")
struct APNGEncoderTests {
    /// Encodes `box` at `fps` for `duration` s, decodes it twice and checks the file against its description
    /// and every moment against its source frame, exactly.
    @discardableResult
    private func encodeAndPlay(
        _ box: MovingBox, fps: Double, duration: Double, options: APNGEncoderOptions = APNGEncoderOptions(), window: Double = 0,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (EncodedAPNG, DecodedAPNG) {
        let count = timelineFrameCount(duration: duration, fps: fps)
        let encoded = try APNGEncoder(options: options).encode(frameCount: count, fps: fps, duration: duration) { box.frame($0) }
        let decoded = try DecodedAPNG(encoded.bytes)
        expectFileMatchesDescription(encoded, decoded, sourceLocation: sourceLocation)
        let clock = APNGClock(fps: fps)
        let problems = decoded.playback.problems(
            frameCount: count, fps: fps, duration: duration, window: window,
            moment: { Double(clock.start(ofFrame: $0)) / Double(clock.ticksPerSecond) }, source: { box.frame($0) },
            same: { visiblyDifferingPixels($0, $1) == 0 && $0.pixels == $1.pixels })
        #expect(problems.isEmpty, "\(problems.prefix(5))", sourceLocation: sourceLocation)
        // The delays add up to the duration exactly, on the plan's grid.
        let ticks = try #require(decoded.totalTicks(perSecond: encoded.plan.ticksPerSecond), sourceLocation: sourceLocation)
        #expect(ticks == clock.ticks(duration), sourceLocation: sourceLocation)
        #expect(
            abs(decoded.playback.duration - duration) <= 0.5 / Double(encoded.plan.ticksPerSecond) + 1e-9, sourceLocation: sourceLocation)
        return (encoded, decoded)
    }

    @Test("a box moving right then left: every moment shows its frame, and later frames store only the rectangle it crossed")
    func croppedFramesPlayExactly() throws {
        let (encoded, decoded) = try encodeAndPlay(rightThenLeft, fps: 10, duration: 1.5)
        #expect(encoded.hasAlpha)
        // Nine positions, then a hold: nine APNG frames.
        #expect(encoded.frames.map(\.sourceIndex) == Array(0..<9))
        let positions = rightThenLeft.positions
        for (index, frame) in encoded.frames.enumerated().dropFirst() {
            let (from, to) = (positions[index - 1], positions[index])
            let expected = PixelRect(
                x: min(from, to), y: 2, width: max(from, to) + rightThenLeft.boxWidth - min(from, to), height: rightThenLeft.height - 4)
            #expect(frame.rect == expected, "frame \(index): \(frame.rect), expected \(expected)")
            // The box is opaque, so every changed pixel is, and the unchanged ones are left transparent.
            #expect(frame.dispose == .none && frame.blend == .over)
        }
        // 1/10 s a step, and the hold to 1.5 s is 7/10 s.
        #expect(decoded.chunks.frames.map(\.delayDenominator).dropLast().allSatisfy { $0 == 10 })
        #expect(encoded.frames.last?.delay == APNGDelay(numerator: 7, denominator: 10))
        #expect(decoded.chunks.plays == 0 && decoded.pillow.loop == 0)
    }

    @Test("a transparent background and a translucent box keep every alpha value")
    func transparency() throws {
        var box = rightThenLeft
        box.opaqueBackground = false
        box.boxColor = (52, 199, 89, 102)
        let (encoded, decoded) = try encodeAndPlay(box, fps: 10, duration: 1.2)
        #expect(encoded.hasAlpha && decoded.pillow.mode == "RGBA")
        // Translucent pixels change, which OVER cannot put on screen exactly: those frames replace their region.
        #expect(encoded.frames.dropFirst().allSatisfy { $0.blend == .source })
        // Where the box leaves, pixels become transparent again: the rectangle replaces what was there.
        let leftBehind = try #require(decoded.pillow.frames.last)
        #expect(leftBehind.pixel(x: 60, y: 4).alpha == 0)
    }

    @Test("frames blend OVER where every changed pixel is opaque and replace their region where one is translucent")
    func blendChoice() throws {
        let opaque = rightThenLeft
        var translucent = rightThenLeft
        translucent.boxColor = (255, 59, 48, 128)
        var asked: [Int] = []
        let encoded = try APNGEncoder().encode(frameCount: 7, fps: 10, duration: 0.6) { index in
            asked.append(index)
            return index < 4 ? opaque.frame(index) : translucent.frame(index)
        }
        // One pass: every frame asked for once, in order.
        #expect(asked == Array(0..<7))
        #expect(encoded.frames.map(\.blend) == [.source, .over, .over, .over, .over, .over, .over])
        var clear = translucent
        clear.opaqueBackground = false
        let onClear = try APNGEncoder().encode(frameCount: 7, fps: 10, duration: 0.6) { $0 < 4 ? opaque.frame($0) : clear.frame($0) }
        // Frame 4 turns the background clear: translucent pixels change, so it replaces its whole region.
        #expect(onClear.frames.map(\.blend) == [.source, .over, .over, .over, .source, .source, .source])
        for (encoded, source) in [(encoded, translucent), (onClear, clear)] {
            let decoded = try DecodedAPNG(encoded.bytes)
            expectFileMatchesDescription(encoded, decoded)
            for (shown, frame) in zip(decoded.pillow.frames, encoded.frames) {
                #expect(shown == (frame.sourceIndex < 4 ? opaque.frame(frame.sourceIndex) : source.frame(frame.sourceIndex)))
            }
        }
    }

    @Test("a single opaque picture is stored as RGB; a single translucent one as RGBA")
    func stillPictures() throws {
        let opaque = try APNGEncoder().encode(frameCount: 5, fps: 10, duration: 0.4) { _ in rightThenLeft.frame(2) }
        #expect(!opaque.hasAlpha && opaque.frames.count == 1)
        #expect(try APNGChunkReader(opaque.bytes).colorType == 2)
        #expect(try DecodedAPNG(opaque.bytes).pillow.frames == [rightThenLeft.frame(2)])
        var clear = rightThenLeft
        clear.opaqueBackground = false
        let translucent = try APNGEncoder().encode(frameCount: 1, fps: 10, duration: 0) { _ in clear.frame(2) }
        #expect(translucent.hasAlpha)
        #expect(try DecodedAPNG(translucent.bytes).pillow.frames == [clear.frame(2)])
    }

    @Test("identical frames merge into one frame whose delay is their sum, n / fps in lowest terms")
    func holdsMerge() throws {
        // Moves on frames 1–3, holds until frame 20, moves on 21 and 22, then holds to 2 s.
        var positions = [4, 8, 12, 16] + Array(repeating: 16, count: 17) + [30, 44]
        positions += Array(repeating: 44, count: 40)
        let box = MovingBox(positions: positions)
        let (encoded, _) = try encodeAndPlay(box, fps: 30, duration: 2)
        #expect(encoded.frames.map(\.sourceIndex) == [0, 1, 2, 3, 21, 22])
        #expect(
            encoded.frames.map(\.delay) == [
                APNGDelay(numerator: 1, denominator: 30), APNGDelay(numerator: 1, denominator: 30),
                APNGDelay(numerator: 1, denominator: 30),
                APNGDelay(numerator: 3, denominator: 5), APNGDelay(numerator: 1, denominator: 30),
                APNGDelay(numerator: 19, denominator: 15),
            ])
    }

    @Test("acTL's num_plays is the loop count: 0 forever, N plays N times", arguments: [nil, 1, 3, 65_535] as [Int?])
    func loopCount(_ loopCount: Int?) throws {
        let encoded = try APNGEncoder(options: APNGEncoderOptions(loopCount: loopCount)).encode(frameCount: 3, fps: 10, duration: 0.2) {
            rightThenLeft.frame($0)
        }
        let decoded = try DecodedAPNG(encoded.bytes)
        #expect(decoded.chunks.plays == (loopCount ?? 0))
        #expect(decoded.pillow.loop == (loopCount ?? 0))
    }

    @Test("a loop count outside 1…65535 and a level outside 0…12 are refused before any frame is asked for")
    func invalidOptions() {
        for options in [APNGEncoderOptions(loopCount: 0), APNGEncoderOptions(loopCount: 65_536)] {
            #expect(throws: APNGEncodingError.self) {
                try APNGEncoder(options: options).encode(frameCount: 2, fps: 10, duration: 0.1) { _ in
                    Issue.record("a frame was asked for")
                    return rightThenLeft.frame(0)
                }
            }
        }
        var wild = APNGEncoderOptions()
        wild.compression.level = 40
        #expect(throws: APNGEncodingError.self) {
            try APNGEncoder(options: wild).encode(frameCount: 1, fps: 10, duration: 0) { _ in rightThenLeft.frame(0) }
        }
    }

    @Test("a one-frame animation is one frame lasting the duration", arguments: [0.0, 0.5])
    func oneFrame(duration: Double) throws {
        let encoded = try APNGEncoder().encode(frameCount: 1, fps: 30, duration: duration) { _ in rightThenLeft.frame(3) }
        let decoded = try DecodedAPNG(encoded.bytes)
        expectFileMatchesDescription(encoded, decoded)
        #expect(encoded.frames.count == 1 && decoded.pillow.frames == [rightThenLeft.frame(3)])
        #expect(
            encoded.frames[0].delay == (duration == 0 ? APNGDelay(numerator: 0, denominator: 1) : APNGDelay(numerator: 1, denominator: 2)))
    }

    @Test("29.97 fps: starts rounded to 1/60000 s without drift, and the total is the duration")
    func fractionalFrameRate() throws {
        let fps = 30_000.0 / 1_001
        let box = MovingBox(positions: Array(stride(from: 0, through: 70, by: 2)))
        let (encoded, _) = try encodeAndPlay(box, fps: fps, duration: 1.3)
        #expect(encoded.plan.ticksPerSecond == 60_000)
        // 1001/30000 s is 2002 ticks: every step is exact.
        #expect(encoded.frames.dropLast().allSatisfy { $0.delay == APNGDelay(numerator: 1_001, denominator: 30_000) })
    }

    @Test("240 fps: no delay under 11 ms, changes merged to the next start, the total still the duration")
    func fastFrameRate() throws {
        let box = MovingBox(positions: Array(0..<76))
        let (encoded, decoded) = try encodeAndPlay(box, fps: 240, duration: 0.4, window: 0.025)
        #expect(decoded.chunks.frames.allSatisfy { $0.delay >= 0.011 })
        // Every third frame starts one: 12.5 ms, the first multiple of 1/240 s from 11 ms.
        #expect(encoded.frames.dropLast().allSatisfy { $0.delay == APNGDelay(numerator: 1, denominator: 80) })
        #expect(encoded.frames.count < 40)
    }

    @Test("a hold longer than 65,535 s, the longest fcTL delay, is split into frames showing the same picture")
    func holdBeyondTheLongestDelay() throws {
        let duration = 70_000.0
        let small = MovingBox(width: 4, height: 8, positions: [0, 2], boxWidth: 1)
        let encoded = try APNGEncoder().encode(frameCount: 70_001, fps: 1, duration: duration) { small.frame($0) }
        #expect(
            encoded.frames.map(\.delay) == [
                APNGDelay(numerator: 1, denominator: 1), APNGDelay(numerator: 65_535, denominator: 1),
                APNGDelay(numerator: 4_464, denominator: 1),
            ])
        #expect(encoded.frames.map(\.sourceIndex) == [0, 1, 1])
        let decoded = try DecodedAPNG(encoded.bytes)
        expectFileMatchesDescription(encoded, decoded)
        #expect(decoded.pillow.frames == [small.frame(0), small.frame(1), small.frame(1)])
        #expect(decoded.totalTicks(perSecond: encoded.plan.ticksPerSecond) == Int(duration) * encoded.plan.ticksPerSecond)
    }

    @Test("the same frames give the same bytes, at every filter; filters change bytes, never pixels", arguments: PNGRowFilter.allCases)
    func deterministicAtEveryFilter(filter: PNGRowFilter) throws {
        var box = rightThenLeft
        box.opaqueBackground = filter == .paeth
        let options = APNGEncoderOptions(compression: PNGCompression(level: 6, filter: filter))
        let (first, _) = try encodeAndPlay(box, fps: 10, duration: 1, options: options)
        let second = try APNGEncoder(options: options).encode(frameCount: 11, fps: 10, duration: 1) { box.frame($0) }
        #expect(first.bytes == second.bytes)
    }

    @Test("a frame of another size, bad timing and the provider's own error are reported")
    func errors() throws {
        struct Stop: Error {}
        let encoder = APNGEncoder()
        let mismatch = FrameSizeMismatch(index: 1, width: 8, height: 8, expectedWidth: 96, expectedHeight: 24)
        #expect(throws: APNGEncodingError.frameSize(mismatch)) {
            try encoder.encode(frameCount: 2, fps: 10, duration: 0.1) { $0 == 0 ? rightThenLeft.frame(0) : RGBAImage(width: 8, height: 8) }
        }
        for (count, fps, duration) in [(0, 10.0, 1.0), (2, 0, 1), (2, .nan, 1), (2, 10, -1), (2, 10, .infinity)] {
            #expect(throws: APNGEncodingError.self) {
                try encoder.encode(frameCount: count, fps: fps, duration: duration) { rightThenLeft.frame($0) }
            }
        }
        #expect(throws: Stop.self) { try encoder.encode(frameCount: 3, fps: 10, duration: 0.2) { _ in throw Stop() } }
    }
}
