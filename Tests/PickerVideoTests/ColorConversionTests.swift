import PickerKit
import Testing

@testable import PickerVideo

/// The RGB to YUV conversion the encoders are given: BT.709 limited range, 4:2:0 chroma the mean of 2 × 2 pixels.
@Suite("Colour conversion") struct ColorConversionTests {
    /// The planes of `image` converted to `chroma`: Y (or G), Cb (or B), Cr (or R), and alpha when there is one.
    static func planes(_ image: RGBAImage, _ chroma: VideoChroma) throws -> [[UInt8]] {
        let frame = try CodecFrame(width: image.width, height: image.height, format: chroma.pixelFormat)
        ColorConversion(width: image.width, height: image.height, chroma: chroma).convert(image.pixels, into: frame)
        let subsampled = chroma == .yuv420 || chroma == .yuva420
        let data = frame.pointer.pointee.data
        let lines = frame.pointer.pointee.linesize
        var planes: [(UnsafeMutablePointer<UInt8>?, Int32, Bool)] = [
            (data.0, lines.0, false), (data.1, lines.1, subsampled), (data.2, lines.2, subsampled),
        ]
        if chroma == .yuva420 { planes.append((data.3, lines.3, false)) }
        return try planes.map { base, stride, half in
            let base = try #require(base)
            let (width, height) = half ? (image.width / 2, image.height / 2) : (image.width, image.height)
            return (0..<height).flatMap { row in (0..<width).map { base[row * Int(stride) + $0] } }
        }
    }

    @Test("BT.709 limited range: white, black, red, green and blue give the standard's values")
    func primaries() throws {
        let colours: [((UInt8, UInt8, UInt8), (UInt8, UInt8, UInt8))] = [
            ((255, 255, 255), (235, 128, 128)), ((0, 0, 0), (16, 128, 128)), ((255, 0, 0), (63, 102, 240)),
            ((0, 255, 0), (173, 42, 26)), ((0, 0, 255), (32, 240, 118)),
        ]
        for (rgb, yuv) in colours {
            let image = RGBAImage(width: 2, height: 2, filledWith: (rgb.0, rgb.1, rgb.2, 255))
            for chroma in [VideoChroma.yuv420, .yuv444] {
                let planes = try Self.planes(image, chroma)
                #expect(Set(planes[0]) == [yuv.0], "\(rgb) \(chroma)")
                #expect(Set(planes[1]) == [yuv.1], "\(rgb) \(chroma)")
                #expect(Set(planes[2]) == [yuv.2], "\(rgb) \(chroma)")
            }
        }
    }

    @Test("4:2:0 chroma is the mean of each 2 × 2 block; luma is each pixel's own")
    func chromaIsTheBlockMean() throws {
        var image = RGBAImage(width: 4, height: 2, filledWith: (255, 0, 0, 255))
        // The second block: two white pixels and two black, whose mean is grey: no colour.
        image.setPixel(x: 2, y: 0, to: (255, 255, 255, 255))
        image.setPixel(x: 3, y: 1, to: (255, 255, 255, 255))
        image.setPixel(x: 3, y: 0, to: (0, 0, 0, 255))
        image.setPixel(x: 2, y: 1, to: (0, 0, 0, 255))
        let planes = try Self.planes(image, .yuv420)
        #expect(planes[0] == [63, 63, 235, 16, 63, 63, 16, 235])
        #expect(planes[1] == [102, 128])
        #expect(planes[2] == [240, 128])
    }

    @Test("with alpha kept, a block's chroma is its colours weighted by alpha: clear and faint pixels do not tint it")
    func alphaWeightedChroma() throws {
        // An opaque blue pixel beside three clear ones (the matte's white, as the canvas gives them): blue's chroma.
        var image = RGBAImage(width: 2, height: 2, filledWith: (255, 255, 255, 0))
        image.setPixel(x: 0, y: 0, to: (0, 0, 255, 255))
        var planes = try Self.planes(image, .yuva420)
        #expect(planes[1] == [240])
        #expect(planes[2] == [118])
        #expect(planes[0] == [32, 235, 235, 235])
        #expect(planes[3] == [255, 0, 0, 0])
        // Three green pixels at alpha 68 weigh as much as one blue at 204: halfway, (0, 127.5, 127.5), which an
        // opaque block of (0, 128, 127) and (0, 127, 128) pixels has as its mean too. (Unweighted, it would be
        // (0, 191.25, 63.75).)
        image = RGBAImage(width: 2, height: 2, filledWith: (0, 255, 0, 68))
        image.setPixel(x: 1, y: 1, to: (0, 0, 255, 204))
        planes = try Self.planes(image, .yuva420)
        var mixed = RGBAImage(width: 2, height: 2, filledWith: (0, 128, 127, 255))
        mixed.setPixel(x: 1, y: 0, to: (0, 127, 128, 255))
        mixed.setPixel(x: 0, y: 1, to: (0, 127, 128, 255))
        let expected = try Self.planes(mixed, .yuv420)
        #expect(planes[1] == expected[1])
        #expect(planes[2] == expected[2])
        // Without alpha (blended over the matte before), the plain mean.
        let opaque = try Self.planes(RGBAImage(width: 2, height: 2, filledWith: (0, 0, 255, 255)), .yuv420)
        #expect(opaque[1] == [240])
    }

    @Test(
        "sixteen pixels at a time give what one pixel at a time gives, in every chroma",
        arguments: [VideoChroma.yuv420, .yuv444, .yuva420, .rgb])
    func vectorAndScalarAgree(_ chroma: VideoChroma) throws {
        // 18 px wide: pixels 0–15 go through the vector code, 16 and 17 through the scalar code, and they repeat
        // pixels 0 and 1 (and 2–3 in the second row pair), so their values must be the same.
        var image = RGBAImage(width: 18, height: 4)
        for y in 0..<4 {
            for x in 0..<16 {
                image.setPixel(x: x, y: y, to: (UInt8(x * 16 + y), UInt8(255 - x * 13), UInt8((x * 37 + y * 91) % 256), UInt8(200 + x)))
            }
            image.setPixel(x: 16, y: y, to: image.pixel(x: y < 2 ? 0 : 2, y: y))
            image.setPixel(x: 17, y: y, to: image.pixel(x: y < 2 ? 1 : 3, y: y))
        }
        let planes = try Self.planes(image, chroma)
        let halves = chroma == .yuv420 || chroma == .yuva420
        for (index, plane) in planes.enumerated() {
            let subsampled = halves && (index == 1 || index == 2)
            let width = subsampled ? 9 : 18
            for row in 0..<(subsampled ? 2 : 4) {
                let values = plane[(row * width)..<(row * width + width)]
                let (copied, original) = subsampled ? (8, row == 0 ? 0 : 1) : (16, row < 2 ? 0 : 2)
                #expect(values[row * width + copied] == values[row * width + original], "plane \(index) row \(row)")
                if !subsampled {
                    #expect(values[row * width + copied + 1] == values[row * width + original + 1], "plane \(index) row \(row)")
                }
            }
        }
        // And every value is the formula's within rounding (alpha and planar RGB exactly).
        for y in 0..<4 {
            for x in 0..<18 {
                let (r, g, b, a) = image.pixel(x: x, y: y)
                switch chroma {
                case .rgb:
                    #expect([planes[0][y * 18 + x], planes[1][y * 18 + x], planes[2][y * 18 + x]] == [g, b, r])
                default:
                    let luma = 16 + 219 * (0.2126 * Double(r) + 0.7152 * Double(g) + 0.0722 * Double(b)) / 255
                    #expect(abs(Double(planes[0][y * 18 + x]) - luma) <= 0.51, "Y at \(x), \(y)")
                    if chroma == .yuva420 { #expect(planes[3][y * 18 + x] == a) }
                }
            }
        }
    }
}
