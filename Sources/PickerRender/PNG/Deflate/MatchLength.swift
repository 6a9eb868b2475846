/// How many bytes at two places of one buffer are equal, eight at a time.
enum MatchLength {
    /// The length of the common prefix of `base + first` and `base + second`, at most `limit`.
    @inline(__always)
    static func common(_ base: UnsafePointer<UInt8>, _ first: Int, _ second: Int, limit: Int) -> Int {
        let raw = UnsafeRawPointer(base)
        var length = 0
        while length + 8 <= limit {
            let difference =
                raw.loadUnaligned(fromByteOffset: first + length, as: UInt64.self)
                ^ raw.loadUnaligned(fromByteOffset: second + length, as: UInt64.self)
            if difference != 0 { return length + difference.littleEndian.trailingZeroBitCount / 8 }
            length += 8
        }
        while length < limit, base[first + length] == base[second + length] { length += 1 }
        return length
    }
}
