/// Compresses the bands of a frame that hold changed rows, reusing the static layer's tokens for every byte
/// outside the changed rectangle, so that only the changed pixels are matched; the tokens are then coded with
/// Huffman codes made for the frame (`DeflateBlockWriter`).
///
/// Matching the changed pixels looks only at the pixel to the left and the row above (what flat, anti-aliased
/// pictures repeat); a static token whose source bytes changed in this frame is matched again the same way. The
/// output ends byte-aligned (a sync flush, or the stream's end), as a zlib piece with a full flush does, so it
/// fits between the static layer's compressed bands. Not thread-safe: one per drawer (the static tokens it reads may
/// be shared).
///
/// Kept instead of zlib for the changed bands: a PNG render of Fixtures/bench/large.json took 0.92 s with it and
/// 2.58 s with zlib alone (release build, median of 5, a loaded machine).
final class ChangedRowsDeflater {
    private let statics: StaticRowTokens
    private var tokenStorage = TokenBuffer()
    private var writer = DeflateBitWriter()
    /// Tokens in one block at most, so that a frame changed everywhere does not need them all at once.
    private static let blockTokens = 1 << 16

    init(statics: StaticRowTokens) {
        self.statics = statics
    }

    /// False once the static layer needed more tokens than are kept.
    var staticTokensUsable: Bool { statics.isUsable }

    /// Appends the deflate blocks for `rows` (whole rows of `frame`, the frame's scanlines) to `output`.
    ///
    /// The frame equals the static layer (`staticScanlines`) outside `changed` rows × `columns`. Ends with the
    /// stream's final block when `final`. False (nothing appended) when the static layer has too many tokens to
    /// keep, for the caller to compress the plain way.
    func append(
        rows: Range<Int>, changed: Range<Int>, columns: Range<Int>, frame: UnsafePointer<UInt8>, staticScanlines: UnsafePointer<UInt8>,
        final: Bool, to output: inout [UInt8]
    ) -> Bool {
        guard let (staticTokens, rowStarts) = statics.rows(through: rows.upperBound, scanlines: staticScanlines) else { return false }
        let line = statics.lineBytes
        let changedRows = changed.clamped(to: rows)
        let changedBytes = (1 + columns.lowerBound * statics.channels)..<(1 + columns.upperBound * statics.channels)
        let area = ChangedArea(
            line: line, channels: statics.channels, rows: changedBytes.isEmpty ? 0..<0 : changedRows, bytes: changedBytes, frame: frame)
        var tokens = TokenBuffer(capacity: 0)
        swap(&tokens, &tokenStorage)
        tokens.removeAll()
        for row in rows {
            let start = row * line
            let end = start + line
            // A row's bytes give at most one token each.
            tokens.reserve(line)
            let own = StaticRow(tokens: staticTokens, first: rowStarts[row], last: rowStarts[row + 1], start: start)
            if area.rows.contains(row) {
                area.appendStatic(own, from: start, to: start + changedBytes.lowerBound, to: &tokens)
                area.appendFresh(from: start + changedBytes.lowerBound, to: start + changedBytes.upperBound, to: &tokens)
                area.appendStatic(own, from: start + changedBytes.upperBound, to: end, to: &tokens)
            } else {
                area.appendStatic(own, from: start, to: end, to: &tokens)
            }
            if tokens.count >= Self.blockTokens {
                DeflateBlockWriter.writeBlock(tokens.tokens, last: false, to: &writer)
                tokens.removeAll()
            }
        }
        DeflateBlockWriter.writeBlock(tokens.tokens, last: final, to: &writer)
        swap(&tokens, &tokenStorage)
        if final {
            writer.alignToByte()
        } else {
            DeflateBlockWriter.writeSyncFlush(to: &writer)
        }
        writer.drain(into: &output)
        return true
    }
}

/// One static row's tokens: `tokens[first..<last]`, covering the stream's bytes from `start`.
private struct StaticRow {
    let tokens: UnsafeBufferPointer<DeflateToken>
    let first: Int
    let last: Int
    let start: Int
}

/// The rectangle a frame changed, in stream bytes (`rows` × the byte offsets `bytes` within each row of `line`
/// bytes), and the frame's scanlines.
private struct ChangedArea {
    let line: Int
    let channels: Int
    let rows: Range<Int>
    let bytes: Range<Int>
    let frame: UnsafePointer<UInt8>

    /// True when bytes `start..<end` of the stream hold none of the changed rectangle.
    @inline(__always)
    func isUnchanged(_ start: Int, _ end: Int) -> Bool {
        if rows.isEmpty { return true }
        let first = rows.lowerBound * line + bytes.lowerBound
        let last = (rows.upperBound - 1) * line + bytes.upperBound
        if end <= first || start >= last { return true }
        var row = max(start / line, rows.lowerBound)
        let lastRow = min((end - 1) / line, rows.upperBound - 1)
        while row <= lastRow {
            let rowStart = row * line
            if start < rowStart + bytes.upperBound, end > rowStart + bytes.lowerBound { return false }
            row += 1
        }
        return true
    }

    /// The static row's tokens for bytes `from..<to` of the stream (outside the changed rectangle): matches cut at
    /// the ends keep their distance; one whose source changed is matched again.
    func appendStatic(_ row: StaticRow, from: Int, to: Int, to tokens: inout TokenBuffer) {
        guard from < to else { return }
        var position = row.start
        var index = row.first
        while index < row.last, position < to {
            let token = row.tokens[index]
            let end = position + token.span
            index += 1
            if end > from {
                if !token.isMatch {
                    tokens.append(token)
                } else {
                    let start = max(position, from)
                    let stop = min(end, to)
                    let distance = token.distance
                    if stop - start >= DeflateToken.minimumLength, isUnchanged(start - distance, stop - distance) {
                        tokens.append(start == position && stop == end ? token : .match(length: stop - start, distance: distance))
                    } else {
                        appendFresh(from: start, to: stop, to: &tokens)
                    }
                }
            }
            position = end
        }
    }

    /// Tokens for bytes `from..<to` of the frame, matched against the pixel to the left and the row above.
    func appendFresh(from: Int, to: Int, to tokens: inout TokenBuffer) {
        var position = from
        let above = line <= DeflateToken.maximumDistance ? line : Int.max
        while position < to {
            let limit = min(DeflateToken.maximumLength, to - position)
            var best = 0
            var bestDistance = 0
            if limit >= DeflateToken.minimumLength {
                if position >= channels {
                    best = MatchLength.common(frame, position, position - channels, limit: limit)
                    bestDistance = channels
                }
                if best < limit, position >= above {
                    let length = MatchLength.common(frame, position, position - above, limit: limit)
                    if length > best {
                        best = length
                        bestDistance = above
                    }
                }
            }
            if best >= DeflateToken.minimumLength {
                tokens.append(.match(length: best, distance: bestDistance))
                position += best
            } else {
                tokens.append(.literal(frame[position]))
                position += 1
            }
        }
    }
}
