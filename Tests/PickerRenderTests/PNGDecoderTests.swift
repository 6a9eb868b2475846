import Foundation
import PickerKit
import TestSupport
import Testing

@testable import PickerRender

@Suite("PNG decoder")
struct PNGDecoderTests {
    @Test("every row filter decodes to the pixels that were encoded, opaque, clear and half-transparent", arguments: PNGRowFilter.allCases)
    func decodesWhatTheEncoderWrites(filter: PNGRowFilter) throws {
        let decoder = try PNGDecoder()
        for (name, spec) in try PNGEncoderTests.specs() {
            let renderer = try FrameDrawer(spec: spec)
            let encoder = try PNGEncoder(compression: PNGCompression(level: 6, filter: filter))
            for index in PNGEncoderTests.sampleFrames(renderer).prefix(3) {
                let surface = try renderer.frameSurface(forFrame: index)
                let expected = surface.rgbaImage()
                let decoded = try #require(try decoder.decode(try encoder.encode(surface), path: name))
                #expect(decoded == expected, "\(name), frame \(index), \(filter)")
            }
        }
    }

    @Test("it agrees with cairo's reader on opaque frames, where cairo's round trip through premultiplied alpha is exact")
    func agreesWithCairo() throws {
        let renderer = try FrameDrawer(spec: try fixtureSpec("seed-demo"))
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("frame.png").path
        let bytes = try renderer.png(state: renderer.timeline.state(forFrame: 20))
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(try PNGDecoder().decode(bytes, path: path) == (try PNGFile.read(path)))
    }

    @Test("malformed files are refused with a message; other kinds of PNG are left to other readers")
    func refusals() throws {
        let decoder = try PNGDecoder()
        let good = try PNGFile.encode(RGBAImage(width: 4, height: 3, filledWith: (10, 20, 30, 255)))
        #expect(throws: RenderError.self) { try decoder.decode(Array(good.dropFirst()), path: "no signature") }
        #expect(throws: RenderError.self) { try decoder.decode(Array(good.prefix(good.count - 20)), path: "cut short") }
        var flipped = good
        flipped[40] ^= 0x01
        #expect(throws: RenderError.self) { try decoder.decode(flipped, path: "bad CRC") }
        #expect(try decoder.decode(good, path: "good") == RGBAImage(width: 4, height: 3, filledWith: (10, 20, 30, 255)))
        // The same file declaring a palette (colour type 3), with its CRC fixed: not this decoder's kind.
        var palette = good
        palette[25] = 3
        let crc = crc32(Array(palette[12..<29]))
        palette.replaceSubrange(29..<33, with: [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)])
        #expect(try decoder.decode(palette, path: "palette") == nil)
        // A header claiming a picture beyond the limits is refused before anything is allocated.
        var huge = good
        huge.replaceSubrange(16..<24, with: [0, 1, 0, 0, 0, 1, 0, 0])
        let hugeCRC = crc32(Array(huge[12..<29]))
        huge.replaceSubrange(
            29..<33, with: [UInt8(hugeCRC >> 24), UInt8(hugeCRC >> 16 & 0xFF), UInt8(hugeCRC >> 8 & 0xFF), UInt8(hugeCRC & 0xFF)])
        #expect(throws: RenderError.tooLarge(width: 65_536, height: 65_536)) { try decoder.decode(huge, path: "huge") }
    }

    private func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }
}
