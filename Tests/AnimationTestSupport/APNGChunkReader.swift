/// Reads the chunks of an animated PNG for tests, independently of the encoder: checks the signature, every
/// chunk's length and CRC-32 (computed here, not by libdeflate) and the order of sequence numbers, and
/// collects IHDR, acTL and every fcTL.
public struct APNGChunkReader {
    /// Why the file is not a well-formed APNG.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// One fcTL chunk.
    public struct FrameControl: Equatable {
        public let sequence: Int
        public let width: Int
        public let height: Int
        public let x: Int
        public let y: Int
        public let delayNumerator: Int
        public let delayDenominator: Int
        public let dispose: Int
        public let blend: Int

        /// The delay in seconds, with a denominator of 0 read as 100, as the APNG specification says.
        public var delay: Double { Double(delayNumerator) / Double(delayDenominator == 0 ? 100 : delayDenominator) }
    }

    public let width: Int
    public let height: Int
    /// IHDR's colour type: 2 RGB, 6 RGBA.
    public let colorType: Int
    /// acTL's num_frames.
    public let frameCount: Int
    /// acTL's num_plays (0 forever).
    public let plays: Int
    /// Every fcTL, in order.
    public let frames: [FrameControl]
    /// The chunk types in order, such as ["IHDR", "acTL", "fcTL", "IDAT", "fcTL", "fdAT", …, "IEND"].
    public let chunkTypes: [String]

    /// Reads `bytes`; throws `Failure` for anything malformed.
    public init(_ bytes: [UInt8]) throws {
        guard bytes.count >= 8, Array(bytes[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else {
            throw Failure(description: "no PNG signature")
        }
        func number(_ offset: Int, _ size: Int) -> Int { bytes[offset..<(offset + size)].reduce(0) { $0 << 8 | Int($1) } }
        var offset = 8
        var types: [String] = []
        var header: (width: Int, height: Int, colorType: Int)?
        var animation: (frames: Int, plays: Int)?
        var frames: [FrameControl] = []
        var expectedSequence = 0
        while offset < bytes.count {
            guard offset + 12 <= bytes.count else { throw Failure(description: "a chunk is cut short at byte \(offset)") }
            let length = number(offset, 4)
            guard offset + 12 + length <= bytes.count else { throw Failure(description: "a chunk of \(length) bytes runs past the end") }
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let data = offset + 8
            let stored = number(data + length, 4)
            let computed = Self.crc32(bytes[(offset + 4)..<(data + length)])
            guard stored == computed else {
                throw Failure(description: "\(type) at byte \(offset): CRC \(stored) but the bytes give \(computed)")
            }
            types.append(type)
            switch type {
            case "IHDR":
                header = (number(data, 4), number(data + 4, 4), Int(bytes[data + 9]))
            case "acTL":
                animation = (number(data, 4), number(data + 4, 4))
            case "fcTL", "fdAT":
                let sequence = number(data, 4)
                guard sequence == expectedSequence else {
                    throw Failure(description: "\(type) has sequence number \(sequence), expected \(expectedSequence)")
                }
                expectedSequence += 1
                if type == "fcTL" {
                    frames.append(
                        FrameControl(
                            sequence: sequence, width: number(data + 4, 4), height: number(data + 8, 4), x: number(data + 12, 4),
                            y: number(data + 16, 4), delayNumerator: number(data + 20, 2), delayDenominator: number(data + 22, 2),
                            dispose: Int(bytes[data + 24]), blend: Int(bytes[data + 25])))
                }
            default:
                break
            }
            offset = data + length + 4
        }
        guard let header else { throw Failure(description: "no IHDR") }
        guard let animation else { throw Failure(description: "no acTL") }
        guard types.last == "IEND" else { throw Failure(description: "the file does not end with IEND") }
        width = header.width
        height = header.height
        colorType = header.colorType
        frameCount = animation.frames
        plays = animation.plays
        self.frames = frames
        chunkTypes = types
    }

    private static let table: [UInt32] = (0..<256).map { entry in
        var value = UInt32(entry)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    private static func crc32(_ bytes: ArraySlice<UInt8>) -> Int {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return Int(crc ^ 0xFFFF_FFFF)
    }
}
