/// A growable list of deflate tokens in memory it owns, appended to without checks: callers make room first
/// (`reserve`) for as many tokens as they may append (never more than the bytes they cover).
struct TokenBuffer: ~Copyable {
    private(set) var base: UnsafeMutablePointer<DeflateToken>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 4096) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    /// Makes room for `more` tokens.
    mutating func reserve(_ more: Int) {
        guard count + more > capacity else { return }
        let grown = max(count + more, capacity * 2)
        let larger = UnsafeMutablePointer<DeflateToken>.allocate(capacity: grown)
        larger.update(from: base, count: count)
        base.deallocate()
        base = larger
        capacity = grown
    }

    /// Appends `token` (room reserved).
    @inline(__always)
    mutating func append(_ token: DeflateToken) {
        (base + count).initialize(to: token)
        count += 1
    }

    mutating func removeAll() {
        count = 0
    }

    /// The tokens as a buffer, valid until the next change.
    var tokens: UnsafeBufferPointer<DeflateToken> { UnsafeBufferPointer(start: base, count: count) }
}
