import CPickerCairo
import CPickerDeflate
import PickerKit

/// Encodes cairo image surfaces as PNG files with libdeflate, several times faster than cairo's `write_to_png`.
///
/// The pixels written are the ones cairo's own PNG writer writes: RGB when every pixel is opaque, RGBA
/// otherwise, un-premultiplied with the same rounding, so a decoder sees exactly the same picture. The file
/// holds IHDR, one IDAT and IEND. Not thread-safe: the encoder reuses its compressor and buffers from frame to
/// frame, so each thread needs its own.
package final class PNGEncoder {
    /// How hard this encoder compresses.
    package let compression: PNGCompression

    private let compressor: OpaquePointer
    /// The rows as the IDAT chunk stores them, each led by its filter type; reused from frame to frame.
    private var scanlines: [UInt8] = []
    /// Two unfiltered rows, the current one and the one above, for the filters that look at neighbours.
    private var rows: [UInt8] = []
    /// libdeflate's output, sized for the worst case.
    private var compressed: [UInt8] = []
    /// What `scanlines` holds after the last frame, when its caller said which rows differed from a fixed
    /// background: then the next frame of that background only needs those rows and its own refilled.
    private var lastFrame: (width: Int, height: Int, channels: Int, changedRows: Range<Int>)?
    /// The zlib stream that compresses a frame's changed bands when `changedRows` cannot.
    private var deflater: Deflater?
    /// Compresses a frame's changed bands by reusing the static layer's tokens outside the changed rectangle.
    private var changedRows: ChangedRowsDeflater?
    /// Whether the changed bands go through `changedRows` (true, the default) or through zlib, the reference
    /// the tests compare it with.
    package var reusesStaticTokens = true
    /// False once the static layer proved to need too many tokens to keep (its frames then go through zlib); nil
    /// before any static layer.
    var staticTokensUsable: Bool? { changedRows?.staticTokensUsable }
    /// The banded path's scanlines: the static layer's, with the last frame's pixels in `bandedDirtyRows` ×
    /// `bandedDirtyColumns`.
    private var bandedScanlines: [UInt8] = []
    private var bandedDirtyRows: Range<Int> = 0..<0
    private var bandedDirtyColumns: Range<Int> = 0..<0
    /// The last banded frame's compressed size, to reserve about as much for the next.
    private var lastBandedSize = 0

    /// An encoder with its own libdeflate compressor.
    ///
    /// Throws `RenderError.encoder` (format `.png`, a `PNGEncodingError`) when libdeflate cannot allocate one (out of memory).
    package init(compression: PNGCompression = .standard) throws(RenderError) {
        guard let compressor = libdeflate_alloc_compressor(Int32(clamping: compression.level)) else {
            throw RenderError.png(.libdeflate("set up a level \(compression.level) compressor"))
        }
        self.compressor = compressor
        self.compression = compression
    }

    deinit {
        libdeflate_free_compressor(compressor)
    }

    /// The PNG file of `surface`'s pixels.
    ///
    /// Throws `RenderError.encoder` (format `.png`, a `PNGEncodingError`) when the surface has no pixel data or libdeflate fails.
    package func encode(_ surface: ImageSurface) throws(RenderError) -> [UInt8] {
        try encode(surface, changedRows: nil)
    }

    /// The zlib level of a frame's changed bands, or nil when this compression encodes whole frames: the banded
    /// path serves levels 1 to 4 with unfiltered rows (the default among them), where it halves the time of a frame;
    /// from level 5 on, where files should be smallest, libdeflate compresses each frame whole.
    var bandLevel: Int32? {
        guard compression.filter == .none, (1...4).contains(compression.level) else { return nil }
        return Int32(min(compression.level, 3))
    }

    /// Takes `surface` as the static layer the frames passed to `encode(_:changedRows:)` differ from: its rows are
    /// compressed once, in bands, and each frame then compresses only the bands with changed rows.
    ///
    /// Throws `RenderError.encoder` (format `.png`, a `PNGEncodingError`) when zlib cannot be set up.
    func useStaticLayer(_ surface: ImageSurface) throws(RenderError) {
        guard bandLevel != nil, let data = cairo_image_surface_get_data(surface.pointer) else { return }
        cairo_surface_flush(surface.pointer)
        let bands = StaticBands(
            PixelRows(base: UnsafeRawPointer(data), width: surface.width, height: surface.height, stride: surface.stride))
        try useStaticLayer(
            StaticLayerEncoding(
                bands: bands, tokens: StaticRowTokens(lineBytes: bands.lineBytes, height: bands.height, channels: bands.channels)))
    }

    /// Takes the static layer another encoder of the same compression prepared (`staticLayerEncoding`): its
    /// compressed bands and tokens are shared, not made again, and frames are encoded byte for byte as that
    /// encoder encodes them.
    ///
    /// Throws `RenderError.encoder` (format `.png`, a `PNGEncodingError`) when zlib cannot be set up.
    func useStaticLayer(_ shared: StaticLayerEncoding) throws(RenderError) {
        guard let level = bandLevel else { return }
        deflater = try Deflater(level: level)
        changedRows = ChangedRowsDeflater(statics: shared.tokens)
        staticLayerEncoding = shared
        bandedScanlines = []
        bandedDirtyRows = 0..<0
    }

    /// The static layer's compressed bands and tokens, which frames are encoded by reusing and which encoders of
    /// other drawers of the same plan share; nil before `useStaticLayer`, or when this compression encodes whole
    /// frames.
    private(set) var staticLayerEncoding: StaticLayerEncoding?

    /// The PNG file of `surface`, a frame that differs from a fixed background only in `changedRows`.
    ///
    /// Unfiltered rows outside both this frame's and the last frame's changed rows are still in `scanlines`
    /// and are not converted again. Nil means anything may have changed. Every frame passed this way must share
    /// one background.
    ///
    /// `columns`, when given, are the only columns of those rows that changed.
    func encode(_ surface: ImageSurface, changedRows: Range<Int>?, columns: Range<Int>? = nil) throws(RenderError) -> [UInt8] {
        cairo_surface_flush(surface.pointer)
        guard let data = cairo_image_surface_get_data(surface.pointer) else {
            throw RenderError.png(.noPixelData)
        }
        let pixels = PixelRows(base: UnsafeRawPointer(data), width: surface.width, height: surface.height, stride: surface.stride)
        if let changedRows, let bands = staticLayerEncoding?.bands, let deflater, let level = bandLevel, bands.width == pixels.width,
            bands.height == pixels.height, bands.channels == 4 || pixels.isOpaque(rows: changedRows, columns: columns ?? 0..<pixels.width)
        {
            return try encodeBanded(
                pixels, changedRows: changedRows.clamped(to: 0..<pixels.height),
                columns: (columns ?? 0..<pixels.width).clamped(to: 0..<pixels.width),
                bands: bands, deflater: deflater, level: level)
        }
        let channels = pixels.isOpaque ? 3 : 4
        let rowBytes = pixels.width * channels
        let scanlineBytes = (rowBytes + 1) * pixels.height
        if scanlines.count < scanlineBytes { scanlines = [UInt8](repeating: 0, count: scanlineBytes) }
        let rows: [Range<Int>]
        if let changedRows, let last = lastFrame, compression.filter == .none, last.width == pixels.width,
            last.height == pixels.height, last.channels == channels
        {
            rows = [last.changedRows, changedRows]
        } else {
            rows = [0..<pixels.height]
        }
        // Forget the rows before filling them, so a failure below cannot leave a half-filled buffer trusted.
        lastFrame = nil
        for range in rows {
            fillScanlines(from: pixels, channels: channels, rows: range.clamped(to: 0..<pixels.height))
        }
        lastFrame = changedRows.map { (pixels.width, pixels.height, channels, $0) }
        return try finish(width: pixels.width, height: pixels.height, channels: channels, scanlineBytes: scanlineBytes)
    }

    /// The PNG file of `image`'s straight RGBA bytes exactly as they are (RGB when every pixel is opaque), with no
    /// premultiplication on the way, so translucent pixels keep their colour: for pictures that did not come from
    /// cairo, such as diff pictures and snapshot renders read back from disk.
    package func encode(_ image: RGBAImage) throws(RenderError) -> [UInt8] {
        let opaque = stride(from: 3, to: image.pixels.count, by: 4).allSatisfy { image.pixels[$0] == 255 }
        let channels = opaque ? 3 : 4
        let rowBytes = image.width * channels
        let scanlineBytes = (rowBytes + 1) * image.height
        lastFrame = nil
        if scanlines.count < scanlineBytes { scanlines = [UInt8](repeating: 0, count: scanlineBytes) }
        image.pixels.withUnsafeBufferPointer { input in
            scanlines.withUnsafeMutableBufferPointer { output in
                for y in 0..<image.height {
                    let line = (rowBytes + 1) * y
                    output[line] = 0
                    for x in 0..<image.width {
                        let from = (y * image.width + x) * 4
                        let to = line + 1 + x * channels
                        for channel in 0..<channels { output[to + channel] = input[from + channel] }
                    }
                }
            }
        }
        return try finish(width: image.width, height: image.height, channels: channels, scanlineBytes: scanlineBytes)
    }

    /// A frame that differs from the static layer only in `changed`, decoding to the same pixels as `encode(_:)`.
    ///
    /// The static bands' pieces are reused, the runs of bands with changed rows compressed, the Adler-32s combined.
    private func encodeBanded(
        _ pixels: PixelRows, changedRows changed: Range<Int>, columns: Range<Int>, bands: StaticBands, deflater: Deflater, level: Int32
    ) throws(RenderError) -> [UInt8] {
        let line = bands.lineBytes
        if bandedScanlines.count != bands.scanlines.count {
            bandedScanlines = bands.scanlines
            bandedDirtyRows = 0..<0
        }
        // Back to the static pixels where the last frame differed, then this frame's pixels where it differs.
        let channels = bands.channels
        bands.scanlines.withUnsafeBufferPointer { source in
            bandedScanlines.withUnsafeMutableBufferPointer { target in
                guard let from = source.baseAddress, let to = target.baseAddress else { return }
                let start = 1 + bandedDirtyColumns.lowerBound * channels
                let count = bandedDirtyColumns.count * channels
                for y in bandedDirtyRows { (to + y * line + start).update(from: from + y * line + start, count: count) }
                for y in changed { pixels.unpremultiply(row: y, columns: columns, channels: channels, into: to + y * line + 1) }
            }
        }
        bandedDirtyRows = changed
        bandedDirtyColumns = columns
        // zlib's header for a 32 KB window, no dictionary, "fast" level: 0x78 0x5E, a multiple of 31.
        var stream: [UInt8] = [0x78, 0x5E]
        stream.reserveCapacity(lastBandedSize + 256)
        var adler: UInt32 = 1
        var band = 0
        while band < bands.bandCount {
            let rows = bands.rows(ofBand: band)
            guard rows.overlaps(changed) else {
                let piece = try bands.piece(band, deflater: deflater)
                stream.append(contentsOf: piece.bytes)
                adler = Deflater.combine(adler, piece.adler, secondLength: rows.count * line)
                band += 1
                continue
            }
            var last = band
            while last + 1 < bands.bandCount, bands.rows(ofBand: last + 1).overlaps(changed) { last += 1 }
            let start = rows.lowerBound * line
            let runRows = rows.lowerBound..<bands.rows(ofBand: last).upperBound
            let length = runRows.count * line
            let final = last == bands.bandCount - 1
            let tokens = reusesStaticTokens ? changedRows : nil
            let pieceAdler = try bandedScanlines.withUnsafeBufferPointer { buffer throws(RenderError) in
                let input = UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: buffer[start..<(start + length)]))
                let reused = bands.scanlines.withUnsafeBufferPointer { statics in
                    guard let tokens, let frame = buffer.baseAddress, let staticBase = statics.baseAddress else { return false }
                    return tokens.append(
                        rows: runRows, changed: changed, columns: columns, frame: frame, staticScanlines: staticBase, final: final,
                        to: &stream)
                }
                if !reused { try deflater.append(input, final: final, level: level, to: &stream) }
                return Deflater.adler32(input)
            }
            adler = Deflater.combine(adler, pieceAdler, secondLength: length)
            band = last + 1
        }
        stream.append(contentsOf: [
            UInt8(adler >> 24), UInt8(truncatingIfNeeded: adler >> 16), UInt8(truncatingIfNeeded: adler >> 8),
            UInt8(truncatingIfNeeded: adler),
        ])
        lastBandedSize = stream.count
        var file = PNGChunkWriter(capacity: stream.count + 64)
        file.writeSignature()
        file.writeHeader(width: bands.width, height: bands.height, colorType: bands.channels == 3 ? 2 : 6)
        stream.withUnsafeBytes { file.writeChunk("IDAT", $0) }
        file.writeChunk("IEND", UnsafeRawBufferPointer(start: nil, count: 0))
        return file.bytes
    }

    /// Compresses the first `scanlineBytes` of `scanlines` and wraps them in a PNG file.
    private func finish(width: Int, height: Int, channels: Int, scanlineBytes: Int) throws(RenderError) -> [UInt8] {
        let bound = libdeflate_zlib_compress_bound(compressor, scanlineBytes)
        if compressed.count < bound { compressed = [UInt8](repeating: 0, count: bound) }
        let compressor = compressor
        let compressedBytes = scanlines.withUnsafeBytes { input in
            compressed.withUnsafeMutableBytes { output in
                libdeflate_zlib_compress(compressor, input.baseAddress, scanlineBytes, output.baseAddress, output.count)
            }
        }
        guard compressedBytes > 0, compressedBytes <= Int(Int32.max) else {
            throw RenderError.png(.libdeflate("compress \(scanlineBytes) bytes of rows"))
        }
        var file = PNGChunkWriter(capacity: compressedBytes + 64)
        file.writeSignature()
        file.writeHeader(width: width, height: height, colorType: channels == 3 ? 2 : 6)
        compressed.withUnsafeBytes { file.writeChunk("IDAT", UnsafeRawBufferPointer(rebasing: $0[0..<compressedBytes])) }
        file.writeChunk("IEND", UnsafeRawBufferPointer(start: nil, count: 0))
        return file.bytes
    }

    /// Un-premultiplies `rows` into `scanlines` and applies the filter.
    private func fillScanlines(from pixels: PixelRows, channels: Int, rows lines: Range<Int>) {
        let rowBytes = pixels.width * channels
        let filter = compression.filter
        if filter != .none && rows.count < 2 * rowBytes { rows = [UInt8](repeating: 0, count: 2 * rowBytes) }
        scanlines.withUnsafeMutableBufferPointer { scanlineBuffer in
            rows.withUnsafeMutableBufferPointer { rowBuffer in
                guard let output = scanlineBuffer.baseAddress else { return }
                for y in lines {
                    let line = output + y * (rowBytes + 1)
                    guard filter != .none, let twoRows = rowBuffer.baseAddress else {
                        line[0] = 0
                        pixels.unpremultiply(row: y, channels: channels, into: line + 1)
                        continue
                    }
                    // The current row and the one above alternate between the two halves of `rows`.
                    let current = twoRows + (y % 2) * rowBytes
                    let above = twoRows + ((y + 1) % 2) * rowBytes
                    if y == 0 { above.update(repeating: 0, count: rowBytes) }
                    pixels.unpremultiply(row: y, channels: channels, into: current)
                    RowFilter.apply(filter, row: current, above: above, count: rowBytes, bytesPerPixel: channels, into: line)
                }
            }
        }
    }
}

/// Read access to the rows of a cairo ARGB32 surface (premultiplied, native-endian 32-bit pixels).
struct PixelRows {
    let base: UnsafeRawPointer
    let width: Int
    let height: Int
    let stride: Int

    func row(_ y: Int) -> UnsafePointer<UInt32> {
        (base + y * stride).assumingMemoryBound(to: UInt32.self)
    }

    /// True when every alpha is 255, so the file can store RGB, as cairo's writer does.
    var isOpaque: Bool { isOpaque(rows: 0..<height) }

    /// True when every alpha in `rows` (and `columns`, all by default) is 255.
    func isOpaque(rows: Range<Int>, columns: Range<Int>? = nil) -> Bool {
        let columns = (columns ?? 0..<width).clamped(to: 0..<width)
        for y in rows.clamped(to: 0..<height) {
            let pixels = row(y)
            var all: UInt32 = 0xFFFF_FFFF
            for x in columns { all &= pixels[x] }
            if all >> 24 != 0xFF { return false }
        }
        return true
    }

    /// Writes row `y` as RGB or RGBA bytes with straight alpha, with `Unpremultiply.channel`, the rounding of
    /// cairo's PNG writer, so both writers store the same values.
    func unpremultiply(row y: Int, channels: Int, into output: UnsafeMutablePointer<UInt8>) {
        unpremultiply(row: y, columns: 0..<width, channels: channels, into: output)
    }

    /// Writes the pixels in `columns` of row `y` into `output` (the row's first byte), as `unpremultiply(row:)`.
    func unpremultiply(row y: Int, columns: Range<Int>, channels: Int, into output: UnsafeMutablePointer<UInt8>) {
        let pixels = row(y)
        if channels == 3 {
            for x in columns {
                let pixel = pixels[x]
                output[3 * x] = UInt8(truncatingIfNeeded: pixel >> 16)
                output[3 * x + 1] = UInt8(truncatingIfNeeded: pixel >> 8)
                output[3 * x + 2] = UInt8(truncatingIfNeeded: pixel)
            }
            return
        }
        for x in columns {
            let pixel = pixels[x]
            let alpha = pixel >> 24
            let out = output + 4 * x
            switch alpha {
            case 0:
                out[0] = 0
                out[1] = 0
                out[2] = 0
            case 255:
                out[0] = UInt8(truncatingIfNeeded: pixel >> 16)
                out[1] = UInt8(truncatingIfNeeded: pixel >> 8)
                out[2] = UInt8(truncatingIfNeeded: pixel)
            default:
                out[0] = UInt8(Unpremultiply.channel((pixel >> 16) & 0xFF, alpha: alpha))
                out[1] = UInt8(Unpremultiply.channel((pixel >> 8) & 0xFF, alpha: alpha))
                out[2] = UInt8(Unpremultiply.channel(pixel & 0xFF, alpha: alpha))
            }
            out[3] = UInt8(truncatingIfNeeded: alpha)
        }
    }
}

/// Undoes cairo's premultiplied alpha: the one routine the PNG writer and `ImageSurface.rgbaImage` share.
package enum Unpremultiply {
    /// The straight value of premultiplied `value` at `alpha` (1…254), rounded to nearest as cairo's PNG writer
    /// (`unpremultiply_data` in cairo-png.c) rounds; clamped to 255 for a value above its alpha, which cairo's own
    /// drawing never makes.
    @inline(__always)
    package static func channel(_ value: UInt32, alpha: UInt32) -> UInt32 {
        min((value * 255 + alpha / 2) / alpha, 255)
    }
}

/// A static layer's compressed bands and LZ77 tokens, both thread-safe: what the encoders of a plan's drawers share.
struct StaticLayerEncoding: Sendable {
    let bands: StaticBands
    let tokens: StaticRowTokens
}
