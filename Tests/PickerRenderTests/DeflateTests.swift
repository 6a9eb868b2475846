import CPickerCairo
import CPickerDeflate
import CPickerZlib
import Foundation
import PickerKit
import Testing

@testable import PickerRender

/// The deflate writer for a frame's changed rows (issue 14): tokens written as dynamic-Huffman blocks must
/// inflate, with zlib and with libdeflate, to exactly the bytes they stand for; the Huffman codes must be complete
/// and no longer than deflate allows; frames encoded through it must decode to the pixels of the plain path.
@Suite("Deflate writer")
struct DeflateTests {
    /// RFC 1951 §3.2.2's example: lengths (3, 3, 3, 3, 3, 2, 4, 4) give the codes 010, 011, 100, 101, 110, 00, 1110,
    /// 1111, which deflate writes least significant bit first, so each comes back bit-reversed within its length.
    @Test func canonicalCodesAreTheRFCsExampleReversed() {
        let codes = HuffmanCode.canonicalCodes([3, 3, 3, 3, 3, 2, 4, 4, 0])
        #expect(codes == [0b010, 0b110, 0b001, 0b101, 0b011, 0b00, 0b0111, 0b1111, 0])
        for value in [UInt16(0), 1, 0x8000, 0x1234, 0xFFFF, 0x00F0] {
            let reference = (0..<16).reduce(UInt16(0)) { reversed, bit in reversed | ((value >> bit) & 1) << (15 - bit) }
            #expect(value.bitReversed == reference, "\(value)")
        }
    }

    /// A deterministic generator, so that a failure repeats.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    /// Random tokens, and the bytes they stand for: literals, short and long matches, near and far.
    static func randomTokens(count: Int, seed: UInt64) -> (tokens: [DeflateToken], bytes: [UInt8]) {
        var random = Generator(state: seed)
        var tokens: [DeflateToken] = []
        var bytes: [UInt8] = []
        for _ in 0..<count {
            if bytes.count < 3 || random.next(3) == 0 {
                let byte = UInt8(random.next(random.next(2) == 0 ? 4 : 256))
                tokens.append(.literal(byte))
                bytes.append(byte)
            } else {
                let distance = 1 + random.next(min(bytes.count, random.next(2) == 0 ? 16 : DeflateToken.maximumDistance))
                let length = random.next(4) == 0 ? 258 : 3 + random.next(random.next(2) == 0 ? 8 : 256)
                tokens.append(.match(length: length, distance: distance))
                for _ in 0..<length { bytes.append(bytes[bytes.count - distance]) }
            }
        }
        return (tokens, bytes)
    }

    /// `stream` (raw deflate) inflated by zlib.
    static func zlibInflate(_ stream: [UInt8], expectedCount: Int) -> [UInt8]? {
        var z = z_stream()
        guard inflateInit2_(&z, -15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&z) }
        var output = [UInt8](repeating: 0, count: expectedCount + 1)
        var input = stream
        let status = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                z.next_in = source.baseAddress
                z.avail_in = uInt(source.count)
                z.next_out = target.baseAddress
                z.avail_out = uInt(target.count)
                return inflate(&z, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { return nil }
        return Array(output.prefix(Int(z.total_out)))
    }

    /// `stream` (raw deflate) inflated by libdeflate.
    static func libdeflateInflate(_ stream: [UInt8], expectedCount: Int) -> [UInt8]? {
        guard let decompressor = libdeflate_alloc_decompressor() else { return nil }
        defer { libdeflate_free_decompressor(decompressor) }
        var output = [UInt8](repeating: 0, count: expectedCount)
        var produced = 0
        let result = stream.withUnsafeBytes { source in
            output.withUnsafeMutableBytes { target in
                libdeflate_deflate_decompress(decompressor, source.baseAddress, source.count, target.baseAddress, target.count, &produced)
            }
        }
        return result == LIBDEFLATE_SUCCESS ? Array(output.prefix(produced)) : nil
    }

    @Test(arguments: [1, 2, 17, 5_000, 70_000])
    func tokensInflateToTheirBytesWithZlibAndLibdeflate(count: Int) throws {
        let (tokens, bytes) = Self.randomTokens(count: count, seed: UInt64(count))
        // Several blocks: sync-flushed pieces, then the last; one of only literals when there are few tokens.
        var writer = DeflateBitWriter(capacity: 64)
        let cuts = [0, count / 3, count / 2, count]
        for index in 0..<(cuts.count - 1) {
            let piece = Array(tokens[cuts[index]..<cuts[index + 1]])
            let last = index == cuts.count - 2
            piece.withUnsafeBufferPointer { DeflateBlockWriter.writeBlock($0, last: last, to: &writer) }
            if last { writer.alignToByte() } else { DeflateBlockWriter.writeSyncFlush(to: &writer) }
        }
        var stream: [UInt8] = []
        writer.drain(into: &stream)
        #expect(Self.zlibInflate(stream, expectedCount: bytes.count) == bytes)
        #expect(Self.libdeflateInflate(stream, expectedCount: bytes.count) == bytes)
    }

    /// A sync flush leaves the stream byte-aligned, so a zlib piece compressed on its own can follow it.
    @Test func aZlibPieceFollowsASyncFlush() throws {
        let (tokens, bytes) = Self.randomTokens(count: 300, seed: 7)
        var writer = DeflateBitWriter()
        tokens.withUnsafeBufferPointer { DeflateBlockWriter.writeBlock($0, last: false, to: &writer) }
        DeflateBlockWriter.writeSyncFlush(to: &writer)
        var stream: [UInt8] = []
        writer.drain(into: &stream)
        let tail = [UInt8](repeating: 0x41, count: 1000) + [1, 2, 3]
        let deflater = try Deflater(level: 3)
        try tail.withUnsafeBytes { try deflater.append($0, final: true, level: 3, to: &stream) }
        #expect(Self.zlibInflate(stream, expectedCount: bytes.count + tail.count) == bytes + tail)
        #expect(Self.libdeflateInflate(stream, expectedCount: bytes.count + tail.count) == bytes + tail)
    }

    /// Codes are complete (Kraft sum exactly 1) and at most `limit` bits, even for frequencies whose optimal code
    /// is far deeper (Fibonacci weights), and frequent symbols never get longer codes than rare ones.
    @Test func huffmanCodesAreCompleteAndLimited() {
        var fibonacci: [UInt32] = [1, 1]
        while fibonacci.count < 30 { fibonacci.append(fibonacci[fibonacci.count - 1] + fibonacci[fibonacci.count - 2]) }
        var random = Generator(state: 3)
        let cases: [([UInt32], Int)] =
            [(fibonacci, 15), (fibonacci.prefix(19).map { $0 }, 7), ([0, 5, 0], 15), ([0, 0, 9], 15), ([1, 1], 7)]
            + (0..<50).map { _ in ((0..<286).map { _ in UInt32(random.next(3) == 0 ? 0 : random.next(100_000)) }, 15) }
        for (frequencies, limit) in cases {
            let code = HuffmanCode(frequencies: frequencies, limit: limit)
            let used = code.lengths.filter { $0 > 0 }
            #expect(used.count >= 2)
            #expect(used.allSatisfy { Int($0) <= limit })
            let kraft = used.reduce(0) { $0 + (1 << (limit - Int($1))) }
            #expect(kraft == 1 << limit, "\(frequencies.prefix(5)) …")
            for first in frequencies.indices where frequencies[first] > 0 {
                for second in frequencies.indices where frequencies[second] > frequencies[first] {
                    #expect(code.lengths[second] <= code.lengths[first])
                }
            }
        }
    }

    /// Symbols of equal frequency are ordered by symbol before lengths are given out, so the code depends on the
    /// frequencies alone: the lengths equal those of a plain sort of the symbols by (frequency, symbol), for
    /// frequencies drawn from a small range so that most of them tie.
    @Test func tiedFrequenciesAreOrderedBySymbol() {
        var random = Generator(state: 11)
        for round in 0..<200 {
            let count = round % 3 == 0 ? 19 : 286
            let frequencies = (0..<count).map { _ in UInt32(random.next(4) == 0 ? 0 : 1 + random.next(round % 2 == 0 ? 3 : 40)) }
            let limit = count == 19 ? 7 : 15
            var weights = frequencies
            var used = weights.indices.filter { weights[$0] > 0 }
            var filler = 0
            while used.count < 2, filler < weights.count {
                if weights[filler] == 0 {
                    weights[filler] = 1
                    used.append(filler)
                }
                filler += 1
            }
            used.sort { weights[$0] != weights[$1] ? weights[$0] < weights[$1] : $0 < $1 }
            var depths = HuffmanCode.minimumRedundancyLengths(used.map { Int(weights[$0]) })
            HuffmanCode.limit(&depths, to: limit)
            var expected = [UInt8](repeating: 0, count: count)
            for (symbol, depth) in zip(used, depths) { expected[symbol] = UInt8(depth) }
            #expect(HuffmanCode(frequencies: frequencies, limit: limit).lengths == expected, "round \(round)")
        }
    }

    /// Every length and distance maps to the code whose range holds it.
    @Test func lengthAndDistanceCodesCoverTheirRanges() {
        for length in 3...258 {
            let code = Int(DeflateCodes.lengthCode[length])
            let base = Int(DeflateCodes.lengthBase[code])
            #expect(length >= base && length - base < 1 << Int(DeflateCodes.lengthExtraBits[code]) || length == 258 && code == 28)
        }
        for distance in 1...32_768 {
            let code = DeflateCodes.distanceCode(distance)
            let base = Int(DeflateCodes.distanceBase[code])
            #expect(distance >= base && distance - base < 1 << Int(DeflateCodes.distanceExtraBits[code]))
        }
    }

    /// Frames whose changed rows reuse the static layer's tokens decode (libpng through cairo, and libdeflate
    /// through PNGDecoder) to exactly the pixels of the same frames through the zlib path, and of the frame itself.
    @Test func tokenFramesDecodeToThePixelsOfTheZlibPath() throws {
        for (name, spec) in try PNGEncoderTests.specs() {
            let fast = try FrameDrawer(spec: spec)
            let plain = try FrameDrawer(spec: spec)
            plain.reusesStaticTokens = false
            var fastBytes = 0
            var plainBytes = 0
            for index in 0..<fast.timeline.frameCount {
                let state = fast.timeline.state(forFrame: index)
                let tokens = try fast.png(state: state)
                let zlib = try plain.png(state: state)
                fastBytes += tokens.count
                plainBytes += zlib.count
                let pixels = try fast.surface(state: state).rgbaImage()
                let byCairo = try ImageSurface(pngBytes: tokens, path: name).rgbaImage()
                let byLibdeflate = try #require(try PNGDecoder().decode(tokens, path: name))
                let plainPixels = try ImageSurface(pngBytes: zlib, path: name).rgbaImage()
                #expect(differingPixels(byCairo, pixels) == 0, "\(name), frame \(index)")
                #expect(differingPixels(byLibdeflate, pixels) == 0, "\(name), frame \(index)")
                #expect(differingPixels(plainPixels, pixels) == 0, "\(name), frame \(index)")
            }
            #expect(Double(fastBytes) <= 1.1 * Double(plainBytes), "\(name): \(fastBytes) against \(plainBytes)")
        }
    }

    /// The same frame gives the same bytes whatever was encoded before it: in order, backwards, or alone.
    @Test func aFramesBytesDoNotDependOnTheFramesBefore() throws {
        let spec = try fixtureSpec("seed-demo")
        let forwards = try FrameDrawer(spec: spec)
        let backwards = try FrameDrawer(spec: spec)
        let count = forwards.timeline.frameCount
        let inOrder = try (0..<count).map { try forwards.png(state: forwards.timeline.state(forFrame: $0)) }
        let reversed = try (0..<count).reversed().map { try backwards.png(state: backwards.timeline.state(forFrame: $0)) }
        #expect(inOrder == Array(reversed.reversed()))
        for index in [count / 2, count - 1] {
            let alone = try FrameDrawer(spec: spec)
            #expect(try alone.png(state: alone.timeline.state(forFrame: index)) == inOrder[index], "frame \(index)")
        }
    }

    /// A surface of `width` × `height` filled by `pixel(x, y)` (premultiplied ARGB).
    static func surface(width: Int, height: Int, pixel: (Int, Int) -> UInt32) throws -> ImageSurface {
        let surface = try ImageSurface(width: width, height: height)
        let data = try #require(cairo_image_surface_get_data(surface.pointer))
        for y in 0..<height {
            let row = UnsafeMutableRawPointer(data + y * surface.stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width { row[x] = pixel(x, y) }
        }
        cairo_surface_mark_dirty(surface.pointer)
        return surface
    }

    /// A static layer of noise needs more tokens than are kept: its frames go through zlib and still decode to their
    /// pixels; a flat one with a few shapes keeps its tokens; frames with a rectangle changed anywhere (edges,
    /// corners, one pixel, every row) decode exactly, and a frame equal to the static layer too.
    @Test(arguments: [false, true])
    func syntheticStaticLayersAndChangedRectangles(noise: Bool) throws {
        var random = Generator(state: noise ? 11 : 12)
        let (width, height) = (301, 70)
        let background = try Self.surface(width: width, height: height) { x, y in
            if noise { return 0xFF00_0000 | UInt32(random.next(1 << 24)) }
            return (x / 37 + y / 9) % 5 == 0 ? 0xFF33_6699 : 0xFFFF_FFFF
        }
        let encoder = try PNGEncoder()
        try encoder.useStaticLayer(background)
        let rectangles: [(Range<Int>, Range<Int>)] = [
            (0..<height, 0..<width), (0..<1, 0..<1), (height - 1..<height, width - 1..<width), (10..<40, 100..<180),
            (33..<34, 0..<width), (0..<height, 150..<151), (20..<20, 5..<9),
        ]
        for (rows, columns) in rectangles {
            let frame = try Self.surface(width: width, height: height) { x, y in
                let inside = rows.contains(y) && columns.contains(x)
                let data = cairo_image_surface_get_data(background.pointer)
                let original = data.map { UnsafeRawPointer($0 + y * background.stride).load(fromByteOffset: x * 4, as: UInt32.self) } ?? 0
                return inside ? 0xFF80_0000 | UInt32((x * 7 + y * 3) % 200) : original
            }
            let bytes = try encoder.encode(frame, changedRows: rows, columns: columns)
            let decoded = try #require(try PNGDecoder().decode(bytes, path: "synthetic"))
            #expect(differingPixels(decoded, frame.rgbaImage()) == 0, "rows \(rows), columns \(columns)")
            #expect(differingPixels(try ImageSurface(pngBytes: bytes, path: "synthetic").rgbaImage(), frame.rgbaImage()) == 0)
        }
        #expect(encoder.staticTokensUsable == !noise)
    }

    /// Which rows' tokens are kept depends on the static layer alone, not on the frames asked for first: with flat
    /// rows at the top and noise below (more tokens than are kept), a frame that changed only the top rows has the
    /// same bytes before and after a frame that changed the noisy rows, and in an encoder that saw no other frame.
    @Test func aFramesBytesDoNotDependOnWhetherAFrameBeforeItReachedANoisyRow() throws {
        var random = Generator(state: 5)
        let (width, height) = (301, 70)
        let background = try Self.surface(width: width, height: height) { x, y in
            y < 35 ? 0xFFFF_FFFF : 0xFF00_0000 | UInt32(random.next(1 << 24))
        }
        func frame(changing rows: Range<Int>) throws -> ImageSurface {
            let data = try #require(cairo_image_surface_get_data(background.pointer))
            return try Self.surface(width: width, height: height) { x, y in
                rows.contains(y) && (40..<90).contains(x)
                    ? 0xFF33_6699 : UnsafeRawPointer(data + y * background.stride).load(fromByteOffset: x * 4, as: UInt32.self)
            }
        }
        let top = try frame(changing: 2..<4)
        let bottom = try frame(changing: 60..<62)
        let encoder = try PNGEncoder()
        try encoder.useStaticLayer(background)
        let first = try encoder.encode(top, changedRows: 2..<4, columns: 40..<90)
        _ = try encoder.encode(bottom, changedRows: 60..<62, columns: 40..<90)
        let again = try encoder.encode(top, changedRows: 2..<4, columns: 40..<90)
        let alone = try PNGEncoder()
        try alone.useStaticLayer(background)
        #expect(first == again)
        #expect(try alone.encode(top, changedRows: 2..<4, columns: 40..<90) == first)
        #expect(differingPixels(try #require(try PNGDecoder().decode(first, path: "top")), top.rgbaImage()) == 0)
    }
}
