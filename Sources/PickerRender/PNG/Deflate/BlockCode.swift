/// The Huffman codes of one dynamic deflate block (RFC 1951, 3.2.7) as the tables that writing a token reads: each
/// literal's code, each match length's code with its extra bits, each distance code's code.
///
/// Made for one block's tokens (`DeflateBlockWriter.writeBlock`). The tables sit in two allocations of their own,
/// with a copy of deflate's distance-code table (512 bytes), so that writing reads nothing else; the copies take
/// 1,665 instructions in a whole seed render. Immutable, so one code can be read by several threads.
final class BlockCode: @unchecked Sendable {
    // @unchecked: the tables are written once, in `init`, and only read after.
    /// The literal/length code (286 symbols) and the distance code (30).
    let literals: HuffmanCode
    let distances: HuffmanCode
    /// The tables, for a loop to keep in registers; valid while this code lives.
    let tables: Tables
    private let storage: UnsafeMutablePointer<UInt32>
    private let bitStorage: UnsafeMutablePointer<UInt8>

    /// The tables writing a token needs, as plain pointers into the code's memory.
    struct Tables {
        fileprivate let literalCodes: UnsafePointer<UInt32>
        fileprivate let literalBits: UnsafePointer<UInt8>
        fileprivate let lengthCodes: UnsafePointer<UInt32>
        fileprivate let lengthBits: UnsafePointer<UInt8>
        fileprivate let distanceCodes: UnsafePointer<UInt32>
        fileprivate let distanceBits: UnsafePointer<UInt8>
        fileprivate let distanceBase: UnsafePointer<UInt32>
        fileprivate let distanceCodeTable: UnsafePointer<UInt8>

        /// Writes `token` in this code.
        ///
        /// Room for 48 bits must be reserved.
        @inline(__always)
        func write(_ token: DeflateToken, to writer: inout DeflateBitWriter) {
            guard token.isMatch else {
                let symbol = Int(token.byte)
                writer.write(literalCodes[symbol], bits: Int(literalBits[symbol]))
                return
            }
            let length = token.length
            writer.write(lengthCodes[length], bits: Int(lengthBits[length]))
            let distance = token.distance
            let code =
                distance <= 256 ? Int(distanceCodeTable[distance - 1]) : Int(distanceCodeTable[256 + ((distance - 1) >> 7)])
            writer.write(
                distanceCodes[code] | (UInt32(distance) - distanceBase[code]) << UInt32(distanceBits[code] & 0x0F),
                bits: Int(distanceBits[code] >> 4) + Int(distanceBits[code] & 0x0F))
        }
    }

    /// The tables of `literals` and `distances`, which must give a code to every symbol the tokens use.
    init(literals: HuffmanCode, distances: HuffmanCode) {
        self.literals = literals
        self.distances = distances
        // 256 literal codes, 259 length codes, 30 distance codes, 30 distance bases, 512 distance code entries.
        storage = .allocate(capacity: 256 + 259 + 30 + 30)
        bitStorage = .allocate(capacity: 256 + 259 + 30 + 512)
        let literalCodes = storage
        let lengthCodes = storage + 256
        let distanceCodes = storage + 256 + 259
        let distanceBase = storage + 256 + 259 + 30
        let literalBits = bitStorage
        let lengthBits = bitStorage + 256
        let distanceBits = bitStorage + 256 + 259
        let distanceCodeTable = bitStorage + 256 + 259 + 30
        for symbol in 0..<256 {
            literalCodes[symbol] = UInt32(literals.codes[symbol])
            literalBits[symbol] = literals.lengths[symbol]
        }
        lengthCodes.initialize(repeating: 0, count: 3)
        lengthBits.initialize(repeating: 0, count: 3)
        for length in DeflateToken.minimumLength...DeflateToken.maximumLength {
            let code = Int(DeflateCodes.lengthCode[length])
            let symbol = 257 + code
            let codeBits = Int(literals.lengths[symbol])
            let extra = UInt32(length - Int(DeflateCodes.lengthBase[code]))
            lengthCodes[length] = UInt32(literals.codes[symbol]) | extra << UInt32(codeBits)
            lengthBits[length] = UInt8(codeBits + Int(DeflateCodes.lengthExtraBits[code]))
        }
        for code in 0..<DeflateCodes.distanceSymbols {
            distanceCodes[code] = UInt32(distances.codes[code])
            // The code's length in the low four bits, its extra bits' count in the high four.
            distanceBits[code] = distances.lengths[code] | DeflateCodes.distanceExtraBits[code] << 4
            distanceBase[code] = UInt32(DeflateCodes.distanceBase[code])
        }
        for index in 0..<512 { distanceCodeTable[index] = DeflateCodes.distanceCodeTable[index] }
        tables = Tables(
            literalCodes: literalCodes, literalBits: literalBits, lengthCodes: lengthCodes, lengthBits: lengthBits,
            distanceCodes: distanceCodes, distanceBits: distanceBits, distanceBase: distanceBase,
            distanceCodeTable: distanceCodeTable)
    }

    deinit {
        storage.deallocate()
        bitStorage.deallocate()
    }

    /// Writes the block's header: the final-block bit (`last`), the dynamic-Huffman type and both codes' lengths.
    func writeHeader(last: Bool, to writer: inout DeflateBitWriter) {
        writer.reserve(1024)
        writer.write(last ? 1 : 0, bits: 1)
        writer.write(2, bits: 2)
        DeflateBlockWriter.writeCodeLengths(literals: literals.lengths, distances: distances.lengths, to: &writer)
    }

    /// Writes the end-of-block symbol.
    func writeEndOfBlock(to writer: inout DeflateBitWriter) {
        writer.reserve(8)
        writer.write(UInt32(literals.codes[DeflateCodes.endOfBlock]), bits: Int(literals.lengths[DeflateCodes.endOfBlock]))
    }
}
