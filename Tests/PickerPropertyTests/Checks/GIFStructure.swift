// Also compiled into the render fuzzer (Fuzz/, see the Makefile's fuzz-build), so it imports nothing of Testing.

/// The block structure of a GIF file, read without decoding its pictures: the screen, each image's rectangle and
/// delay, and the NETSCAPE2.0 loop count.
///
/// Walks the file as the GIF89a specification lays it out (header, logical screen, global colour table, then
/// extensions and images made of length-prefixed sub-blocks, then the trailer), so a truncated or misframed file
/// is an error, independently of giflib, which wrote it.
struct GIFStructure {
    /// Why the bytes are not a well-formed GIF.
    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    /// One image block with the delay its graphic control extension gave it.
    struct Image {
        var x: Int
        var y: Int
        var width: Int
        var height: Int
        /// Centiseconds, from the graphic control extension before the image (0 without one).
        var delay: Int
    }

    /// The logical screen's width in pixels.
    let width: Int
    /// The logical screen's height in pixels.
    let height: Int
    /// The images in order.
    let images: [Image]
    /// The NETSCAPE2.0 repetition count (0 forever), or nil without the extension.
    let loopRepetitions: Int?

    /// Reads the structure of `bytes`.
    ///
    /// Throws `Malformed` for anything that is not a complete GIF87a or GIF89a file ending at its trailer.
    init(_ bytes: [UInt8]) throws(Malformed) {
        var reader = Reader(bytes: bytes)
        let signature = try reader.take(6)
        guard signature == Array("GIF89a".utf8) || signature == Array("GIF87a".utf8) else {
            throw Malformed(description: "it does not start with GIF89a or GIF87a")
        }
        width = try reader.word()
        height = try reader.word()
        let packed = try reader.byte()
        _ = try reader.take(2)  // background colour index, pixel aspect ratio
        if packed & 0x80 != 0 { _ = try reader.take(3 << (Int(packed & 0x07) + 1)) }
        var images: [Image] = []
        var loop: Int?
        var pendingDelay = 0
        while true {
            let introducer = try reader.byte()
            switch introducer {
            case 0x3B:
                guard reader.offset == bytes.count else {
                    throw Malformed(description: "\(bytes.count - reader.offset) bytes follow the trailer")
                }
                self.images = images
                loopRepetitions = loop
                return
            case 0x21:
                let label = try reader.byte()
                let blocks = try reader.subBlocks()
                if label == 0xF9 {
                    guard let control = blocks.first, control.count == 4 else {
                        throw Malformed(description: "a graphic control extension is not 4 bytes")
                    }
                    pendingDelay = Int(control[1]) | Int(control[2]) << 8
                } else if label == 0xFF, blocks.first == Array("NETSCAPE2.0".utf8) {
                    guard blocks.count >= 2, blocks[1].count == 3, blocks[1][0] == 1 else {
                        throw Malformed(description: "the NETSCAPE2.0 extension has no loop count")
                    }
                    loop = Int(blocks[1][1]) | Int(blocks[1][2]) << 8
                }
            case 0x2C:
                let x = try reader.word()
                let y = try reader.word()
                let imageWidth = try reader.word()
                let imageHeight = try reader.word()
                let imagePacked = try reader.byte()
                if imagePacked & 0x80 != 0 { _ = try reader.take(3 << (Int(imagePacked & 0x07) + 1)) }
                let codeSize = try reader.byte()
                guard (2...8).contains(codeSize) else { throw Malformed(description: "an image's LZW code size is \(codeSize)") }
                guard !(try reader.subBlocks()).isEmpty else { throw Malformed(description: "an image has no data") }
                images.append(Image(x: x, y: y, width: imageWidth, height: imageHeight, delay: pendingDelay))
                pendingDelay = 0
            default:
                throw Malformed(description: "unknown block 0x\(String(introducer, radix: 16)) at byte \(reader.offset - 1)")
            }
        }
    }

    /// Reads bytes in order, failing at the end of the file.
    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        mutating func byte() throws(Malformed) -> UInt8 {
            guard offset < bytes.count else { throw Malformed(description: "it ends early, at byte \(offset)") }
            offset += 1
            return bytes[offset - 1]
        }

        mutating func take(_ count: Int) throws(Malformed) -> [UInt8] {
            guard count <= bytes.count - offset else { throw Malformed(description: "it ends early, at byte \(bytes.count)") }
            offset += count
            return Array(bytes[(offset - count)..<offset])
        }

        /// A little-endian 16-bit number.
        mutating func word() throws(Malformed) -> Int {
            let low = try byte()
            return Int(low) | Int(try byte()) << 8
        }

        /// Length-prefixed blocks up to the zero-length terminator.
        mutating func subBlocks() throws(Malformed) -> [[UInt8]] {
            var blocks: [[UInt8]] = []
            while true {
                let length = Int(try byte())
                if length == 0 { return blocks }
                blocks.append(try take(length))
            }
        }
    }
}
