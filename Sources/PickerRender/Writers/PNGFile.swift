import Foundation
import PickerKit

/// Reads and writes PNG files as `RGBAImage`s.
package enum PNGFile {
    /// Decodes the PNG at `path`.
    ///
    /// Looks before it reads: a folder, a pipe or FIFO, a device, or a file larger than any PNG within the pixel
    /// limits is refused without being opened or read (a FIFO is never opened, so this never blocks). The
    /// header's picture size is checked against the limits (16,384 px a side, 64 Mi pixels) before decoding, and
    /// every chunk's CRC before the pixels are inflated.
    /// Throws `RenderError.file` when it cannot be read, `RenderError.tooLarge` for a picture beyond the limits, and
    /// `RenderError.notPNG` naming what is wrong with a file that is not a readable PNG.
    package static func read(_ path: String) throws(RenderError) -> RGBAImage {
        let kind = FileKind.of(path)
        guard case .regularFile(let size) = kind else {
            throw RenderError.file(path: path, reason: kind.refusal ?? "it is not a regular file")
        }
        guard size <= PNGStructure.maximumFileBytes else {
            throw RenderError.file(
                path: path,
                reason: "the file is \(size) bytes; a PNG within the picture limits is at most \(PNGStructure.maximumFileBytes) bytes")
        }
        // Only the signature and header first: a small file that declares a huge picture is refused here.
        let head = try readBytes(path, count: 33)
        _ = try PNGStructure.declaredSize(head, path: path)
        let bytes = try readBytes(path, count: PNGStructure.maximumFileBytes)
        // PickerReel's own kinds of PNG (8-bit RGB and RGBA, not interlaced) decode with libdeflate, several times
        // faster than cairo and with straight alpha exactly as stored; every other kind, and any file the fast
        // reader refuses, goes the checked way through cairo (libpng), whose messages say what is wrong.
        if let decoder = try? PNGDecoder(), let image = try? decoder.decode(bytes, path: path) { return image }
        return try ImageSurface(pngBytes: bytes, path: path).rgbaImage()
    }

    /// The size the PNG at `path` declares in its header, read without decoding it; throws as `read` does for a
    /// file that is not a regular file, not a PNG, or beyond the limits.
    package static func declaredSize(ofFile path: String) throws(RenderError) -> (width: Int, height: Int) {
        let kind = FileKind.of(path)
        guard case .regularFile = kind else {
            throw RenderError.file(path: path, reason: kind.refusal ?? "it is not a regular file")
        }
        return try PNGStructure.declaredSize(try readBytes(path, count: 33), path: path)
    }

    /// True when the PNG at `path` is animated (an APNG: an acTL chunk before the first image data), read chunk
    /// header by chunk header up to the image data (at most 1,000 chunks), without reading the pixels.
    ///
    /// A file that ends or goes wrong before its image data is not called animated; reading it says what is wrong.
    /// Throws `RenderError.file` when it cannot be opened.
    package static func isAnimated(_ path: String) throws(RenderError) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            let reason = String(cString: strerror(errno))
            throw RenderError.file(path: path, reason: "cannot read it (\(reason))")
        }
        defer { try? handle.close() }
        var offset: UInt64 = 8
        // acTL comes before the first IDAT, after a few chunks at most; a file of millions of tiny chunks is not
        // walked one read at a time.
        for _ in 0..<1_000 {
            guard (try? handle.seek(toOffset: offset)) != nil, let header = try? handle.read(upToCount: 8), header.count == 8 else {
                return false
            }
            let bytes = [UInt8](header)
            let length = UInt64(bytes[0]) << 24 | UInt64(bytes[1]) << 16 | UInt64(bytes[2]) << 8 | UInt64(bytes[3])
            switch String(decoding: bytes[4..<8], as: UTF8.self) {
            case "acTL": return true
            case "IDAT", "IEND": return false
            default: offset += 12 + length
            }
        }
        return false
    }

    /// Up to `count` bytes from the start of the regular file at `path`.
    static func readBytes(_ path: String, count: Int) throws(RenderError) -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            let reason = String(cString: strerror(errno))
            throw RenderError.file(path: path, reason: "cannot read it (\(reason))")
        }
        defer { try? handle.close() }
        do {
            return [UInt8](try handle.read(upToCount: count) ?? Data())
        } catch {
            throw RenderError.file(path: path, reason: "cannot read it (\(FileErrors.reason(error)))")
        }
    }

    /// Encodes `image` as PNG bytes with the frames' encoder (libdeflate, the default level), its straight RGBA
    /// bytes exactly as they are (cairo's reader, which premultiplies, may return translucent colours ±1).
    package static func encode(_ image: RGBAImage) throws(RenderError) -> [UInt8] {
        try PNGEncoder().encode(image)
    }
}
