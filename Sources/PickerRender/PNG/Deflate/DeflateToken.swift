/// One LZ77 token of a deflate stream (RFC 1951): a literal byte, or a match that copies `length` bytes (3…258)
/// from `distance` bytes back (1…32,768), packed in 32 bits so that token lists stay small.
struct DeflateToken: Equatable {
    let bits: UInt32

    /// The longest match deflate can express.
    static let maximumLength = 258
    /// The shortest match deflate can express.
    static let minimumLength = 3
    /// The farthest back a match may reach.
    static let maximumDistance = 32_768

    /// A literal byte.
    @inline(__always)
    static func literal(_ byte: UInt8) -> DeflateToken {
        DeflateToken(bits: UInt32(byte))
    }

    /// A match; `length` must be 3…258 and `distance` 1…32,768.
    @inline(__always)
    static func match(length: Int, distance: Int) -> DeflateToken {
        DeflateToken(bits: 0x8000_0000 | UInt32(truncatingIfNeeded: length) << 16 | UInt32(truncatingIfNeeded: distance))
    }

    @inline(__always)
    var isMatch: Bool { bits & 0x8000_0000 != 0 }
    /// The byte of a literal.
    @inline(__always)
    var byte: UInt8 { UInt8(truncatingIfNeeded: bits) }
    /// The length of a match.
    @inline(__always)
    var length: Int { Int((bits >> 16) & 0x1FF) }
    /// The distance of a match.
    @inline(__always)
    var distance: Int { Int(bits & 0xFFFF) }
    /// Bytes of output the token stands for.
    @inline(__always)
    var span: Int { isMatch ? length : 1 }
}

/// Deflate's length and distance codes (RFC 1951, 3.2.5), as tables.
enum DeflateCodes {
    /// Symbols of the literal/length alphabet: 256 literals, end of block, 29 length codes.
    static let literalLengthSymbols = 286
    /// Symbols of the distance alphabet.
    static let distanceSymbols = 30
    static let endOfBlock = 256

    static let lengthBase: [UInt16] = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
    ]
    static let lengthExtraBits: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distanceBase: [UInt16] = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193,
        12289, 16385, 24577,
    ]
    static let distanceExtraBits: [UInt8] = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]

    /// The length code (0…28, add 257 for the symbol) of each length 0…258 (0…2 unused).
    static let lengthCode: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 259)
        for code in 0..<29 {
            // 258 has a code of its own (28), so code 27 (227 + 5 extra bits) stops at 257.
            let end = code == 28 ? 259 : Int(lengthBase[code + 1])
            for length in Int(lengthBase[code])..<end { table[length] = UInt8(code) }
        }
        return table
    }()

    /// The distance code of distance d: `distanceCodeTable[d - 1]` for d ≤ 256, else `[256 + (d - 1) >> 7]`.
    static let distanceCodeTable: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 512)
        func code(of distance: Int) -> UInt8 {
            var code = 29
            while Int(distanceBase[code]) > distance { code -= 1 }
            return UInt8(code)
        }
        for distance in 1...256 { table[distance - 1] = code(of: distance) }
        for index in 0..<256 { table[256 + index] = code(of: (index << 7) + 1) }
        return table
    }()

    @inline(__always)
    static func distanceCode(_ distance: Int) -> Int {
        distance <= 256 ? Int(distanceCodeTable[distance - 1]) : Int(distanceCodeTable[256 + ((distance - 1) >> 7)])
    }
}
