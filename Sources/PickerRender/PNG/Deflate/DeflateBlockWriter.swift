/// Writes tokens as deflate blocks with Huffman codes made for them (RFC 1951, 3.2.7), ending byte-aligned: with
/// an empty stored block when more of the stream follows (what zlib's sync flush writes), or as the stream's last
/// block.
///
/// Used for the rows a frame changed, between the static layer's pieces that zlib compressed once
/// (`StaticBands`): the pieces after it start on a byte boundary and need nothing before them, while the tokens
/// may reach back into the bytes before them, which a decoder has in its window.
enum DeflateBlockWriter {
    /// Order in which the code length code's lengths are stored.
    static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// Writes `tokens` as one dynamic-Huffman block; `last` marks the stream's final block.
    static func writeBlock(_ tokens: UnsafeBufferPointer<DeflateToken>, last: Bool, to writer: inout DeflateBitWriter) {
        let (literalFrequencies, distanceFrequencies) = frequencies(of: tokens)
        let code = BlockCode(
            literals: HuffmanCode(frequencies: literalFrequencies, limit: 15),
            distances: HuffmanCode(frequencies: distanceFrequencies, limit: 15))
        code.writeHeader(last: last, to: &writer)
        // At most 20 + 28 bits a token.
        writer.reserve(tokens.count * 6)
        let tables = code.tables
        for token in tokens { tables.write(token, to: &writer) }
        code.writeEndOfBlock(to: &writer)
    }

    /// How often each literal/length symbol (the end of block once) and each distance code occurs in `tokens`.
    static func frequencies(of tokens: UnsafeBufferPointer<DeflateToken>) -> (literals: [UInt32], distances: [UInt32]) {
        var literalFrequencies = [UInt32](repeating: 0, count: DeflateCodes.literalLengthSymbols)
        var distanceFrequencies = [UInt32](repeating: 0, count: DeflateCodes.distanceSymbols)
        // Counted by length and by distance code first: two small tables, no lookups in the loop.
        var lengthCounts = [UInt32](repeating: 0, count: DeflateToken.maximumLength + 1)
        var literalCounts = [UInt32](repeating: 0, count: 256)
        let distanceCodeTable = DeflateCodes.distanceCodeTable
        lengthCounts.withUnsafeMutableBufferPointer { lengthCounts in
            literalCounts.withUnsafeMutableBufferPointer { literalCounts in
                distanceFrequencies.withUnsafeMutableBufferPointer { distanceCounts in
                    distanceCodeTable.withUnsafeBufferPointer { distanceCodeTable in
                        for token in tokens {
                            if token.isMatch {
                                lengthCounts[token.length] += 1
                                let distance = token.distance
                                let code =
                                    distance <= 256
                                    ? Int(distanceCodeTable[distance - 1]) : Int(distanceCodeTable[256 + ((distance - 1) >> 7)])
                                distanceCounts[code] += 1
                            } else {
                                literalCounts[Int(token.byte)] += 1
                            }
                        }
                    }
                }
            }
        }
        for byte in 0..<256 { literalFrequencies[byte] = literalCounts[byte] }
        for length in DeflateToken.minimumLength...DeflateToken.maximumLength where lengthCounts[length] > 0 {
            literalFrequencies[257 + Int(DeflateCodes.lengthCode[length])] += lengthCounts[length]
        }
        literalFrequencies[DeflateCodes.endOfBlock] = 1
        return (literalFrequencies, distanceFrequencies)
    }

    /// Ends a run of blocks that more of the stream follows: an empty stored block, which leaves the stream
    /// byte-aligned (00 00 FF FF after the header bits).
    static func writeSyncFlush(to writer: inout DeflateBitWriter) {
        writer.reserve(8)
        writer.write(0, bits: 3)
        writer.alignToByte()
        writer.write(0xFFFF_0000, bits: 32)
    }

    /// The code lengths of both codes, run-length coded with symbols 16, 17 and 18 and their own Huffman code.
    static func writeCodeLengths(literals: [UInt8], distances: [UInt8], to writer: inout DeflateBitWriter) {
        var literalCount = 286
        while literalCount > 257, literals[literalCount - 1] == 0 { literalCount -= 1 }
        var distanceCount = 30
        while distanceCount > 1, distances[distanceCount - 1] == 0 { distanceCount -= 1 }
        let sequence = Array(literals[0..<literalCount]) + Array(distances[0..<distanceCount])

        // (symbol, extra bits value) pairs.
        var symbols: [(symbol: Int, extra: Int)] = []
        symbols.reserveCapacity(sequence.count)
        var index = 0
        while index < sequence.count {
            let value = sequence[index]
            var run = 1
            while index + run < sequence.count, sequence[index + run] == value { run += 1 }
            index += run
            if value == 0 {
                while run >= 11 {
                    let taken = min(run, 138)
                    symbols.append((18, taken - 11))
                    run -= taken
                }
                if run >= 3 {
                    symbols.append((17, run - 3))
                    run = 0
                }
                for _ in 0..<run { symbols.append((0, 0)) }
            } else {
                symbols.append((Int(value), 0))
                run -= 1
                while run >= 3 {
                    let taken = min(run, 6)
                    symbols.append((16, taken - 3))
                    run -= taken
                }
                for _ in 0..<run { symbols.append((Int(value), 0)) }
            }
        }
        var frequencies = [UInt32](repeating: 0, count: 19)
        for item in symbols { frequencies[item.symbol] += 1 }
        let code = HuffmanCode(frequencies: frequencies, limit: 7)
        var stored = 19
        while stored > 4, code.lengths[codeLengthOrder[stored - 1]] == 0 { stored -= 1 }

        writer.write(UInt32(literalCount - 257), bits: 5)
        writer.write(UInt32(distanceCount - 1), bits: 5)
        writer.write(UInt32(stored - 4), bits: 4)
        for position in 0..<stored { writer.write(UInt32(code.lengths[codeLengthOrder[position]]), bits: 3) }
        for item in symbols {
            writer.write(UInt32(code.codes[item.symbol]), bits: Int(code.lengths[item.symbol]))
            switch item.symbol {
            case 16: writer.write(UInt32(item.extra), bits: 2)
            case 17: writer.write(UInt32(item.extra), bits: 3)
            case 18: writer.write(UInt32(item.extra), bits: 7)
            default: break
            }
        }
    }
}
