import CPickerDeflate
import PickerKit

/// Decodes the PNG files PickerReel writes (8-bit RGB or RGBA, not interlaced, any row filter) with libdeflate,
/// with the straight-alpha values exactly as stored.
///
/// Kept beside libpng for `compare`'s speed: read with `LibpngDecoder` instead, differing trees took 1.7 × as long
/// (20 specs: 4.22 s against 2.43 s), past the 0.8 × blazediff target (Benchmarks/compare_vs_blazediff.py).
/// Other kinds of PNG (palettes, grey, 16 bits, interlacing, RGB with a transparent colour in tRNS) are not
/// decoded here: `decode` returns nil and the caller reads them with `LibpngDecoder` (`PNGFile.read`). Not thread-safe:
/// the decoder reuses its libdeflate decompressor, so each thread needs its own.
package final class PNGDecoder {
    private let decompressor: OpaquePointer

    /// A decoder with its own libdeflate decompressor.
    ///
    /// Throws `RenderError.encoder` (format `.png`, a `PNGEncodingError`) when libdeflate cannot allocate one (out of memory).
    package init() throws(RenderError) {
        guard let decompressor = libdeflate_alloc_decompressor() else {
            throw RenderError.png(.libdeflate("set up a decompressor"))
        }
        self.decompressor = decompressor
    }

    deinit {
        libdeflate_free_decompressor(decompressor)
    }

    /// The picture in `bytes`, or nil when it is a kind of PNG this decoder leaves to others.
    ///
    /// Throws `RenderError.notPNG` (naming `path`) when the bytes are not a well-formed PNG: no signature, a
    /// chunk cut short or with a wrong CRC, no IHDR, IDAT or IEND, or image data that does not inflate to the
    /// picture's rows; `RenderError.tooLarge` for a picture beyond `SpecLimits`, before anything is allocated.
    package func decode(_ bytes: [UInt8], path: String) throws(RenderError) -> RGBAImage? {
        func fail(_ detail: String) -> RenderError { .notPNG(path: path, detail: detail) }
        guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            throw fail("it does not start with the PNG signature")
        }
        func number(_ offset: Int) -> Int { bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) } }
        var offset = 8
        var header: (width: Int, height: Int, channels: Int)?
        var data: [UInt8] = []
        var ended = false
        while offset + 12 <= bytes.count, !ended, let chunk = PNGChunk(in: bytes, at: offset) {
            let length = chunk.length
            guard chunk.fits(in: bytes.count) else { throw fail("a chunk runs past the end of the file") }
            guard chunk.crcMatches(in: bytes) else { throw fail("a chunk's CRC does not match its bytes") }
            let body = chunk.body.lowerBound
            switch chunk.type {
            case PNGChunk.ihdr:
                guard length == 13 else { throw fail("IHDR is \(length) bytes, not 13") }
                let (width, height) = (number(body), number(body + 4))
                let (depth, colorType) = (bytes[body + 8], bytes[body + 9])
                guard width > 0, height > 0 else { throw fail("a \(width) × \(height) px picture") }
                guard width <= SpecLimits.maximumPixelsPerSide, height <= SpecLimits.maximumPixelsPerSide,
                    width * height <= SpecLimits.maximumPixelsPerFrame
                else { throw RenderError.tooLarge(width: width, height: height) }
                guard depth == 8, colorType == 2 || colorType == 6, bytes[body + 10] == 0, bytes[body + 11] == 0, bytes[body + 12] == 0
                else { return nil }
                header = (width, height, colorType == 2 ? 3 : 4)
            case PNGChunk.idat:
                data.append(contentsOf: bytes[body..<(body + length)])
            case PNGChunk.trns:
                // One colour of an RGB picture is transparent (as optimisers write all-or-nothing alpha): left to
                // the reader that applies it, or the picture would be read opaque.
                return nil
            case PNGChunk.iend:
                ended = true
            default:
                break
            }
            offset = chunk.next
        }
        guard let header else { throw fail("there is no IHDR chunk") }
        guard ended, !data.isEmpty else { throw fail("the image data or the IEND chunk is missing") }
        let rowBytes = header.width * header.channels
        var rows = [UInt8](repeating: 0, count: (rowBytes + 1) * header.height)
        let decompressor = decompressor
        let result = data.withUnsafeBytes { input in
            rows.withUnsafeMutableBytes { output in
                var written = 0
                let status = libdeflate_zlib_decompress(
                    decompressor, input.baseAddress, input.count, output.baseAddress, output.count, &written)
                return status == LIBDEFLATE_SUCCESS && written == output.count
            }
        }
        guard result else { throw fail("the image data does not inflate to \(header.height) rows of \(header.width) px") }
        guard let image = Self.unfilter(rows, width: header.width, height: header.height, channels: header.channels) else {
            throw fail("a row has an unknown filter type")
        }
        return image
    }

    /// Undoes the row filters in place and returns the picture as straight RGBA; nil for a filter type over 4.
    private static func unfilter(_ rows: [UInt8], width: Int, height: Int, channels: Int) -> RGBAImage? {
        var rows = rows
        let rowBytes = width * channels
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        let valid = rows.withUnsafeMutableBufferPointer { buffer -> Bool in
            guard let base = buffer.baseAddress else { return false }
            for y in 0..<height {
                let line = base + y * (rowBytes + 1) + 1
                let above: UnsafeMutablePointer<UInt8>? = y > 0 ? line - (rowBytes + 1) : nil
                switch line[-1] {
                case 0:
                    break
                case 1:
                    for i in channels..<rowBytes { line[i] &+= line[i - channels] }
                case 2:
                    if let above { for i in 0..<rowBytes { line[i] &+= above[i] } }
                case 3:
                    for i in 0..<rowBytes {
                        let left = i >= channels ? Int(line[i - channels]) : 0
                        let up = above.map { Int($0[i]) } ?? 0
                        line[i] &+= UInt8((left + up) / 2)
                    }
                case 4:
                    for i in 0..<rowBytes {
                        let left = i >= channels ? Int(line[i - channels]) : 0
                        let up = above.map { Int($0[i]) } ?? 0
                        let upperLeft = i >= channels ? (above.map { Int($0[i - channels]) } ?? 0) : 0
                        let estimate = left + up - upperLeft
                        let (toLeft, toUp, toUpperLeft) = (abs(estimate - left), abs(estimate - up), abs(estimate - upperLeft))
                        let predictor = toLeft <= toUp && toLeft <= toUpperLeft ? left : (toUp <= toUpperLeft ? up : upperLeft)
                        line[i] &+= UInt8(predictor)
                    }
                default:
                    return false
                }
            }
            return true
        }
        guard valid else { return nil }
        rows.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { target in
                guard let from = source.baseAddress, let to = target.baseAddress else { return }
                for y in 0..<height {
                    let line = from + y * (rowBytes + 1) + 1
                    let out = to + y * width * 4
                    if channels == 4 {
                        out.update(from: line, count: rowBytes)
                    } else {
                        for x in 0..<width {
                            out[4 * x] = line[3 * x]
                            out[4 * x + 1] = line[3 * x + 1]
                            out[4 * x + 2] = line[3 * x + 2]
                        }
                    }
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}
