/// A canonical Huffman code for deflate (RFC 1951, 3.2.2): each symbol's code length, limited to a maximum, and
/// its code bit-reversed, ready to be written least significant bit first.
struct HuffmanCode {
    /// The code length of each symbol; 0 for a symbol that does not occur.
    let lengths: [UInt8]
    /// The code of each symbol, bit-reversed.
    let codes: [UInt16]

    /// The minimum-redundancy code for `frequencies` with no code longer than `limit` bits.
    ///
    /// Symbols with frequency 0 get no code. When fewer than two symbols occur, the first one or two symbols
    /// that do not occur are given a code too, so that the code is complete, as every decoder accepts.
    init(frequencies: [UInt32], limit: Int) {
        var weights = frequencies
        var filler = 0
        var occurring = weights.reduce(0) { $0 + ($1 > 0 ? 1 : 0) }
        while occurring < 2, filler < weights.count {
            if weights[filler] == 0 {
                weights[filler] = 1
                occurring += 1
            }
            filler += 1
        }
        // Ascending by weight, ties by symbol, so that the code depends on the frequencies alone: each key holds
        // the weight above the symbol, so plain integer order is that order, and no two keys are equal.
        var keys: [UInt64] = []
        keys.reserveCapacity(occurring)
        for (symbol, weight) in weights.enumerated() where weight > 0 { keys.append(UInt64(weight) << 16 | UInt64(symbol)) }
        keys.sort()
        var depths = Self.minimumRedundancyLengths(keys.map { Int($0 >> 16) })
        Self.limit(&depths, to: limit)
        var lengths = [UInt8](repeating: 0, count: frequencies.count)
        // `depths` is non-increasing along `keys` (rarest first), as the lengths must be.
        for (key, depth) in zip(keys, depths) { lengths[Int(key & 0xFFFF)] = UInt8(depth) }
        self.lengths = lengths
        codes = Self.canonicalCodes(lengths)
    }

    /// Code lengths for weights sorted ascending (Moffat and Katajainen's in-place method): the returned
    /// lengths are in the same order and non-increasing.
    static func minimumRedundancyLengths(_ sorted: [Int]) -> [Int] {
        let count = sorted.count
        guard count > 1 else { return [Int](repeating: 1, count: count) }
        var a = sorted
        // Phase 1: internal node weights, leaves replaced by parent pointers.
        a[0] += a[1]
        var root = 0
        var leaf = 2
        for next in 1..<(count - 1) {
            if leaf >= count || a[root] < a[leaf] {
                a[next] = a[root]
                a[root] = next
                root += 1
            } else {
                a[next] = a[leaf]
                leaf += 1
            }
            if leaf >= count || (root < next && a[root] < a[leaf]) {
                a[next] += a[root]
                a[root] = next
                root += 1
            } else {
                a[next] += a[leaf]
                leaf += 1
            }
        }
        // Phase 2: depths of internal nodes.
        a[count - 2] = 0
        if count >= 3 {
            for next in stride(from: count - 3, through: 0, by: -1) { a[next] = a[a[next]] + 1 }
        }
        // Phase 3: depths of leaves.
        var available = 1
        var usedAtDepth = 0
        var depth = 0
        var internalNode = count - 2
        var next = count - 1
        while available > 0 {
            while internalNode >= 0, a[internalNode] == depth {
                usedAtDepth += 1
                internalNode -= 1
            }
            while available > usedAtDepth {
                a[next] = depth
                next -= 1
                available -= 1
            }
            available = 2 * usedAtDepth
            depth += 1
            usedAtDepth = 0
        }
        return a
    }

    /// Lowers lengths over `limit` and lengthens shorter ones so the code stays complete (the adjustment of the
    /// JPEG standard's Annex K.3 on the count of codes of each length); `depths` stays non-increasing.
    static func limit(_ depths: inout [Int], to limit: Int) {
        guard let deepest = depths.first, deepest > limit else { return }
        var counts = [Int](repeating: 0, count: deepest + 1)
        for depth in depths { counts[depth] += 1 }
        var length = deepest
        while length > limit {
            if counts[length] > 0 {
                // Two leaves at `length` (siblings) go: one to their parent's place, one next to a leaf moved down
                // from the deepest shorter length that has one.
                var shorter = length - 2
                while shorter > 0, counts[shorter] == 0 { shorter -= 1 }
                counts[length] -= 2
                counts[length - 1] += 1
                counts[shorter + 1] += 2
                counts[shorter] -= 1
            } else {
                length -= 1
            }
        }
        // Longest codes to the rarest symbols, which come first.
        var index = 0
        for length in stride(from: limit, through: 1, by: -1) {
            for _ in 0..<counts[length] {
                depths[index] = length
                index += 1
            }
        }
    }

    /// The canonical codes of `lengths`, each bit-reversed within its length.
    static func canonicalCodes(_ lengths: [UInt8]) -> [UInt16] {
        let longest = Int(lengths.max() ?? 0)
        var countOfLength = [Int](repeating: 0, count: longest + 2)
        for length in lengths where length > 0 { countOfLength[Int(length)] += 1 }
        var nextCode = [Int](repeating: 0, count: longest + 2)
        var code = 0
        if longest >= 1 {
            for length in 1...longest {
                code = (code + countOfLength[length - 1]) << 1
                nextCode[length] = code
            }
        }
        var codes = [UInt16](repeating: 0, count: lengths.count)
        for (symbol, length) in lengths.enumerated() where length > 0 {
            let value = nextCode[Int(length)]
            nextCode[Int(length)] += 1
            // Reversed within its length: all 16 bits reversed, then shifted down (codes are at most 15 bits).
            codes[symbol] = UInt16(truncatingIfNeeded: value).bitReversed >> (16 - UInt16(length))
        }
        return codes
    }
}

extension UInt16 {
    /// The 16 bits in reverse order: bit 0 becomes bit 15.
    var bitReversed: UInt16 {
        var value = self
        value = (value & 0x5555) << 1 | (value >> 1) & 0x5555
        value = (value & 0x3333) << 2 | (value >> 2) & 0x3333
        value = (value & 0x0F0F) << 4 | (value >> 4) & 0x0F0F
        return value.byteSwapped
    }
}
