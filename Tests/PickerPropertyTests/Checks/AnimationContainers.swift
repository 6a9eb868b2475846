// Also compiled into the render fuzzer (Fuzz/, see the Makefile's fuzz-build), so it imports nothing of Testing.

/// Why bytes are not a well-formed file of their format.
struct MalformedFile: Error, CustomStringConvertible {
    let description: String
}

/// The chunks of an animated PNG, read without inflating them: the picture size, the frame count and plays of
/// `acTL`, and each `fcTL`'s rectangle and delay.
///
/// Walks the file as the PNG and APNG specifications lay it out (signature, then length, type, data and CRC-32
/// of each chunk, IHDR first and IEND last), so a truncated or misframed file is an error, independently of the
/// encoder that wrote it.
struct APNGStructure {
    struct Frame {
        var x: Int
        var y: Int
        var width: Int
        var height: Int
        /// Seconds.
        var delay: Double
    }

    let width: Int
    let height: Int
    /// `acTL`'s frame count and play count (0 forever).
    let declaredFrames: Int
    let plays: Int
    let frames: [Frame]

    init(_ bytes: [UInt8]) throws(MalformedFile) {
        guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            throw MalformedFile(description: "no PNG signature")
        }
        var offset = 8
        var chunks: [(type: String, data: ArraySlice<UInt8>)] = []
        while offset < bytes.count {
            guard offset + 12 <= bytes.count else { throw MalformedFile(description: "a chunk at byte \(offset) is cut short") }
            let length = Self.uint32(bytes, offset)
            guard length <= bytes.count - offset - 12 else { throw MalformedFile(description: "a chunk at byte \(offset) is cut short") }
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            let data = bytes[offset + 8..<offset + 8 + length]
            guard CRC32.of(bytes[offset + 4..<offset + 8 + length]) == UInt32(Self.uint32(bytes, offset + 8 + length)) else {
                throw MalformedFile(description: "the \(type) chunk at byte \(offset) has a wrong CRC")
            }
            chunks.append((type, data))
            offset += 12 + length
        }
        guard chunks.first?.type == "IHDR", let header = chunks.first?.data, header.count == 13 else {
            throw MalformedFile(description: "IHDR is not first")
        }
        guard chunks.last?.type == "IEND", chunks.filter({ $0.type == "IEND" }).count == 1 else {
            throw MalformedFile(description: "IEND is not last")
        }
        guard chunks.contains(where: { $0.type == "IDAT" }) else { throw MalformedFile(description: "no IDAT chunk") }
        width = Self.uint32(Array(header), 0)
        height = Self.uint32(Array(header), 4)
        guard let control = chunks.first(where: { $0.type == "acTL" })?.data, control.count == 8 else {
            throw MalformedFile(description: "no acTL chunk")
        }
        declaredFrames = Self.uint32(Array(control), 0)
        plays = Self.uint32(Array(control), 4)
        var frames: [Frame] = []
        var sequence = 0
        for chunk in chunks where chunk.type == "fcTL" || chunk.type == "fdAT" {
            let data = Array(chunk.data)
            guard data.count >= 4, Self.uint32(data, 0) == sequence else {
                throw MalformedFile(description: "sequence numbers are not 0, 1, 2, …")
            }
            sequence += 1
            guard chunk.type == "fcTL" else { continue }
            guard data.count == 26 else { throw MalformedFile(description: "an fcTL chunk is \(data.count) bytes, not 26") }
            let numerator = Int(data[20]) << 8 | Int(data[21])
            let denominator = Int(data[22]) << 8 | Int(data[23])
            frames.append(
                Frame(
                    x: Self.uint32(data, 12), y: Self.uint32(data, 16), width: Self.uint32(data, 4), height: Self.uint32(data, 8),
                    delay: Double(numerator) / Double(denominator == 0 ? 100 : denominator)))
        }
        self.frames = frames
    }

    static func uint32(_ bytes: [UInt8], _ offset: Int) -> Int {
        Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
    }
}

/// The chunks of an animated WebP, read without decoding: the canvas, the loop count, and each frame's rectangle
/// and duration (RIFF container, `VP8X`, `ANIM`, `ANMF`, as Google's container specification lays them out).
struct WebPStructure {
    struct Frame {
        var x: Int
        var y: Int
        var width: Int
        var height: Int
        /// Milliseconds.
        var duration: Int
    }

    let width: Int
    let height: Int
    let loopCount: Int
    let frames: [Frame]
    /// False for a still WebP (`VP8 ` or `VP8L` alone, or `VP8X` without `ANIM`): one picture, no loop, no frames.
    let isAnimated: Bool

    init(_ bytes: [UInt8]) throws(MalformedFile) {
        guard bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) else {
            throw MalformedFile(description: "no RIFF WEBP header")
        }
        guard Self.uint32(bytes, 4) == bytes.count - 8 else {
            throw MalformedFile(description: "the RIFF size \(Self.uint32(bytes, 4)) is not the file's \(bytes.count) bytes less 8")
        }
        var offset = 12
        var width = 0
        var height = 0
        var loop: Int?
        var frames: [Frame] = []
        while offset < bytes.count {
            guard offset + 8 <= bytes.count else { throw MalformedFile(description: "a chunk at byte \(offset) is cut short") }
            let type = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            let size = Self.uint32(bytes, offset + 4)
            let padded = size + size % 2
            guard size <= bytes.count - offset - 8, padded <= bytes.count - offset - 8 || offset + 8 + size == bytes.count else {
                throw MalformedFile(description: "the \(type) chunk at byte \(offset) is cut short")
            }
            let data = offset + 8
            switch type {
            case "VP8X":
                guard size >= 10 else { throw MalformedFile(description: "VP8X is \(size) bytes") }
                width = Self.uint24(bytes, data + 4) + 1
                height = Self.uint24(bytes, data + 7) + 1
            case "ANIM":
                guard size >= 6 else { throw MalformedFile(description: "ANIM is \(size) bytes") }
                loop = Int(bytes[data + 4]) | Int(bytes[data + 5]) << 8
            case "VP8L" where width == 0:
                guard size >= 5, bytes[data] == 0x2F else { throw MalformedFile(description: "VP8L has no signature") }
                let bits = Int(bytes[data + 1]) | Int(bytes[data + 2]) << 8 | Int(bytes[data + 3]) << 16 | Int(bytes[data + 4]) << 24
                width = (bits & 0x3FFF) + 1
                height = (bits >> 14 & 0x3FFF) + 1
            case "VP8 " where width == 0:
                guard size >= 10, Array(bytes[data + 3..<data + 6]) == [0x9D, 0x01, 0x2A] else {
                    throw MalformedFile(description: "VP8 has no key frame start code")
                }
                width = (Int(bytes[data + 6]) | Int(bytes[data + 7]) << 8) & 0x3FFF
                height = (Int(bytes[data + 8]) | Int(bytes[data + 9]) << 8) & 0x3FFF
            case "ANMF":
                guard size >= 16 else { throw MalformedFile(description: "ANMF is \(size) bytes") }
                frames.append(
                    Frame(
                        x: Self.uint24(bytes, data) * 2, y: Self.uint24(bytes, data + 3) * 2, width: Self.uint24(bytes, data + 6) + 1,
                        height: Self.uint24(bytes, data + 9) + 1, duration: Self.uint24(bytes, data + 12)))
            default: break
            }
            offset = data + padded
        }
        guard width > 0 else { throw MalformedFile(description: "no VP8X, VP8L or VP8 chunk giving the picture's size") }
        self.width = width
        self.height = height
        isAnimated = loop != nil
        loopCount = loop ?? 0
        self.frames = frames
        if isAnimated, frames.isEmpty { throw MalformedFile(description: "an ANIM chunk and no ANMF frame") }
    }

    static func uint32(_ bytes: [UInt8], _ offset: Int) -> Int {
        Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16 | Int(bytes[offset + 3]) << 24
    }

    static func uint24(_ bytes: [UInt8], _ offset: Int) -> Int {
        Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16
    }
}

/// The top-level boxes of an MP4 (ISO base media file format): their sizes must tile the file exactly, `ftyp`
/// first and `moov` before `mdat` (the index first, as `+faststart` promises), and the video track's header gives
/// its size.
struct MP4Structure {
    let boxes: [String]
    /// The track header's width and height, in pixels.
    let width: Int
    let height: Int

    init(_ bytes: [UInt8]) throws(MalformedFile) {
        var offset = 0
        var boxes: [String] = []
        var moov: Range<Int>?
        while offset < bytes.count {
            guard offset + 8 <= bytes.count else { throw MalformedFile(description: "a box at byte \(offset) is cut short") }
            var size = APNGStructure.uint32(bytes, offset)
            var header = 8
            if size == 1 {
                guard offset + 16 <= bytes.count else { throw MalformedFile(description: "a box at byte \(offset) is cut short") }
                size = (0..<8).reduce(0) { $0 << 8 | Int(bytes[offset + 8 + $1]) }
                header = 16
            }
            guard size >= header, size <= bytes.count - offset else {
                throw MalformedFile(description: "the box at byte \(offset) claims \(size) bytes of the \(bytes.count - offset) left")
            }
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            if type == "moov" { moov = offset + header..<offset + size }
            boxes.append(type)
            offset += size
        }
        guard boxes.first == "ftyp" else { throw MalformedFile(description: "the first box is \(boxes.first ?? "nothing"), not ftyp") }
        guard let moovIndex = boxes.firstIndex(of: "moov"), let mdatIndex = boxes.firstIndex(of: "mdat"), moovIndex < mdatIndex,
            let moov
        else { throw MalformedFile(description: "the boxes are \(boxes): moov must come before mdat") }
        // The first tkhd inside moov: its last 8 bytes are width and height in 16.16 fixed point.
        guard let tkhd = Self.find("tkhd", in: bytes, moov), tkhd.count >= 84 else { throw MalformedFile(description: "no track header") }
        width = APNGStructure.uint32(bytes, tkhd.upperBound - 8) >> 16
        height = APNGStructure.uint32(bytes, tkhd.upperBound - 4) >> 16
        self.boxes = boxes
    }

    /// The body of the first box of `type` inside `range`, looking into the container boxes on the way.
    static func find(_ type: String, in bytes: [UInt8], _ range: Range<Int>) -> Range<Int>? {
        var offset = range.lowerBound
        while offset + 8 <= range.upperBound {
            let size = APNGStructure.uint32(bytes, offset)
            guard size >= 8, offset + size <= range.upperBound else { return nil }
            let name = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            let body = offset + 8..<offset + size
            if name == type { return body }
            if ["trak", "mdia", "minf", "stbl"].contains(name), let found = find(type, in: bytes, body) { return found }
            offset += size
        }
        return nil
    }
}

/// The EBML elements of a WebM that say what it is: the EBML header with DocType `webm`, a Segment, and the video
/// track's pixel width and height; the top-level elements must tile the file.
struct WebMStructure {
    let width: Int
    let height: Int

    init(_ bytes: [UInt8]) throws(MalformedFile) {
        var offset = 0
        var docType: String?
        var segment: Range<Int>?
        while offset < bytes.count {
            let (id, idLength) = try Self.vint(bytes, offset, keepsMarker: true)
            let (size, sizeLength) = try Self.vint(bytes, offset + idLength, keepsMarker: false)
            let body = offset + idLength + sizeLength
            guard size <= bytes.count - body else { throw MalformedFile(description: "the element at byte \(offset) is cut short") }
            if id == 0x1A45_DFA3, let found = Self.child(0x4282, in: bytes, body..<body + size) {
                docType = String(decoding: bytes[found], as: UTF8.self)
            }
            if id == 0x1853_8067 { segment = body..<body + size }
            offset = body + size
        }
        guard docType == "webm" else { throw MalformedFile(description: "the DocType is \(docType ?? "missing"), not webm") }
        guard let segment, let tracks = Self.child(0x1654_AE6B, in: bytes, segment),
            let entry = Self.child(0xAE, in: bytes, tracks), let video = Self.child(0xE0, in: bytes, entry),
            let width = Self.child(0xB0, in: bytes, video), let height = Self.child(0xBA, in: bytes, video)
        else { throw MalformedFile(description: "no Segment > Tracks > TrackEntry > Video with a pixel size") }
        self.width = bytes[width].reduce(0) { $0 << 8 | Int($1) }
        self.height = bytes[height].reduce(0) { $0 << 8 | Int($1) }
    }

    /// The body of the first child element `id` of the element body `range`.
    static func child(_ wanted: Int, in bytes: [UInt8], _ range: Range<Int>) -> Range<Int>? {
        var offset = range.lowerBound
        while offset < range.upperBound {
            guard let (id, idLength) = try? vint(bytes, offset, keepsMarker: true),
                let (size, sizeLength) = try? vint(bytes, offset + idLength, keepsMarker: false)
            else { return nil }
            let body = offset + idLength + sizeLength
            guard size <= range.upperBound - body else { return nil }
            if id == wanted { return body..<body + size }
            offset = body + size
        }
        return nil
    }

    /// An EBML variable-length integer at `offset` and its length; element IDs keep their length marker.
    static func vint(_ bytes: [UInt8], _ offset: Int, keepsMarker: Bool) throws(MalformedFile) -> (Int, Int) {
        guard offset < bytes.count, bytes[offset] != 0 else { throw MalformedFile(description: "no EBML number at byte \(offset)") }
        let length = bytes[offset].leadingZeroBitCount + 1
        guard offset + length <= bytes.count else { throw MalformedFile(description: "an EBML number at byte \(offset) is cut short") }
        var value = keepsMarker ? Int(bytes[offset]) : Int(bytes[offset]) & (0xFF >> length)
        for index in 1..<length { value = value << 8 | Int(bytes[offset + index]) }
        return (value, length)
    }
}

/// CRC-32 as PNG computes it (ISO 3309, polynomial 0xEDB88320).
enum CRC32 {
    static let table: [UInt32] = (0..<256).map { index in
        (0..<8).reduce(UInt32(index)) { value, _ in value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
    }

    static func of(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        ~bytes.reduce(~UInt32(0)) { table[Int(($0 ^ UInt32($1)) & 0xFF)] ^ ($0 >> 8) }
    }
}
