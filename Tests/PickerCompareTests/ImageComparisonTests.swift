import PickerCompare
import PickerKit
import Testing

@Suite("Comparing two pictures")
struct ImageComparisonTests {
    let white = RGBAImage(width: 8, height: 6, filledWith: (255, 255, 255, 255))

    @Test("identical pictures have no differing pixels")
    func identicalPicturesMatch() {
        let result = ImageComparison.compare(expected: white, actual: white)
        #expect(result.isIdentical)
        #expect(result.pixels == PixelComparison(differentPixels: 0, antialiasedPixels: 0, size: ImageSize(width: 8, height: 6)))
    }

    @Test("one pixel changed beyond the threshold is exactly one differing pixel")
    func onePixelChange() throws {
        var actual = white
        actual.setPixel(x: 3, y: 2, to: (0, 0, 0, 255))
        let pixels = try #require(ImageComparison.compare(expected: white, actual: actual).pixels)
        #expect(pixels.differentPixels == 1)
        #expect(pixels.antialiasedPixels == 0)
        #expect(pixels.ratio == 1.0 / 48.0)
    }

    @Test("a change within the threshold is not a difference")
    func changeWithinThreshold() throws {
        var actual = white
        actual.setPixel(x: 3, y: 2, to: (250, 250, 250, 255))
        #expect(ImageComparison.compare(expected: white, actual: actual).isIdentical)
        let strict = ComparisonSettings(threshold: 0)
        let pixels = try #require(ImageComparison.compare(expected: white, actual: actual, settings: strict).pixels)
        #expect(pixels.differentPixels == 1)
    }

    @Test("transparent differs from white: a picture made transparent does not pass against its opaque golden")
    func transparentIsNotWhite() throws {
        let transparent = RGBAImage(width: 8, height: 6, filledWith: (0, 0, 0, 0))
        for metric in ColorMetric.allCases {
            let settings = ComparisonSettings(metric: metric)
            let pixels = try #require(ImageComparison.compare(expected: white, actual: transparent, settings: settings).pixels)
            #expect(pixels.differentPixels == 48, "\(metric)")
        }
    }

    @Test("pictures of different sizes are reported with both sizes")
    func differentSizes() {
        let wider = RGBAImage(width: 9, height: 6, filledWith: (255, 255, 255, 255))
        let result = ImageComparison.compare(expected: white, actual: wider)
        #expect(result == .differentSizes(expected: ImageSize(width: 8, height: 6), actual: ImageSize(width: 9, height: 6)))
        #expect(!result.isIdentical)
    }

    @Test("an edge moved by a fraction of a pixel is anti-aliasing, not a difference")
    func antialiasedEdge() throws {
        // A black square on white whose right edge is a grey anti-aliased column in one picture and shifted in the other.
        let expected = Self.square(edgeGrey: 128)
        let actual = Self.square(edgeGrey: 40)
        let pixels = try #require(ImageComparison.compare(expected: expected, actual: actual).pixels)
        #expect(pixels.differentPixels == 0)
        #expect(pixels.antialiasedPixels == 4)

        let counted = ComparisonSettings(includesAntialiasing: true)
        let strict = try #require(ImageComparison.compare(expected: expected, actual: actual, settings: counted).pixels)
        #expect(strict.differentPixels == 4)
        #expect(strict.antialiasedPixels == 0)
    }

    /// 10×10 white with a black 4×4 square at (2, 3) and a grey column of `edgeGrey` just right of it.
    static func square(edgeGrey: UInt8) -> RGBAImage {
        var picture = RGBAImage(width: 10, height: 10, filledWith: (255, 255, 255, 255))
        for y in 3..<7 {
            for x in 2..<6 { picture.setPixel(x: x, y: y, to: (0, 0, 0, 255)) }
            picture.setPixel(x: 6, y: y, to: (edgeGrey, edgeGrey, edgeGrey, 255))
        }
        return picture
    }
}
