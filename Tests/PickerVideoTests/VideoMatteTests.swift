import PickerKit
import PickerVideo
import Testing

/// Odd sizes padded with the matte, clear and translucent pixels over the matte, alpha kept in WebM, and
/// saturated colours through the BT.709 matrix and back.
@Suite("Video matte, padding and colours") struct VideoMatteTests {
    static let matte = RGBAColor(hex: 0x0080FF)
    static let matteBytes: (Int, Int, Int) = (0, 128, 255)

    static let opaqueCases: [(VideoFormat, VideoChroma)] = [
        (.mp4, .yuv420), (.mp4, .yuv444), (.webm, .yuv420), (.webm, .yuv444), (.webm, .rgb),
    ]

    /// 33 × 17 px: clear, a 50 % black band in rows 0–3, and an opaque red square at (2, 6)–(11, 15).
    static func clearFrame(_ index: Int) -> RGBAImage {
        var image = RGBAImage(width: 33, height: 17)
        for y in 0..<4 {
            for x in 0..<33 { image.setPixel(x: x, y: y, to: (0, 0, 0, 128)) }
        }
        for y in 6..<16 {
            for x in (2 + index)..<(12 + index) { image.setPixel(x: x, y: y, to: (255, 0, 0, 255)) }
        }
        return image
    }

    static func near(_ pixel: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8), _ rgb: (Int, Int, Int), within tolerance: Int) -> Bool
    {
        abs(Int(pixel.red) - rgb.0) <= tolerance && abs(Int(pixel.green) - rgb.1) <= tolerance && abs(Int(pixel.blue) - rgb.2) <= tolerance
    }

    @Test("odd sizes are padded to even by repeating the last column and row (here clear: the matte), never scaled", arguments: opaqueCases)
    func paddedWithTheMatte(_ format: VideoFormat, _ chroma: VideoChroma) throws {
        let frames = (0..<3).map(Self.clearFrame)
        let file = try EncodedFile(frames, fps: 10, options: VideoEncoderOptions(format: format, chroma: chroma, matte: Self.matte))
        #expect((file.video.sourceWidth, file.video.sourceHeight) == (33, 17))
        #expect((file.video.width, file.video.height) == (34, 18))
        #expect((file.probe.width, file.probe.height) == (34, 18))
        let coded = try file.codedFrames()
        try #require(coded.count == 3)
        let frame = coded[0]
        // The padding column and row, away from the red square.
        for y in 5..<18 { #expect(Self.near(frame.pixel(x: 33, y: y), Self.matteBytes, within: 10), "padding (33, \(y))") }
        for x in 16..<34 { #expect(Self.near(frame.pixel(x: x, y: 17), Self.matteBytes, within: 10), "padding (\(x), 17)") }
        // Not scaled: the square keeps its place and size (its edges stay at columns 2 and 11).
        #expect(Self.near(frame.pixel(x: 3, y: 10), (255, 0, 0), within: 24))
        #expect(Self.near(frame.pixel(x: 10, y: 10), (255, 0, 0), within: 24))
        #expect(Self.near(frame.pixel(x: 14, y: 10), Self.matteBytes, within: 24))
    }

    @Test("an opaque background extends into the padding: no line of the matte's colour", arguments: opaqueCases)
    func paddedWithTheBackground(_ format: VideoFormat, _ chroma: VideoChroma) throws {
        let frames = (0..<3).map { SyntheticFrames.frame($0, width: 41, height: 23, background: (242, 242, 247, 255)) }
        let file = try EncodedFile(frames, fps: 10, options: VideoEncoderOptions(format: format, chroma: chroma, matte: Self.matte))
        #expect((file.video.width, file.video.height) == (42, 24))
        let frame = try #require(try file.codedFrames().first)
        // Below the gradient band along the top, whose sharp colours ring into the blocks around them.
        for y in 8..<24 { #expect(Self.near(frame.pixel(x: 41, y: y), (242, 242, 247), within: 4), "padding (41, \(y))") }
        for x in 20..<42 { #expect(Self.near(frame.pixel(x: x, y: 23), (242, 242, 247), within: 4), "padding (\(x), 23)") }
    }

    @Test("clear pixels show the matte and translucent ones are blended over it", arguments: opaqueCases)
    func blendedOverTheMatte(_ format: VideoFormat, _ chroma: VideoChroma) throws {
        let frames = (0..<3).map(Self.clearFrame)
        let file = try EncodedFile(frames, fps: 10, options: VideoEncoderOptions(format: format, chroma: chroma, matte: Self.matte))
        let frame = try #require(try file.decodedFrames().first)
        #expect(Self.near(frame.pixel(x: 24, y: 10), Self.matteBytes, within: 6))
        // 50 % black over (0, 128, 255): (0, 64, 127).
        #expect(Self.near(frame.pixel(x: 20, y: 1), (0, 64, 127), within: 6))
        #expect(Self.near(frame.pixel(x: 6, y: 10), (255, 0, 0), within: 8))
    }

    @Test("the default matte is white")
    func defaultMatteIsWhite() throws {
        let frames = (0..<2).map(Self.clearFrame)
        let frame = try #require(try EncodedFile(frames, fps: 10).decodedFrames().first)
        #expect(Self.near(frame.pixel(x: 24, y: 10), (255, 255, 255), within: 3))
        #expect(Self.near(frame.pixel(x: 20, y: 1), (127, 127, 127), within: 6))
    }

    @Test("WebM with alpha keeps clear, translucent and opaque pixels; the padding of a clear edge is clear")
    func alphaKept() throws {
        let frames = (0..<3).map(Self.clearFrame)
        let file = try EncodedFile(frames, fps: 10, options: VideoEncoderOptions(format: .webm, chroma: .yuva420, matte: Self.matte))
        let frame = try #require(try file.codedFrames().first)
        #expect(frame.pixel(x: 24, y: 10).alpha <= 4)
        #expect(abs(Int(frame.pixel(x: 20, y: 1).alpha) - 128) <= 6)
        #expect(frame.pixel(x: 6, y: 10).alpha >= 250)
        #expect(Self.near(frame.pixel(x: 6, y: 10), (255, 0, 0), within: 8))
        for y in 5..<18 { #expect(frame.pixel(x: 33, y: y).alpha <= 4, "padding (33, \(y))") }
        // Clear pixels carry the matte's colour, so the colour bleeding across the square's edge is the page's.
        #expect(Self.near(frame.pixel(x: 24, y: 10), Self.matteBytes, within: 10))
    }

    /// Saturated patches, 16 × 16 px each: red, green, blue, the system accent blue, yellow, a mid grey.
    static let patches: [(Int, Int, Int)] = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (0, 122, 255), (255, 204, 0), (128, 128, 128)]

    @Test("saturated colours come back as they went in: the matrix used is the one the file is tagged with", arguments: opaqueCases)
    func coloursRoundTrip(_ format: VideoFormat, _ chroma: VideoChroma) throws {
        var image = RGBAImage(width: 16 * Self.patches.count, height: 16, filledWith: (255, 255, 255, 255))
        for (index, colour) in Self.patches.enumerated() {
            for y in 0..<16 {
                for x in (index * 16)..<(index * 16 + 16) {
                    image.setPixel(x: x, y: y, to: (UInt8(colour.0), UInt8(colour.1), UInt8(colour.2), 255))
                }
            }
        }
        let file = try EncodedFile([image, image], fps: 10, options: VideoEncoderOptions(format: format, chroma: chroma))
        let frame = try #require(try file.decodedFrames().first)
        for (index, colour) in Self.patches.enumerated() {
            // The patch's centre: BT.601 read as BT.709 (or the reverse) is 15 to 40 levels off on these.
            let pixel = frame.pixel(x: index * 16 + 8, y: 8)
            #expect(Self.near(pixel, colour, within: 4), "patch \(colour) came back as \(pixel)")
        }
    }
}
