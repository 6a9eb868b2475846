import AnimationTestSupport
import PickerKit
import Testing

@testable import PickerGIF

@Suite("Exact colour counting")
struct ColorCounterTests {
    @Test("counts opaque colours and skips transparent ones")
    func counts() throws {
        var image = RGBAImage(width: 4, height: 1)
        image.setPixel(x: 0, y: 0, to: (10, 20, 30, 255))
        image.setPixel(x: 1, y: 0, to: (10, 20, 30, 255))
        image.setPixel(x: 2, y: 0, to: (200, 0, 0, 255))
        var counter = ColorCounter()
        counter.add(image, changed: nil)
        let all = try #require(counter.allColors(limit: 255))
        #expect(all.count == 2)
        let top = counter.mostFrequent(1) { _ in false }
        #expect(top.count == 1 && top[0] == (10, 20, 30))
        #expect(counter.mostFrequent(5) { $0 == (10, 20, 30) }.map { [$0.red, $0.green, $0.blue] } == [[200, 0, 0]])
        #expect(counter.allColors(limit: 1) == nil)
    }

    @Test("only changed pixels count after the first frame")
    func changedOnly() {
        var counter = ColorCounter()
        let image = RGBAImage(width: 2, height: 1, filledWith: (1, 2, 3, 255))
        counter.add(image, changed: [false, true])
        #expect(counter.counts.values.reduce(0, +) == 1)
    }
}

@Suite("GIF encoding, palettes and frame rates")
struct GIFPaletteAndRateTests {
    @Test("255 colours or fewer come back exactly")
    func losslessWhenFewColors() throws {
        // 200 distinct greys in a band that scrolls.
        func frame(_ index: Int) -> RGBAImage {
            var image = RGBAImage(width: 200, height: 8)
            for x in 0..<200 {
                let grey = UInt8((x + index * 7) % 200)
                for y in 0..<8 { image.setPixel(x: x, y: y, to: (grey, grey, 255 - grey, 255)) }
            }
            return image
        }
        let gif = try GIFEncoder().encode(frameCount: 10, fps: 10, duration: 0.9, frame: frame)
        let decoded = try DecodedGIF(gif.bytes)
        for (shown, planned) in zip(decoded.frames, gif.frames) {
            #expect(meanAbsoluteError(shown.canvas, frame(planned.sourceIndex)) == 0)
        }
    }

    @Test("a fully transparent or single-colour animation still encodes", arguments: [0, 255] as [UInt8])
    func degenerate(alpha: UInt8) throws {
        let blank = RGBAImage(width: 16, height: 4, filledWith: (30, 60, 90, alpha))
        let gif = try GIFEncoder().encode(frameCount: 3, fps: 30, duration: 2.0 / 30) { _ in blank }
        let decoded = try DecodedGIF(gif.bytes)
        #expect(decoded.frames.count == 1)
        #expect(try meanAbsoluteError(#require(decoded.frames.last).canvas, blank.withBinaryAlpha()) == 0)
    }

    @Test("thousands of colours still fit 256 and stay close")
    func manyColors() throws {
        func frame(_ index: Int) -> RGBAImage {
            var image = RGBAImage(width: 128, height: 64)
            for y in 0..<64 {
                for x in 0..<128 {
                    image.setPixel(x: x, y: y, to: (UInt8((x * 2 + index) & 0xFF), UInt8(y * 4), UInt8((x + y + index * 3) & 0xFF), 255))
                }
            }
            return image
        }
        let gif = try GIFEncoder().encode(frameCount: 6, fps: 30, duration: 5.0 / 30, frame: frame)
        let decoded = try DecodedGIF(gif.bytes)
        #expect(decoded.paletteCount <= 256 && gif.paletteCount <= 256)
        let last = try #require(decoded.frames.last)
        let error = meanAbsoluteError(last.canvas, frame(5))
        #expect(error < 8, "mean absolute error \(error) of 255")
    }

    @Test("120 fps plays at 50 frames a second with the right total", arguments: [60.0, 120.0])
    func highFrameRate(fps: Double) throws {
        let picker = SyntheticPicker(width: 90, height: 20, movingFrames: Int(fps / 2))
        let duration = 1.0
        let count = Int((duration * fps + 0.5).rounded(.down)) + 1
        let gif = try GIFEncoder().encode(frameCount: count, fps: fps, duration: duration) { picker.frame($0) }
        let decoded = try DecodedGIF(gif.bytes)
        #expect(decoded.frames.allSatisfy { $0.delay >= 2 })
        #expect(decoded.frames.map(\.delay).reduce(0, +) == 100)
        #expect(decoded.frames.count < count)
        for (shown, planned) in zip(decoded.frames, gif.frames) {
            #expect(meanAbsoluteError(shown.canvas, picker.frame(planned.sourceIndex)) < 3)
        }
    }
}
