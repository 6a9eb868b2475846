/// The one walk over a PNG's chunk headers before its image data: what `compare` asks of a file it holds (is it an
/// APNG?) without decoding it.
package enum PNGChunkHeaders {
    /// The types of the chunks from the signature up to the first image data (`IDAT`) or the end (`IEND`), at most
    /// `limit` chunks, read from `header(offset)` (the 8 bytes of length and type at `offset`, or nil past the end).
    ///
    /// A file that ends or goes wrong early gives the chunks read so far; reading it whole says what is wrong.
    package static func typesBeforeImageData(limit: Int = 1_000, header: (UInt64) throws(RenderError) -> [UInt8]?) throws(RenderError)
        -> [String]
    {
        var types: [String] = []
        var offset: UInt64 = 8
        // acTL comes before the first IDAT, after a few chunks at most; a file of millions of tiny chunks is not
        // walked to its end.
        for _ in 0..<limit {
            guard offset <= UInt64(Int.max / 2), let bytes = try header(offset), let chunk = PNGChunk(header: bytes, at: Int(offset))
            else { return types }
            if chunk.type == PNGChunk.idat || chunk.type == PNGChunk.iend { return types }
            types.append(chunk.name)
            offset = UInt64(chunk.next)
        }
        return types
    }

    /// True when the PNG `bytes` are animated: an `acTL` chunk before the first image data, within 1,000 chunks.
    package static func isAnimated(_ bytes: [UInt8]) -> Bool {
        let types = try? typesBeforeImageData { (offset: UInt64) throws(RenderError) -> [UInt8]? in
            guard offset <= UInt64(bytes.count), bytes.count - Int(offset) >= 8 else { return nil }
            return Array(bytes[Int(offset)..<Int(offset) + 8])
        }
        return types?.contains("acTL") ?? false
    }
}
