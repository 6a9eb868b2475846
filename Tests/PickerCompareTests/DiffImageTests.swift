import PickerCompare
import PickerKit
import Testing

@Suite("The diff picture")
struct DiffImageTests {
    @Test("differences are red, anti-aliasing yellow, the rest the expected picture faded to grey")
    func diffColours() throws {
        let expected = ImageComparisonTests.square(edgeGrey: 128)
        var actual = ImageComparisonTests.square(edgeGrey: 40)
        actual.setPixel(x: 8, y: 8, to: (0, 0, 255, 255))
        let settings = ComparisonSettings(drawsDiffImage: true)
        let pixels = try #require(ImageComparison.compare(expected: expected, actual: actual, settings: settings).pixels)
        let diff = try #require(pixels.diffImage)
        #expect(pixels.differentPixels == 1)
        #expect(pixels.antialiasedPixels == 4)

        #expect(diff.pixel(x: 8, y: 8) == (255, 0, 0, 255))
        for y in 3..<7 {
            #expect(diff.pixel(x: 6, y: y) == (255, 255, 0, 255))
        }
        // White stays white; black at 0.1 opacity over white is 255 - 25.5, rounded.
        #expect(diff.pixel(x: 0, y: 0) == (255, 255, 255, 255))
        #expect(diff.pixel(x: 3, y: 4) == (230, 230, 230, 255))
    }

    @Test("identical pictures give a fully faded diff picture")
    func identicalDiff() throws {
        let picture = RGBAImage(width: 3, height: 2, filledWith: (5, 5, 5, 255))
        let settings = ComparisonSettings(drawsDiffImage: true)
        let diff = try #require(ImageComparison.compare(expected: picture, actual: picture, settings: settings).pixels?.diffImage)
        #expect(diff == RGBAImage(width: 3, height: 2, filledWith: (230, 230, 230, 255)))
    }

    @Test("no diff picture unless asked for")
    func noDiffByDefault() {
        let picture = RGBAImage(width: 3, height: 2, filledWith: (5, 5, 5, 255))
        #expect(ImageComparison.compare(expected: picture, actual: picture).pixels?.diffImage == nil)
    }
}
