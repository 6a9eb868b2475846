import FoundationEssentials
import Glibc
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
        return try decodeChecked(try readBytes(path, count: PNGStructure.maximumFileBytes), path: path)
    }

    /// Decodes the whole file's `bytes` as `read` does once it holds them, its header's size checked first; `path`
    /// names the file in errors.
    ///
    /// Throws as `read` does for bytes that are not a readable PNG or declare a picture beyond the limits.
    package static func decodeWhole(_ bytes: [UInt8], path: String) throws(RenderError) -> RGBAImage {
        _ = try PNGStructure.declaredSize(Array(bytes.prefix(33)), path: path)
        return try decodeChecked(bytes, path: path)
    }

    /// The pixels of `bytes`, whose header is checked.
    private static func decodeChecked(_ bytes: [UInt8], path: String) throws(RenderError) -> RGBAImage {
        // PickerReel's own kinds of PNG (8-bit RGB and RGBA, not interlaced) decode with libdeflate, faster than
        // libpng; every other kind, and any file the fast reader refuses, goes the checked way (`PNGStructure`, whose
        // messages say what is wrong) to libpng, which also keeps straight alpha exactly as stored.
        if let decoder = try? PNGDecoder(), let image = try? decoder.decode(bytes, path: path) { return image }
        _ = try PNGStructure(checking: bytes, path: path)
        return try LibpngDecoder.decode(bytes, path: path)
    }

    /// Decodes the PNG `bytes` held in memory (an APNG frame made into a still PNG); `path` names the file in errors.
    ///
    /// Throws as `read` does for bytes that are not a readable PNG.
    package static func decode(_ bytes: [UInt8], path: String) throws(RenderError) -> RGBAImage {
        _ = try PNGStructure(checking: bytes, path: path)
        if let decoder = try? PNGDecoder(), let image = try? decoder.decode(bytes, path: path) { return image }
        return try LibpngDecoder.decode(bytes, path: path)
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
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            throw RenderError.file(path: path, reason: "cannot read it (\(reason))")
        }
        defer { close(descriptor) }
        let types = try PNGChunkHeaders.typesBeforeImageData { (offset: UInt64) throws(RenderError) -> [UInt8]? in
            Self.read(descriptor, count: 8, at: Int64(offset))
        }
        return types.contains("acTL")
    }

    /// Up to `count` bytes from the start of the file at `path`, to tell kinds of file apart by their signature.
    ///
    /// Throws `RenderError.file` when it cannot be read.
    package static func head(_ path: String, count: Int) throws(RenderError) -> [UInt8] {
        try readBytes(path, count: count)
    }

    /// Every byte of the regular file at `path` (an APNG or WebP to decode), refused without reading when it is not
    /// a regular file or is larger than the largest PNG the limits allow; throws `RenderError.file`.
    package static func whole(_ path: String) throws(RenderError) -> [UInt8] {
        let kind = FileKind.of(path)
        guard case .regularFile(let size) = kind else {
            throw RenderError.file(path: path, reason: kind.refusal ?? "it is not a regular file")
        }
        guard size <= PNGStructure.maximumFileBytes else {
            throw RenderError.file(path: path, reason: "the file is \(size) bytes; at most \(PNGStructure.maximumFileBytes) bytes are read")
        }
        return try readBytes(path, count: PNGStructure.maximumFileBytes)
    }

    /// Up to `count` bytes from the start of the regular file at `path`.
    static func readBytes(_ path: String, count: Int) throws(RenderError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            throw RenderError.file(path: path, reason: "cannot read it (\(reason))")
        }
        defer { close(descriptor) }
        guard let bytes = read(descriptor, count: count, at: 0) else {
            throw RenderError.file(path: path, reason: "cannot read it (\(String(cString: strerror(errno))))")
        }
        return bytes
    }

    /// Up to `count` bytes of the open file `descriptor` from `offset` (fewer at its end); nil when reading fails.
    ///
    /// Memory grows with what is read, from the file's size as `fstat` gives it, never to `count` up front: the
    /// callers pass the largest PNG the limits allow.
    private static func read(_ descriptor: Int32, count: Int, at offset: Int64) -> [UInt8]? {
        var status = stat()
        let known = fstat(descriptor, &status) == 0 ? max(Int(status.st_size) - Int(offset), 0) : 0
        var bytes: [UInt8] = []
        var chunk = max(min(count, known), 1)
        while bytes.count < count {
            let start = bytes.count
            let want = min(count - start, chunk)
            var failed = false
            let piece = [UInt8](unsafeUninitializedCapacity: want) { buffer, initialized in
                var got = 0
                repeat {
                    got = pread(descriptor, buffer.baseAddress, want, off_t(offset) + off_t(start))
                } while got < 0 && errno == EINTR
                failed = got < 0
                initialized = max(got, 0)
            }
            if failed { return nil }
            if piece.isEmpty { break }
            bytes += piece
            // A file longer than `fstat` said (it grew): read on in larger steps.
            chunk = max(chunk, 64 * 1024)
        }
        return bytes
    }

    /// Encodes `image` as PNG bytes with the frames' encoder (libdeflate, the default level), its straight RGBA
    /// bytes exactly as they are (cairo's reader, which premultiplies, may return translucent colours ±1).
    package static func encode(_ image: RGBAImage) throws(RenderError) -> [UInt8] {
        try PNGEncoder().encode(image)
    }
}
