import AnimationTestSupport
import PickerKit
import PickerRender
import Testing

/// `APNGDecoder`, which `compare` reads animated goldens with: each fcTL's blend op (source, over) and dispose op
/// (none, background, previous) on a file made by hand, checked by hand and against Pillow.
@Suite("APNG decoding")
struct APNGDecoderTests {
    typealias Pixel = (UInt8, UInt8, UInt8, UInt8)

    /// One frame of the hand-made file: its rectangle, pixels, delay and ops.
    struct Frame {
        var x: Int, y: Int, width: Int, height: Int
        var pixels: [Pixel]
        var delay: (numerator: Int, denominator: Int) = (1, 10)
        var dispose: UInt8 = 0
        var blend: UInt8 = 0
    }

    static let red: Pixel = (255, 0, 0, 255)
    static let clear: Pixel = (0, 0, 0, 0)

    /// A 4 × 2 px RGBA APNG of `frames`, its pixel data stored uncompressed (zlib's stored blocks), played `plays` times.
    static func apng(_ frames: [Frame], plays: Int = 0) -> [UInt8] {
        func be(_ value: Int, _ size: Int = 4) -> [UInt8] { (0..<size).reversed().map { UInt8(value >> (8 * $0) & 0xFF) } }
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        func chunk(_ type: String, _ body: [UInt8]) {
            let typed = Array(type.utf8) + body
            file += be(body.count) + typed + be(crc32(typed))
        }
        func zlibStored(_ data: [UInt8]) -> [UInt8] {
            var (a, b) = (1, 0)
            for byte in data { (a, b) = ((a + Int(byte)) % 65_521, (b + (a + Int(byte)) % 65_521) % 65_521) }
            return [0x78, 0x01, 0x01] + [UInt8(data.count & 0xFF), UInt8(data.count >> 8)]
                + [UInt8(~data.count & 0xFF), UInt8((~data.count >> 8) & 0xFF)] + data + be(b << 16 | a)
        }
        chunk("IHDR", be(4) + be(2) + [8, 6, 0, 0, 0])
        chunk("acTL", be(frames.count) + be(plays))
        var sequence = 0
        for (index, frame) in frames.enumerated() {
            chunk(
                "fcTL",
                be(sequence) + be(frame.width) + be(frame.height) + be(frame.x) + be(frame.y) + be(frame.delay.numerator, 2)
                    + be(frame.delay.denominator, 2) + [frame.dispose, frame.blend])
            sequence += 1
            var rows: [UInt8] = []
            for row in 0..<frame.height {
                rows.append(0)
                for pixel in frame.pixels[(row * frame.width)..<((row + 1) * frame.width)] { rows += [pixel.0, pixel.1, pixel.2, pixel.3] }
            }
            if index == 0 {
                chunk("IDAT", zlibStored(rows))
            } else {
                chunk("fdAT", be(sequence) + zlibStored(rows))
                sequence += 1
            }
        }
        chunk("IEND", [])
        return file
    }

    static func crc32(_ bytes: [UInt8]) -> Int {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return Int(crc ^ 0xFFFF_FFFF)
    }

    static func picture(_ pixels: [Pixel]) -> RGBAImage? {
        RGBAImage(width: 4, height: 2, pixels: pixels.flatMap { [$0.0, $0.1, $0.2, $0.3] })
    }

    /// Red; half-transparent blue over it (then cleared: dispose background); green on top (then put back: dispose
    /// previous); a transparent pixel replacing one (blend source).
    static let frames = [
        Frame(x: 0, y: 0, width: 4, height: 2, pixels: Array(repeating: red, count: 8)),
        Frame(x: 1, y: 0, width: 2, height: 1, pixels: [(0, 0, 255, 128), (0, 0, 255, 128)], delay: (1, 30), dispose: 1, blend: 1),
        Frame(x: 0, y: 1, width: 1, height: 1, pixels: [(0, 255, 0, 255)], delay: (1, 0), dispose: 2, blend: 0),
        Frame(x: 3, y: 1, width: 1, height: 1, pixels: [clear], delay: (3, 20), dispose: 0, blend: 0),
    ]

    @Test func blendAndDisposeOpsAreAppliedAsTheSpecificationSays() throws {
        let decoded = try APNGDecoder.decode(Self.apng(Self.frames, plays: 3), path: "hand.png")
        let (red, clear) = (Self.red, Self.clear)
        let expected = [
            Self.picture(Array(repeating: red, count: 8)),
            Self.picture([red, (127, 0, 128, 255), (127, 0, 128, 255), red, red, red, red, red]),
            Self.picture([red, clear, clear, red, (0, 255, 0, 255), red, red, red]),
            Self.picture([red, clear, clear, red, red, red, red, clear]),
        ]
        #expect(decoded.pictures == expected.compactMap { $0 })
        #expect(decoded.delays == [0.1, 1.0 / 30, 0.01, 0.15])
        #expect(decoded.loopCount == 3)
        #expect(decoded.width == 4 && decoded.height == 2)
    }

    /// Pillow blends "over" by pasting with the frame as its own mask, which mixes the alpha channel too (blue at 128
    /// over opaque red comes out at alpha 191, where the PNG specification's OVER gives 255): so it checks the ops
    /// with an opaque and a transparent pixel blended over, where the two ways agree.
    @Test func pillowShowsTheSamePictures() throws {
        var frames = Self.frames
        frames[1].pixels = [(0, 0, 255, 255), Self.clear]
        let bytes = Self.apng(frames)
        let decoded = try APNGDecoder.decode(bytes, path: "hand.png")
        let pillow = try PillowAnimation(bytes: bytes, fileExtension: "png")
        #expect(pillow.frames == decoded.pictures)
        #expect(
            decoded.pictures[1] == Self.picture([Self.red, (0, 0, 255, 255), Self.red, Self.red] + Array(repeating: Self.red, count: 4)))
    }

    @Test func aFrameOutsideTheCanvasIsRefusedNamingIt() throws {
        var frames = Self.frames
        frames[1].x = 3
        #expect {
            _ = try APNGDecoder.decode(Self.apng(frames), path: "hand.png")
        } throws: { error in
            "\(error)".contains("hand.png") && "\(error)".contains("frame 1 (2 × 1 px at 3, 0) lies outside the 4 × 2 px canvas")
        }
    }

    @Test func aStillPNGIsNotAnAnimation() throws {
        let still = try PNGFile.encode(RGBAImage(width: 4, height: 2, filledWith: (1, 2, 3, 255)))
        #expect {
            _ = try APNGDecoder.decode(still, path: "still.png")
        } throws: { error in
            "\(error)".contains("still.png") && "\(error)".contains("a still PNG (no acTL chunk)")
        }
    }
}
