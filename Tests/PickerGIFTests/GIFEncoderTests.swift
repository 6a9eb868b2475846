import AnimationTestSupport
import PickerKit
import Testing

@testable import PickerGIF

/// 30 fps, 12 moving frames then a hold to 1.5 s: the shape of a picker animation with a tail.
private let fps = 30.0
private let duration = 1.5
private let frameCount = Int((duration * fps + 0.5).rounded(.down)) + 1

private func encode(_ picker: SyntheticPicker, options: GIFEncoderOptions = GIFEncoderOptions()) throws -> EncodedGIF {
    try GIFEncoder(options: options).encode(frameCount: frameCount, fps: fps, duration: duration) { picker.frame($0) }
}

@Suite("GIF encoding")
struct GIFEncoderTests {
    @Test("identical frames merge, delays sum to the duration, one global palette of at most 256 colours")
    func structure() throws {
        let picker = SyntheticPicker()
        let gif = try encode(picker)
        let decoded = try DecodedGIF(gif.bytes)
        #expect(decoded.width == picker.width && decoded.height == picker.height)
        // 12 moving frames after the first, then a single held frame: 13 pictures.
        #expect(decoded.frames.count == 13)
        #expect(decoded.frames.count == gif.frames.count)
        #expect(decoded.frames.map(\.delay) == gif.frames.map(\.delay))
        // Opaque frames never need clearing, so the file holds exactly the plan.
        #expect(gif.frames == gif.plan.frames)
        #expect(decoded.frames.map(\.delay).reduce(0, +) == 150)
        #expect(decoded.frames.allSatisfy { $0.delay >= 2 })
        #expect(decoded.paletteCount <= 256 && gif.paletteCount <= 256)
        #expect(decoded.usesGlobalPaletteOnly)
        #expect(decoded.loopRepetitions == 0)
    }

    @Test("the decoded last frame is close to the source's last frame")
    func lastFrameFidelity() throws {
        let picker = SyntheticPicker()
        let decoded = try DecodedGIF(try encode(picker).bytes)
        let last = try #require(decoded.frames.last)
        let error = meanAbsoluteError(last.canvas, picker.frame(frameCount - 1))
        #expect(error < 3, "mean absolute error \(error) of 255")
        // Every frame shown matches its source, so delta frames left nothing stale behind.
        let gifFrames = try encode(picker).frames
        for (shown, planned) in zip(decoded.frames, gifFrames) {
            #expect(meanAbsoluteError(shown.canvas, picker.frame(planned.sourceIndex)) < 3)
        }
    }

    @Test("later frames store only the rectangle that changed")
    func deltaFrames() throws {
        let picker = SyntheticPicker()
        let decoded = try DecodedGIF(try encode(picker).bytes)
        let first = try #require(decoded.frames.first)
        #expect(first.rect.width == picker.width && first.rect.height == picker.height)
        let moving = decoded.frames.dropFirst()
        // The highlight moves horizontally inside the track, so no delta frame reaches the 2 px border rows.
        #expect(moving.allSatisfy { $0.rect.y >= 2 && $0.rect.y + $0.rect.height <= picker.height - 2 })
        #expect(moving.allSatisfy { $0.rect.width < picker.width })
        #expect(moving.allSatisfy { $0.transparentIndex >= 0 })
    }

    @Test("dithering noise never widens a delta frame beyond what moved")
    func ditheringStaysLocal() throws {
        // A many-coloured gradient (so the palette cannot hold it and remapping dithers) under a small moving
        // square: each delta frame must stay within the square's old and new positions.
        let width = 160
        let height = 40
        func left(_ index: Int) -> Int { 10 + index * 6 }
        func frame(_ index: Int) -> RGBAImage {
            var image = RGBAImage(width: width, height: height)
            for y in 0..<height {
                for x in 0..<width {
                    image.setPixel(x: x, y: y, to: (UInt8(x * 255 / width), UInt8(y * 255 / height), UInt8((x * 3 + y * 5) & 0xFF), 255))
                }
            }
            for y in 15..<25 { for x in left(index)..<(left(index) + 10) { image.setPixel(x: x, y: y, to: (20, 20, 20, 255)) } }
            return image
        }
        let gif = try GIFEncoder().encode(frameCount: 8, fps: 10, duration: 0.7, frame: frame)
        let decoded = try DecodedGIF(gif.bytes)
        #expect(decoded.frames.count == 8)
        for (position, shown) in decoded.frames.enumerated().dropFirst() {
            let rect = shown.rect
            #expect(rect.y >= 15 && rect.y + rect.height <= 25, "frame \(position) covers rows \(rect.y)..<\(rect.y + rect.height)")
            #expect(
                rect.x >= left(position - 1) && rect.x + rect.width <= left(position) + 10,
                "frame \(position) covers columns \(rect.x)..<\(rect.x + rect.width)")
        }
        let last = try #require(decoded.frames.last)
        #expect(meanAbsoluteError(last.canvas, frame(7)) < 6)
    }

    @Test("a transparent background gives a transparent index, not a black box")
    func transparentBackground() throws {
        var picker = SyntheticPicker()
        picker.background = nil
        let gif = try encode(picker)
        let decoded = try DecodedGIF(gif.bytes)
        let last = try #require(decoded.frames.last)
        let source = picker.frame(frameCount - 1)
        // The corners sit outside the rounded track: transparent in the source, transparent in the GIF.
        #expect(source.pixel(x: 0, y: 0).alpha == 0)
        #expect(last.canvas.pixel(x: 0, y: 0).alpha == 0)
        #expect(last.canvas.pixel(x: picker.width - 1, y: picker.height - 1).alpha == 0)
        #expect(last.canvas.pixel(x: picker.width / 2, y: picker.height / 2).alpha == 255)
        let error = meanAbsoluteError(last.canvas, source.withBinaryAlpha())
        #expect(error < 3, "mean absolute error \(error) of 255")
        for (shown, planned) in zip(decoded.frames, gif.frames) {
            #expect(meanAbsoluteError(shown.canvas, picker.frame(planned.sourceIndex).withBinaryAlpha()) < 3)
        }
    }

    @Test("a matte keeps a translucent highlight over a clear background, which the threshold drops")
    func matte() throws {
        // A 40 % grey highlight on nothing, next to an opaque blue label.
        func frame(_ index: Int) -> RGBAImage {
            var image = RGBAImage(width: 48, height: 12)
            for y in 2..<10 { for x in (index * 4)..<(index * 4 + 12) { image.setPixel(x: x, y: y, to: (128, 128, 128, 102)) } }
            for y in 4..<8 { for x in 40..<46 { image.setPixel(x: x, y: y, to: (0, 90, 255, 255)) } }
            return image
        }
        let plain = try DecodedGIF(try GIFEncoder().encode(frameCount: 3, fps: 10, duration: 0.2, frame: frame).bytes)
        #expect(try #require(plain.frames.last).canvas.pixel(x: 10, y: 5).alpha == 0)
        let white = RGBAColor(hex: 0xFFFFFF)
        let matted = try DecodedGIF(
            try GIFEncoder(options: GIFEncoderOptions(matte: white)).encode(frameCount: 3, fps: 10, duration: 0.2, frame: frame).bytes)
        let last = try #require(matted.frames.last)
        // 40 % of 128 over white: 0.4 × 128 + 0.6 × 255 ≈ 204.
        let pixel = last.canvas.pixel(x: 10, y: 5)
        #expect(pixel.alpha == 255 && abs(Int(pixel.red) - 204) <= 2)
        #expect(last.canvas.pixel(x: 2, y: 5).alpha == 0, "the highlight's old place is transparent again")
        #expect(last.canvas.pixel(x: 0, y: 0).alpha == 0)
        #expect(last.canvas.pixel(x: 42, y: 5) == (0, 90, 255, 255))
        #expect(throws: GIFEncodingError.self) {
            try GIFEncoder(options: GIFEncoderOptions(matte: RGBAColor(red: 2, green: 0, blue: 0))).encode(
                frameCount: 1, fps: 10, duration: 0
            ) { frame($0) }
        }
    }

    @Test("a highlight leaving a transparent area clears it through disposal", arguments: [10.0, 30.0, 50.0])
    func opaqueToTransparent(fps: Double) throws {
        // A blob that moves over nothing: each frame must turn last frame's opaque pixels transparent again.
        // At 10 fps every delay has room for a separate 2 cs clearing frame, at 50 fps none has, at 30 fps some.
        let width = 64
        let height = 16
        func frame(_ index: Int) -> RGBAImage {
            var image = RGBAImage(width: width, height: height)
            let left = min(index, 10) * 4
            for y in 4..<12 { for x in left..<(left + 12) { image.setPixel(x: x, y: y, to: (200, 40, 40, 255)) } }
            return image
        }
        let duration = 15 / fps
        let gif = try GIFEncoder().encode(frameCount: 16, fps: fps, duration: duration, frame: frame)
        let decoded = try DecodedGIF(gif.bytes)
        #expect(decoded.frames.count == gif.frames.count)
        #expect(decoded.frames.map(\.delay) == gif.frames.map(\.delay))
        #expect(decoded.frames.map(\.delay).reduce(0, +) == gif.plan.totalDelay)
        #expect(decoded.frames.allSatisfy { $0.delay >= 2 })
        for (shown, planned) in zip(decoded.frames, gif.frames) {
            #expect(meanAbsoluteError(shown.canvas, frame(planned.sourceIndex)) == 0)
        }
        #expect(decoded.frames.dropLast().contains { $0.disposal == 2 })
        // Clearing never snowballs into redrawing the whole canvas.
        #expect(decoded.frames.dropFirst().allSatisfy { $0.rect.height <= 8 && $0.rect.width <= 24 })
    }

    @Test("the loop count is written as repetitions after the first play")
    func loopCount() throws {
        let picker = SyntheticPicker(width: 40, height: 12, movingFrames: 3)
        #expect(try DecodedGIF(try encode(picker, options: GIFEncoderOptions(loopCount: 3)).bytes).loopRepetitions == 2)
        #expect(try DecodedGIF(try encode(picker, options: GIFEncoderOptions(loopCount: 1)).bytes).loopRepetitions == nil)
    }

    @Test("the same input encodes to the same bytes")
    func determinism() throws {
        let picker = SyntheticPicker()
        #expect(try encode(picker).bytes == encode(picker).bytes)
    }

    @Test("frames are far smaller than their RGBA pixels")
    func size() throws {
        let picker = SyntheticPicker()
        let gif = try encode(picker)
        let rawBytes = picker.width * picker.height * 4 * frameCount
        #expect(gif.bytes.count < rawBytes / 20, "\(gif.bytes.count) bytes")
        // Delta frames: all the GIF frames together cover far less than one full frame per GIF frame.
        let decoded = try DecodedGIF(gif.bytes)
        let written = decoded.frames.reduce(0) { $0 + $1.rect.width * $1.rect.height }
        let full = decoded.frames.count * picker.width * picker.height
        #expect(Double(written) < 0.6 * Double(full), "\(written) of \(full) pixels written")
        // The first frame alone, as a still, bounds what the 12 moving frames may add.
        let still = try GIFEncoder().encode(frameCount: 1, fps: fps, duration: 0) { _ in picker.frame(frameCount - 1) }
        #expect(gif.bytes.count < still.bytes.count * 8, "\(gif.bytes.count) bytes against \(still.bytes.count) for one frame")
    }

    @Test("a still picture is a one-frame GIF")
    func still() throws {
        let picker = SyntheticPicker(width: 30, height: 10)
        let gif = try GIFEncoder().encode(frameCount: 1, fps: 30, duration: 0) { _ in picker.frame(0) }
        let decoded = try DecodedGIF(gif.bytes)
        #expect(decoded.frames.count == 1)
        #expect(try meanAbsoluteError(#require(decoded.frames.first).canvas, picker.frame(0)) < 3)
    }

    @Test("mistakes are reported as errors")
    func errors() {
        let picker = SyntheticPicker(width: 20, height: 10)
        #expect(throws: GIFEncodingError.self) {
            try GIFEncoder().encode(frameCount: 2, fps: 30, duration: 0.1) { $0 == 0 ? picker.frame(0) : RGBAImage(width: 21, height: 10) }
        }
        #expect(throws: GIFEncodingError.self) {
            try GIFEncoder(options: GIFEncoderOptions(loopCount: 0)).encode(frameCount: 1, fps: 30, duration: 0) { _ in picker.frame(0) }
        }
        #expect(throws: GIFEncodingError.self) {
            try GIFEncoder(options: GIFEncoderOptions(dithering: 2)).encode(frameCount: 1, fps: 30, duration: 0) { _ in picker.frame(0) }
        }
        #expect(throws: GIFEncodingError.self) {
            try GIFEncoder().encode(frameCount: 0, fps: 30, duration: 0) { _ in picker.frame(0) }
        }
        let first = picker.frame(0)
        let mismatch = FrameSizeMismatch(
            index: 1, width: first.width - 1, height: first.height, expectedWidth: first.width, expectedHeight: first.height)
        #expect(throws: GIFEncodingError.frameSize(mismatch)) {
            try GIFEncoder().encode(frameCount: 2, fps: 30, duration: 0.1) { index in
                index == 0 ? first : RGBAImage(width: first.width - 1, height: first.height)
            }
        }
    }
}
