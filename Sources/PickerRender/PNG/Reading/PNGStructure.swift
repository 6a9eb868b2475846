import PickerKit

/// The checks a PNG passes before it is decoded: its signature, its header (IHDR) and the picture size it
/// declares against the pixel limits, and every chunk's length and CRC, so a bad file gets a message that says
/// what is wrong instead of the decoder's "out of memory", and a huge picture is refused before memory is taken.
package struct PNGStructure: Equatable, Sendable {
    /// The width the header declares, in pixels.
    package var width: Int
    /// The height the header declares, in pixels.
    package var height: Int

    /// The largest PNG file read, in bytes: a picture at the pixel limit (64 Mi pixels) stored uncompressed at 16
    /// bits per channel is 512 MiB; 64 MiB more leaves room for filter bytes and other chunks.
    package static let maximumFileBytes = SpecLimits.maximumPixelsPerFrame * 8 + (64 << 20)

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Checks `bytes`; `path` names the file in errors.
    ///
    /// Throws `RenderError.notPNG` naming what is wrong (no signature, no header first, a header of the wrong
    /// length, a zero or invalid size, an unknown colour type or bit depth, a chunk cut short, a CRC that does not
    /// match, no pixel data, no end chunk) and `RenderError.tooLarge` for a declared size beyond the limits.
    package init(checking bytes: [UInt8], path: String) throws(RenderError) {
        guard bytes.count >= Self.signature.count, bytes.starts(with: Self.signature) else {
            throw RenderError.notPNG(path: path, detail: "it does not start with the PNG signature")
        }
        var offset = Self.signature.count
        var header: (width: Int, height: Int)?
        var sawPixels = false
        var sawEnd = false
        while offset < bytes.count {
            guard let chunk = PNGChunk(in: bytes, at: offset) else {
                throw RenderError.notPNG(path: path, detail: "the file ends inside a chunk header (it is cut short)")
            }
            let (length, type) = (chunk.length, chunk.name)
            guard chunk.typeIsLetters else {
                throw RenderError.notPNG(path: path, detail: "byte \(offset + 4) should start a chunk type of four letters")
            }
            guard length <= Int(Int32.max), chunk.fits(in: bytes.count) else {
                throw RenderError.notPNG(path: path, detail: "the file ends inside the \(type) chunk at byte \(offset) (it is cut short)")
            }
            guard chunk.crcMatches(in: bytes) else {
                throw RenderError.notPNG(path: path, detail: "the \(type) chunk at byte \(offset) is damaged (its CRC does not match)")
            }
            if header == nil {
                guard chunk.type == PNGChunk.ihdr else {
                    throw RenderError.notPNG(path: path, detail: "the first chunk is \(type), not the header IHDR")
                }
                guard length == 13 else {
                    throw RenderError.notPNG(path: path, detail: "the IHDR header is \(length) bytes, not 13")
                }
                header = try Self.readHeader(bytes, at: offset + 8, path: path)
            }
            if chunk.type == PNGChunk.idat { sawPixels = true }
            offset = chunk.next
            if chunk.type == PNGChunk.iend {
                sawEnd = true
                break
            }
        }
        guard let header else { throw RenderError.notPNG(path: path, detail: "it has no IHDR header") }
        guard sawPixels else { throw RenderError.notPNG(path: path, detail: "it has no pixel data (no IDAT chunk)") }
        guard sawEnd else { throw RenderError.notPNG(path: path, detail: "it has no IEND chunk (it is cut short)") }
        width = header.width
        height = header.height
    }

    /// Reads only the signature and the header of `bytes` and checks the declared size.
    ///
    /// Enough to refuse a huge picture before anything else is read. Throws as `init(checking:path:)` does.
    package static func declaredSize(_ bytes: [UInt8], path: String) throws(RenderError) -> (width: Int, height: Int) {
        guard bytes.starts(with: signature.prefix(min(bytes.count, signature.count))), bytes.count >= signature.count else {
            throw RenderError.notPNG(path: path, detail: "it does not start with the PNG signature")
        }
        guard bytes.count >= 33 else {
            throw RenderError.notPNG(path: path, detail: "the file ends before its header is complete (it is cut short)")
        }
        guard let first = PNGChunk(in: bytes, at: 8), first.type == PNGChunk.ihdr, first.length == 13 else {
            throw RenderError.notPNG(path: path, detail: "the first chunk is not a 13-byte IHDR header")
        }
        return try readHeader(bytes, at: 16, path: path)
    }

    static func readHeader(_ bytes: [UInt8], at start: Int, path: String) throws(RenderError) -> (width: Int, height: Int) {
        let width = bigEndian(bytes, start)
        let height = bigEndian(bytes, start + 4)
        let bitDepth = bytes[start + 8]
        let colorType = bytes[start + 9]
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else {
            throw RenderError.notPNG(path: path, detail: "the header declares \(width) × \(height) pixels")
        }
        let depths: [UInt8: [UInt8]] = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]]
        guard let allowed = depths[colorType], allowed.contains(bitDepth) else {
            throw RenderError.notPNG(path: path, detail: "colour type \(colorType) with bit depth \(bitDepth) is not a valid PNG format")
        }
        guard width <= SpecLimits.maximumPixelsPerSide, height <= SpecLimits.maximumPixelsPerSide,
            width * height <= SpecLimits.maximumPixelsPerFrame
        else { throw RenderError.tooLarge(width: width, height: height) }
        return (width, height)
    }

    static func bigEndian(_ bytes: [UInt8], _ offset: Int) -> Int {
        Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
    }
}
