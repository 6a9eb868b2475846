import PickerKit
import Testing

/// `RGBAImage` holds exactly width × height × 4 bytes, whatever its user does: the one frame check every encoder makes
/// (`check(frame:width:height:)`) then only compares sizes.
@Suite("RGBAImage keeps its size")
struct RGBAImageInvariantTests {
    @Test func bytesThatDoNotFitTheSizeMakeNoImage() {
        #expect(RGBAImage(width: 2, height: 2, pixels: [UInt8](repeating: 0, count: 15)) == nil)
        #expect(RGBAImage(width: 2, height: 2, pixels: [UInt8](repeating: 0, count: 17)) == nil)
        #expect(RGBAImage(width: 0, height: 2, pixels: []) == nil)
        #expect(RGBAImage(width: 2, height: 2, pixels: [UInt8](repeating: 0, count: 16)) != nil)
    }

    @Test func editingThePixelsKeepsTheirCount() {
        var image = RGBAImage(width: 3, height: 2)
        image.withUnsafeMutablePixels { pixels in pixels[0] = 255 }
        #expect(image.pixels.count == 3 * 2 * 4 && image.pixels[0] == 255)
    }

    @Test func aFrameOfAnotherSizeIsNamed() {
        let frame = RGBAImage(width: 3, height: 2)
        #expect(throws: FrameSizeMismatch(index: 4, width: 3, height: 2, expectedWidth: 4, expectedHeight: 2)) {
            try frame.check(frame: 4, width: 4, height: 2)
        }
        #expect(throws: Never.self) { try frame.check(frame: 4, width: 3, height: 2) }
    }
}
