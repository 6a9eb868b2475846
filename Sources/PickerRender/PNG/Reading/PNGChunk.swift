import CPickerDeflate

/// One chunk of a PNG, read from its 8-byte header: where it starts, its length and type, where its body lies and
/// where the next chunk starts.
///
/// The one step of every walk over a PNG's chunks (the structure check, the fast decoder, the APNG frame reader,
/// the gamma remover, the header walk of a file on disk), so a chunk's bounds are worked out in one place. A header
/// says nothing of whether the body is there: `fits(in:)` says, and `crcMatches(in:)` checks its bytes.
package struct PNGChunk {
    /// Where the chunk starts (its length field), in bytes from the start of the file.
    package let offset: Int
    /// The body's length, as the header declares it (0 to 2³² − 1).
    package let length: Int
    /// The type's four bytes as one big-endian number (`PNGChunk.idat`, …).
    package let type: UInt32

    /// The chunk whose header is the first 8 bytes of `header`, at `offset`; nil when `header` holds fewer.
    package init?(header: some Collection<UInt8>, at offset: Int) {
        guard header.count >= 8 else { return nil }
        let bytes = Array(header.prefix(8))
        self.offset = offset
        length = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
        type = UInt32(bytes[4]) << 24 | UInt32(bytes[5]) << 16 | UInt32(bytes[6]) << 8 | UInt32(bytes[7])
    }

    /// The chunk at `offset` of `bytes`; nil when fewer than 8 bytes are left there.
    package init?(in bytes: [UInt8], at offset: Int) {
        guard offset >= 0, offset <= bytes.count - 8 else { return nil }
        self.offset = offset
        length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
        type =
            UInt32(bytes[offset + 4]) << 24 | UInt32(bytes[offset + 5]) << 16 | UInt32(bytes[offset + 6]) << 8
            | UInt32(bytes[offset + 7])
    }

    /// Where the body lies.
    package var body: Range<Int> { (offset + 8)..<(offset + 8 + length) }
    /// Where the next chunk starts: after the body and its 4-byte CRC.
    package var next: Int { offset + 12 + length }
    /// The type as text (`IDAT`), for messages.
    package var name: String {
        String(decoding: [UInt8(type >> 24), UInt8(type >> 16 & 0xFF), UInt8(type >> 8 & 0xFF), UInt8(type & 0xFF)], as: UTF8.self)
    }
    /// True when the type is four ASCII letters, as every PNG chunk type is.
    package var typeIsLetters: Bool {
        [type >> 24, type >> 16 & 0xFF, type >> 8 & 0xFF, type & 0xFF].allSatisfy { (65...90).contains($0) || (97...122).contains($0) }
    }

    /// True when the body and its CRC end within `count` bytes.
    package func fits(in count: Int) -> Bool { count - offset - 12 >= length }

    /// True when the CRC stored after the body is that of the type and body in `bytes` (which the chunk fits in).
    package func crcMatches(in bytes: [UInt8]) -> Bool {
        let stored = UInt32(bytes[next - 4]) << 24 | UInt32(bytes[next - 3]) << 16 | UInt32(bytes[next - 2]) << 8 | UInt32(bytes[next - 1])
        let computed = bytes.withUnsafeBufferPointer { buffer in libdeflate_crc32(0, buffer.baseAddress.map { $0 + offset + 4 }, length + 4)
        }
        return stored == computed
    }

    /// The chunk types the readers look for.
    package static let ihdr: UInt32 = 0x4948_4452
    package static let idat: UInt32 = 0x4944_4154
    package static let iend: UInt32 = 0x4945_4E44
    package static let plte: UInt32 = 0x504C_5445
    package static let trns: UInt32 = 0x7452_4E53
    package static let gama: UInt32 = 0x6741_4D41
    package static let actl: UInt32 = 0x6163_544C
    package static let fctl: UInt32 = 0x6663_544C
    package static let fdat: UInt32 = 0x6664_4154
}
