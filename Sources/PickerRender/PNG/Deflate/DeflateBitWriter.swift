/// Writes a deflate stream's bits, least significant first (RFC 1951, 3.1.1), into memory it owns and grows.
///
/// Callers reserve room for what they are about to write (`reserve`), so that each write is a shift, an or and,
/// now and then, an eight-byte store.
struct DeflateBitWriter: ~Copyable {
    private var storage: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// Whole bytes written.
    private(set) var count = 0
    private var pending: UInt64 = 0
    private var pendingBits = 0

    init(capacity: Int = 1 << 16) {
        self.capacity = max(capacity, 64)
        storage = .allocate(capacity: self.capacity)
    }

    deinit {
        storage.deallocate()
    }

    /// Makes room for `bytes` more bytes of output.
    mutating func reserve(_ bytes: Int) {
        let needed = count + bytes + 16
        guard needed > capacity else { return }
        let grown = max(needed, capacity * 2)
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        larger.update(from: storage, count: count)
        storage.deallocate()
        storage = larger
        capacity = grown
    }

    /// Writes the low `bits` bits of `value` (at most 32 at once; room reserved).
    @inline(__always)
    mutating func write(_ value: UInt32, bits: Int) {
        pending |= UInt64(value) << UInt64(pendingBits)
        pendingBits += bits
        if pendingBits >= 32 {
            // Little-endian: the low 32 bits go out as the next four bytes.
            UnsafeMutableRawPointer(storage + count).storeBytes(of: UInt32(truncatingIfNeeded: pending).littleEndian, as: UInt32.self)
            count += 4
            pending >>= 32
            pendingBits -= 32
        }
    }

    /// Pads with zero bits to the next byte boundary.
    mutating func alignToByte() {
        while pendingBits > 0 {
            storage[count] = UInt8(truncatingIfNeeded: pending)
            count += 1
            pending >>= 8
            pendingBits = max(0, pendingBits - 8)
        }
        pending = 0
    }

    /// Appends the bytes written (the stream must be byte-aligned) to `output` and starts again, empty.
    mutating func drain(into output: inout [UInt8]) {
        output.append(contentsOf: UnsafeBufferPointer(start: storage, count: count))
        count = 0
    }
}
