import CPickerDeflate
import Foundation
import PickerKit
import PickerRender

/// Reads the PNG frames PickerReel writes (8-bit RGB or RGBA, not interlaced) with libdeflate.
///
/// Several times faster than cairo's reader, so that the comparison with ffmpeg (whose PNG decoder is quick)
/// measures the video encoders rather than PNG decoding. Any other PNG goes through `PNGFile.read`. Not
/// thread-safe: one reader per thread.
final class PNGFrameReader {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let decompressor: OpaquePointer

    init() throws {
        guard let decompressor = libdeflate_alloc_decompressor() else { throw Failure(description: "libdeflate: out of memory") }
        self.decompressor = decompressor
    }

    deinit { libdeflate_free_decompressor(decompressor) }

    /// The pixels of the PNG at `path`, straight RGBA.
    func read(_ path: String) throws -> RGBAImage {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        return try decode(bytes) ?? PNGFile.read(path)
    }

    /// The picture, or nil when the PNG is of a kind this reader leaves to cairo.
    private func decode(_ bytes: [UInt8]) throws -> RGBAImage? {
        guard bytes.count > 33, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return nil }
        func integer(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        var offset = 8
        var header: (width: Int, height: Int, channels: Int)?
        var compressed: [UInt8] = []
        while offset + 12 <= bytes.count {
            let length = integer(offset)
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            let data = offset + 8
            guard length >= 0, data + length + 4 <= bytes.count else { throw Failure(description: "a \(type) chunk runs past the end") }
            switch type {
            case "IHDR":
                guard length == 13, bytes[data + 8] == 8, bytes[data + 12] == 0, [2, 6].contains(bytes[data + 9]) else { return nil }
                header = (integer(data), integer(data + 4), bytes[data + 9] == 2 ? 3 : 4)
            case "IDAT":
                compressed.append(contentsOf: bytes[data..<data + length])
            case "IEND":
                offset = bytes.count
                continue
            default:
                break
            }
            offset = data + length + 4
        }
        guard let (width, height, channels) = header, width > 0, height > 0 else { return nil }
        let rowBytes = width * channels
        var scanlines = [UInt8](repeating: 0, count: height * (rowBytes + 1))
        var written = 0
        let status = compressed.withUnsafeBytes { input in
            scanlines.withUnsafeMutableBytes { output in
                libdeflate_zlib_decompress(decompressor, input.baseAddress, input.count, output.baseAddress, output.count, &written)
            }
        }
        guard status == LIBDEFLATE_SUCCESS, written == scanlines.count else {
            throw Failure(description: "libdeflate could not inflate the image data")
        }
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        try scanlines.withUnsafeMutableBufferPointer { lines in
            try pixels.withUnsafeMutableBufferPointer { target in
                guard let lines = lines.baseAddress, let target = target.baseAddress else { return }
                for row in 0..<height {
                    let line = lines + row * (rowBytes + 1)
                    let above: UnsafeMutablePointer<UInt8>? = row > 0 ? lines + (row - 1) * (rowBytes + 1) + 1 : nil
                    try Self.unfilter(line + 1, type: line[0], above: above, count: rowBytes, bytesPerPixel: channels)
                    let out = target + row * width * 4
                    if channels == 4 {
                        out.update(from: line + 1, count: rowBytes)
                    } else {
                        for x in 0..<width {
                            out[x * 4] = line[1 + x * 3]
                            out[x * 4 + 1] = line[2 + x * 3]
                            out[x * 4 + 2] = line[3 + x * 3]
                        }
                    }
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// Undoes the row filter in place (PNG specification, section 9).
    private static func unfilter(
        _ row: UnsafeMutablePointer<UInt8>, type: UInt8, above: UnsafeMutablePointer<UInt8>?, count: Int, bytesPerPixel bpp: Int
    ) throws {
        func up(_ i: Int) -> Int { above.map { Int($0[i]) } ?? 0 }
        switch type {
        case 0:
            return
        case 1:
            for i in bpp..<max(bpp, count) { row[i] = row[i] &+ row[i - bpp] }
        case 2:
            guard let above else { return }
            for i in 0..<count { row[i] = row[i] &+ above[i] }
        case 3:
            for i in 0..<count {
                let left = i >= bpp ? Int(row[i - bpp]) : 0
                row[i] = row[i] &+ UInt8((left + up(i)) / 2)
            }
        case 4:
            for i in 0..<count {
                let left = i >= bpp ? Int(row[i - bpp]) : 0
                let upperLeft = i >= bpp ? up(i - bpp) : 0
                let estimate = left + up(i) - upperLeft
                let (toLeft, toUp, toUpperLeft) = (abs(estimate - left), abs(estimate - up(i)), abs(estimate - upperLeft))
                let predictor = toLeft <= toUp && toLeft <= toUpperLeft ? left : (toUp <= toUpperLeft ? up(i) : upperLeft)
                row[i] = row[i] &+ UInt8(predictor)
            }
        default:
            throw Failure(description: "unknown PNG row filter \(type)")
        }
    }
}
