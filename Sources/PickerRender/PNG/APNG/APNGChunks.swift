/// Writes the chunks of an animated PNG in order: fcTL before each frame, the first frame's data as IDAT (so
/// viewers without APNG show it as a still), later frames' as fdAT, every fcTL and fdAT numbered in sequence.
///
/// acTL needs the number of frames before the first one, so frames are collected first and `file` puts the
/// signature, IHDR and acTL in front of them.
struct APNGChunks {
    /// The frame chunks written so far.
    private var body = PNGChunkWriter(capacity: 1 << 16)
    /// The next sequence number.
    private var sequence: UInt32 = 0
    /// How many frames have been written.
    private(set) var frameCount = 0

    /// The most bytes of image data in one chunk; a frame's stream is split into several chunks beyond it.
    static let maximumChunkData = 1 << 30

    /// Writes a frame: its fcTL, then `data` (a zlib stream of the region's filtered rows) as IDAT for the
    /// first frame and fdAT after.
    mutating func writeFrame(_ frame: APNGFrame, data: UnsafeRawBufferPointer) {
        var control: [UInt8] = []
        PNGChunkWriter.appendBigEndian(sequence, to: &control)
        for value in [frame.rect.width, frame.rect.height, frame.rect.x, frame.rect.y] {
            PNGChunkWriter.appendBigEndian(UInt32(truncatingIfNeeded: value), to: &control)
        }
        for term in [frame.delay.numerator, frame.delay.denominator] {
            control.append(contentsOf: [UInt8(truncatingIfNeeded: term >> 8), UInt8(truncatingIfNeeded: term)])
        }
        control.append(contentsOf: [frame.dispose.rawValue, frame.blend.rawValue])
        sequence += 1
        control.withUnsafeBytes { body.writeChunk("fcTL", $0) }
        var start = 0
        repeat {
            let end = min(start + Self.maximumChunkData, data.count)
            let part = UnsafeRawBufferPointer(rebasing: data[start..<end])
            if frameCount == 0 {
                body.writeChunk("IDAT", part)
            } else {
                var number: [UInt8] = []
                PNGChunkWriter.appendBigEndian(sequence, to: &number)
                sequence += 1
                body.writeChunk("fdAT", prefix: number, part)
            }
            start = end
        } while start < data.count
        frameCount += 1
    }

    /// The whole file: signature, IHDR (8-bit RGB or RGBA), acTL with the frame count and `plays` (0 forever),
    /// the frames, IEND.
    func file(width: Int, height: Int, hasAlpha: Bool, plays: Int) -> [UInt8] {
        var file = PNGChunkWriter(capacity: body.bytes.count + 64)
        file.writeSignature()
        file.writeHeader(width: width, height: height, colorType: hasAlpha ? 6 : 2)
        var animation: [UInt8] = []
        PNGChunkWriter.appendBigEndian(UInt32(truncatingIfNeeded: frameCount), to: &animation)
        PNGChunkWriter.appendBigEndian(UInt32(truncatingIfNeeded: plays), to: &animation)
        animation.withUnsafeBytes { file.writeChunk("acTL", $0) }
        file.append(chunks: body.bytes)
        file.writeChunk("IEND", UnsafeRawBufferPointer(start: nil, count: 0))
        return file.bytes
    }
}
