import FoundationEssentials
import PickerKit
import Synchronization

/// The static layer's scanlines as LZ77 tokens, row by row, each row's tokens covering exactly its bytes: what a
/// frame's changed rows reuse around the pixels that changed (`ChangedRowsDeflater`), so that only those pixels are
/// matched again.
///
/// Rows are tokenized in order from the first, as far as a frame needs, with hash chains over the whole stream (a
/// match may reach into earlier rows, up to 32 KB back) and one step of lazy matching, about what zlib does at
/// level 6. The tokens of a row, and whether they are kept, depend only on the static layer, never on the frames
/// asked for before, so every frame's bytes are the same whichever drawer, and in whichever order, encodes it.
///
/// Thread-safe, and shared by the drawers of one plan, so that the static layer is tokenized once a render, not
/// once a thread: tokenizing holds a lock; the tokens and row starts live in memory allocated once for the most
/// the limit allows, which never moves, and a row's entries never change once written, so a reader uses the rows
/// below the count it was given while another thread tokenizes further.
final class StaticRowTokens: @unchecked Sendable {
    // @unchecked: the tokenizing state and `rowStarts`' entries past `rowsDone` are only touched through `state`'s
    // mutex; readers get pointers to entries that no thread writes again.
    let lineBytes: Int
    let height: Int
    let channels: Int
    /// Where each tokenized row's tokens start in the storage; `height + 1` entries, of which `rowsDone + 1` are set.
    private let rowStarts: UnsafeMutablePointer<Int>
    /// The most tokens kept: a picture whose rows need more (noise, photographs) is encoded the plain way.
    let tokenLimit: Int
    /// The first token of `Tokenizing.storage`, which never moves.
    private let firstToken: UnsafePointer<DeflateToken>
    private let state: Mutex<Tokenizing>

    /// How far the rows are tokenized.
    private struct Tokenizing: ~Copyable, @unchecked Sendable {
        // @unchecked: the token buffer's memory is written only while holding `state`'s mutex.
        /// Every tokenized row's tokens, one after another; room for `tokenLimit` and one more row, never grown.
        var storage: TokenBuffer
        var rowsDone = 0
        /// Once a row's tokens passed `tokenLimit`: that row, the first not usable (no row at or after it is).
        var limitRow: Int?
        var matcher: HashChainMatcher?
    }

    /// Tokens for the static layer's PNG rows (`lineBytes` each, `height` of them, filter bytes included), which
    /// are passed to each `tokenize` call.
    init(lineBytes: Int, height: Int, channels: Int) {
        self.lineBytes = lineBytes
        self.height = height
        self.channels = channels
        // At most one token for every 8 bytes on average: four bytes a token, half the scanlines' memory. Allocated
        // at once (pages the tokens never reach are never touched), so that it never moves under a reader.
        tokenLimit = max(4096, lineBytes * height / 8)
        let storage = TokenBuffer(capacity: tokenLimit + lineBytes + 16)
        firstToken = UnsafePointer(storage.base)
        state = Mutex(Tokenizing(storage: storage))
        rowStarts = .allocate(capacity: height + 1)
        rowStarts[0] = 0
    }

    deinit {
        rowStarts.deallocate()
    }

    /// False once the limit was reached: only the rows before the one that reached it are usable.
    var isUsable: Bool {
        state.withLock { $0.limitRow == nil }
    }

    /// The tokens of rows below `row` (at least), tokenizing those not done yet.
    ///
    /// `scanlines` are the same static rows every call (`lineBytes` × `height` bytes). Returns the tokens and each
    /// row's first token (`height + 1` entries, valid for the rows returned and the one after the last); nil when
    /// the rows below `row` need more tokens than are kept. Which rows are usable depends on the static layer
    /// alone: the rows before the one whose tokens passed the limit, whichever frame asked first.
    func rows(through row: Int, scanlines: UnsafePointer<UInt8>) -> (
        tokens: UnsafeBufferPointer<DeflateToken>, rowStarts: UnsafePointer<Int>
    )? {
        let tokenCount = state.withLock { state -> Int? in
            let wanted = min(row, height)
            if state.limitRow == nil, state.rowsDone < wanted {
                var matcher =
                    state.matcher ?? HashChainMatcher(bytes: lineBytes * height, lineBytes: lineBytes, channels: channels)
                while state.rowsDone < wanted {
                    matcher.tokenize(row: state.rowsDone, scanlines: scanlines, into: &state.storage)
                    state.rowsDone += 1
                    rowStarts[state.rowsDone] = state.storage.count
                    if state.storage.count > tokenLimit {
                        state.limitRow = state.rowsDone - 1
                        break
                    }
                }
                state.matcher = state.limitRow == nil ? matcher : nil
            }
            if let limitRow = state.limitRow, wanted > limitRow { return nil }
            return state.storage.count
        }
        guard let tokenCount else { return nil }
        return (UnsafeBufferPointer(start: firstToken, count: tokenCount), UnsafePointer(rowStarts))
    }
}

/// Hash chains over the static scanlines (3-byte hashes, a 32 KB window) and the matching that uses them.
private struct HashChainMatcher {
    private static let hashBits = 15
    private static let windowMask = DeflateToken.maximumDistance - 1
    private static let chainLimit = 48
    private static let niceLength = 128
    private var head: [Int32]
    private var previous: [Int32]
    /// Positions below this are in the hash chains.
    private var hashed = 0
    private let byteCount: Int
    private let lineBytes: Int
    private let channels: Int

    init(bytes: Int, lineBytes: Int, channels: Int) {
        head = [Int32](repeating: -1, count: 1 << Self.hashBits)
        previous = [Int32](repeating: -1, count: DeflateToken.maximumDistance)
        byteCount = bytes
        self.lineBytes = lineBytes
        self.channels = channels
    }

    /// Appends the tokens of row `row` (the next one) to `tokens`.
    mutating func tokenize(row: Int, scanlines: UnsafePointer<UInt8>, into tokens: inout TokenBuffer) {
        tokens.reserve(lineBytes)
        let start = row * lineBytes
        let end = start + lineBytes
        var hashedUpTo = hashed
        let state = MatchState(
            bytes: scanlines, byteCount: byteCount, lineBytes: lineBytes, channels: channels)
        head.withUnsafeMutableBufferPointer { head in
            previous.withUnsafeMutableBufferPointer { previous in
                var chains = Chains(head: head, previous: previous, hashed: hashedUpTo)
                var position = start
                chains.insert(upTo: position, state)
                var pending = (length: 0, distance: 0)
                var pendingValid = false
                while position < end {
                    let found = pendingValid ? pending : chains.longestMatch(at: position, end: end, state)
                    pendingValid = false
                    chains.insert(upTo: position + 1, state)
                    if found.length >= 3, found.length < Self.niceLength, position + 1 < end {
                        // One step of lazy matching: a longer match one byte on wins over this one.
                        let next = chains.longestMatch(at: position + 1, end: end, state)
                        if next.length > found.length {
                            tokens.append(.literal(scanlines[position]))
                            position += 1
                            pending = next
                            pendingValid = true
                            continue
                        }
                    }
                    if found.length >= 3 {
                        tokens.append(.match(length: found.length, distance: found.distance))
                        position += found.length
                        chains.insert(upTo: position, state)
                    } else {
                        tokens.append(.literal(scanlines[position]))
                        position += 1
                    }
                }
                hashedUpTo = chains.hashed
            }
        }
        hashed = hashedUpTo
    }

    /// What matching reads: the bytes and their shape.
    private struct MatchState {
        let bytes: UnsafePointer<UInt8>
        let byteCount: Int
        let lineBytes: Int
        let channels: Int
    }

    private struct Chains {
        let head: UnsafeMutableBufferPointer<Int32>
        let previous: UnsafeMutableBufferPointer<Int32>
        var hashed: Int

        @inline(__always)
        func hash(_ position: Int, _ state: MatchState) -> Int {
            let bytes = state.bytes
            let value = UInt32(bytes[position]) | UInt32(bytes[position + 1]) << 8 | UInt32(bytes[position + 2]) << 16
            return Int((value &* 0x9E37_79B1) >> UInt32(32 - HashChainMatcher.hashBits))
        }

        @inline(__always)
        mutating func insert(upTo end: Int, _ state: MatchState) {
            let last = min(end, state.byteCount - 2)
            while hashed < last {
                let key = hash(hashed, state)
                previous[hashed & HashChainMatcher.windowMask] = head[key]
                head[key] = Int32(truncatingIfNeeded: hashed)
                hashed += 1
            }
            hashed = max(hashed, end)
        }

        /// The longest match for `position` whose bytes stay before `end`, as (length, distance); length 0 for
        /// none.
        func longestMatch(at position: Int, end: Int, _ state: MatchState) -> (length: Int, distance: Int) {
            let limit = min(DeflateToken.maximumLength, end - position)
            guard limit >= DeflateToken.minimumLength else { return (0, 0) }
            let bytes = state.bytes
            var best = 0
            var bestDistance = 0
            // The pixel to the left and the row above first: what flat pictures repeat most.
            for distance in [state.channels, state.lineBytes] where distance <= DeflateToken.maximumDistance && distance <= position {
                let length = MatchLength.common(bytes, position, position - distance, limit: limit)
                if length > best {
                    best = length
                    bestDistance = distance
                }
            }
            guard best < limit, position + 2 < state.byteCount else { return best >= 3 ? (best, bestDistance) : (0, 0) }
            var candidate = Int(head[hash(position, state)])
            var chain = HashChainMatcher.chainLimit
            while candidate >= 0, candidate < position, chain > 0 {
                let distance = position - candidate
                guard distance <= DeflateToken.maximumDistance else { break }
                if bytes[candidate + best] == bytes[position + best] {
                    let length = MatchLength.common(bytes, position, candidate, limit: limit)
                    if length > best {
                        best = length
                        bestDistance = distance
                        if length >= HashChainMatcher.niceLength || length == limit { break }
                    }
                }
                let next = Int(previous[candidate & HashChainMatcher.windowMask])
                // A link older than the window, or overwritten by a newer position, ends the chain.
                guard next < candidate else { break }
                candidate = next
                chain -= 1
            }
            return best >= 3 ? (best, bestDistance) : (0, 0)
        }
    }
}
