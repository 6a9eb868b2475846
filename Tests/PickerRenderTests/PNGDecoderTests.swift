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
        let crc = Self.crc32(Array(palette[12..<29]))
        palette.replaceSubrange(29..<33, with: [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)])
        #expect(try decoder.decode(palette, path: "palette") == nil)
        // A header claiming a picture beyond the limits is refused before anything is allocated.
        var huge = good
        huge.replaceSubrange(16..<24, with: [0, 1, 0, 0, 0, 1, 0, 0])
        let hugeCRC = Self.crc32(Array(huge[12..<29]))
        huge.replaceSubrange(
            29..<33, with: [UInt8(hugeCRC >> 24), UInt8(hugeCRC >> 16 & 0xFF), UInt8(hugeCRC >> 8 & 0xFF), UInt8(hugeCRC & 0xFF)])
        #expect(throws: RenderError.tooLarge(width: 65_536, height: 65_536)) { try decoder.decode(huge, path: "huge") }
    }

    /// Kinds of PNG the frames never are (a palette with translucent entries, grey with alpha at 16 bits, RGB with a
    /// transparent colour) read through `PNGFile.read`, compare's path, as their stored straight values: cairo's
    /// reader, which read them before, premultiplied translucent colours and brought them back ±1.
    @Test("every kind of PNG reads as its stored straight values")
    func everyKindReadsAsStored() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let palette: [UInt8] = [200, 100, 50, 10, 20, 30]
        let files: [(name: String, bytes: [UInt8], expected: [UInt8])] = [
            (
                "palette", Self.png(colorType: 3, depth: 8, rows: [[0, 1]], extra: [("PLTE", palette), ("tRNS", [128, 255])]),
                [200, 100, 50, 128, 10, 20, 30, 255]
            ),
            // 16-bit grey 0x8080 with alpha 0x4000: each scaled to 8 bits and rounded, not taken for linear values.
            ("grey16", Self.png(colorType: 4, depth: 16, rows: [[0x80, 0x80, 0x40, 0x00]]), [128, 128, 128, 64]),
            (
                "rgb-trns", Self.png(colorType: 2, depth: 8, rows: [[1, 2, 3, 9, 8, 7]], extra: [("tRNS", [0, 1, 0, 2, 0, 3])]),
                [1, 2, 3, 0, 9, 8, 7, 255]
            ),
        ]
        for file in files {
            let path = folder.appendingPathComponent("\(file.name).png").path
            try Data(file.bytes).write(to: URL(fileURLWithPath: path))
            let image = try PNGFile.read(path)
            #expect(image.pixels == file.expected, "\(file.name)")
        }
    }

    /// libpng's simplified API converts a file whose gAMA is far from sRGB's to sRGB values; the decoder reads the
    /// values as stored, as compare did before, whatever gamma the file declares.
    @Test("a gAMA chunk does not change the values read", arguments: [45_455, 100_000])
    func gammaDoesNotChangeValues(gamma: Int) throws {
        let row: [UInt8] = [10, 100, 200, 128, 50, 60, 70, 255]
        let gAMA = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: gamma >> $0) }
        let bytes = Self.png(colorType: 6, depth: 8, rows: [row], extra: [("gAMA", gAMA)])
        #expect(try LibpngDecoder.decode(bytes, path: "gamma.png").pixels == row)
        #expect(try PNGFile.decode(bytes, path: "gamma.png").pixels == row)
    }

    @Test("a kind of PNG libpng reads is refused with libpng's message when damaged, a huge one before allocating")
    func libpngRefusals() throws {
        let good = Self.png(colorType: 4, depth: 16, rows: [[0x80, 0x80, 0x40, 0x00]])
        #expect(throws: RenderError.self) { try LibpngDecoder.decode(Array(good.dropFirst()), path: "no signature") }
        #expect(throws: RenderError.self) { try LibpngDecoder.decode(Array(good.prefix(good.count - 20)), path: "cut short") }
        var huge = good
        huge.replaceSubrange(16..<24, with: [0, 1, 0, 0, 0, 1, 0, 0])
        let hugeCRC = Self.crc32(Array(huge[12..<29]))
        huge.replaceSubrange(29..<33, with: Self.bigEndian(hugeCRC))
        #expect(throws: RenderError.tooLarge(width: 65_536, height: 65_536)) { try LibpngDecoder.decode(huge, path: "huge") }
    }

    /// A PNG of one or more rows (each unfiltered), its image data in stored deflate blocks, with `extra` chunks
    /// before it.
    static func png(colorType: UInt8, depth: UInt8, rows: [[UInt8]], extra: [(String, [UInt8])] = []) -> [UInt8] {
        let pixelsPerRow: Int
        switch colorType {
        case 3: pixelsPerRow = rows[0].count * 8 / Int(depth)
        case 4: pixelsPerRow = rows[0].count / (2 * Int(depth) / 8)
        default: pixelsPerRow = rows[0].count / (3 * Int(depth) / 8)
        }
        var header = bigEndian(UInt32(pixelsPerRow))
        header += bigEndian(UInt32(rows.count))
        header += [depth, colorType, 0, 0, 0]
        let raw: [UInt8] = rows.flatMap { row -> [UInt8] in [0] + row }
        var adlerA: UInt32 = 1
        var adlerB: UInt32 = 0
        for byte in raw {
            adlerA = (adlerA + UInt32(byte)) % 65_521
            adlerB = (adlerB + adlerA) % 65_521
        }
        let length = UInt16(raw.count)
        let lengthBytes: [UInt8] = [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
        var zlib: [UInt8] = [0x78, 0x01, 0x01]
        zlib += lengthBytes
        zlib += raw
        zlib += bigEndian(adlerB << 16 | adlerA)
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let chunks: [(String, [UInt8])] = [("IHDR", header)] + extra + [("IDAT", zlib), ("IEND", [])]
        for (type, body) in chunks {
            let typed: [UInt8] = Array(type.utf8) + body
            file += bigEndian(UInt32(body.count))
            file += typed
            file += bigEndian(PNGDecoderTests.crc32(typed))
        }
        return file
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }
}
