import CPickerDeflate
import CPickerZlib
import FoundationEssentials
import PickerKit
import Synchronization

/// The static layer's PNG rows, cut into bands of `bandRows` rows, each compressed once as a deflate piece of its own
/// (no reference to the rows before it, ending with a full flush, or, for the last band, ending the stream), so that
/// a frame differing from the static layer only in some rows is compressed by reusing these pieces and compressing
/// only the bands it changed (`BandedDeflate`).
///
/// Unfiltered rows only: a filter would make a row's bytes depend on the row above. Thread-safe, shared by the
/// drawers of one plan: a piece is compressed once, by the first that needs it, while holding a lock.
///
/// Kept beside libdeflate, which cannot end a piece with a flush: a PNG render of Fixtures/bench/large.json took
/// 0.33 s with the bands and 2.85 s with every frame compressed whole by libdeflate (release build, median of 5).
final class StaticBands: Sendable {
    /// Rows in a band: large enough that the reset at each band's start costs little ratio, small enough to leave
    /// most of a picker's padding out of a frame's changed bands.
    static let bandRows = 16

    let width: Int
    let height: Int
    /// 3 (RGB) when every static pixel is opaque, else 4 (RGBA).
    let channels: Int
    /// The static layer's scanlines, each a filter byte (0) and the row's bytes.
    let scanlines: [UInt8]
    /// Each band's compressed piece and the Adler-32 of its bytes, once compressed.
    private let pieces: Mutex<[(bytes: [UInt8], adler: UInt32)?]>

    /// The scanlines of `pixels` (the static layer).
    init(_ pixels: PixelRows) {
        width = pixels.width
        height = pixels.height
        let channels = pixels.isOpaque ? 3 : 4
        self.channels = channels
        let line = pixels.width * channels + 1
        var scanlines = [UInt8](repeating: 0, count: line * pixels.height)
        scanlines.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for y in 0..<pixels.height { pixels.unpremultiply(row: y, channels: channels, into: base + y * line + 1) }
        }
        self.scanlines = scanlines
        let count = (pixels.height + Self.bandRows - 1) / Self.bandRows
        pieces = Mutex(Array(repeating: nil, count: count))
        bandCount = count
    }

    var lineBytes: Int { width * channels + 1 }
    /// How many bands the rows make; constant, so read without the lock (ThreadSanitizer caught `pieces.count`
    /// read here while another thread stored a piece).
    let bandCount: Int

    /// The scanline rows of band `band`.
    func rows(ofBand band: Int) -> Range<Int> {
        (band * Self.bandRows)..<min(height, (band + 1) * Self.bandRows)
    }

    /// Band `band`'s compressed piece and the Adler-32 of its bytes, compressed by `deflater` the first time.
    func piece(_ band: Int, deflater: Deflater) throws(RenderError) -> (bytes: [UInt8], adler: UInt32) {
        try pieces.withLock { pieces throws(RenderError) in
            if let piece = pieces[band] { return piece }
            let range = rows(ofBand: band)
            let start = range.lowerBound * lineBytes
            let count = range.count * lineBytes
            var bytes: [UInt8] = []
            let adler = try scanlines.withUnsafeBufferPointer { buffer throws(RenderError) in
                let input = UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: buffer[start..<(start + count)]))
                try deflater.append(input, final: band == bandCount - 1, level: Deflater.staticLevel, to: &bytes)
                return Deflater.adler32(input)
            }
            pieces[band] = (bytes, adler)
            return (bytes, adler)
        }
    }
}

/// Owns one zlib deflate stream writing raw deflate pieces (no zlib header), reset for each piece.
final class Deflater {
    /// The level the static bands are compressed at, once: smaller pieces for the bytes every frame repeats.
    static let staticLevel: Int32 = 6

    private var stream = z_stream()
    private var level: Int32

    /// A stream compressing at `level` (0 to 9).
    ///
    /// Throws `RenderError.encoder` (format `.png`, a `PNGEncodingError`) when zlib cannot allocate it.
    init(level: Int32) throws(RenderError) {
        self.level = level
        let status = deflateInit2_(
            &stream, level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else { throw RenderError.png(.zlib("set up a compressor (status \(status))")) }
    }

    deinit {
        deflateEnd(&stream)
    }

    /// Appends `input` to `output` as a deflate piece at `level`: ending with a full flush (byte-aligned, and what
    /// follows needs nothing before it), or, when `final`, ending the deflate stream.
    func append(_ input: UnsafeRawBufferPointer, final: Bool, level: Int32, to output: inout [UInt8]) throws(RenderError) {
        guard deflateReset(&stream) == Z_OK else { throw RenderError.png(.zlib("reset its compressor")) }
        if level != self.level {
            guard deflateParams(&stream, level, Z_DEFAULT_STRATEGY) == Z_OK else {
                throw RenderError.png(.zlib("change its level to \(level)"))
            }
            self.level = level
        }
        // A full flush adds at most 5 bytes a 16 KB block and 6 more at the end (zlib's deflateBound is for Z_FINISH).
        let bound = Int(deflateBound(&stream, uLong(input.count))) + 5 * (input.count / 16_384 + 2) + 6
        let start = output.count
        // Room without zeroing it first: the bytes zlib does not write are cut off again below.
        output.reserveCapacity(start + bound)
        var written: Int?
        output.append(contentsOf: repeatElement(0, count: bound))
        output.withUnsafeMutableBufferPointer { out in
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: UInt8.self))
            stream.avail_in = uInt(input.count)
            stream.next_out = out.baseAddress.map { $0 + start }
            stream.avail_out = uInt(bound)
            let status = deflate(&stream, final ? Z_FINISH : Z_FULL_FLUSH)
            if final ? status == Z_STREAM_END : status == Z_OK, stream.avail_in == 0 { written = bound - Int(stream.avail_out) }
        }
        guard let written else {
            output.removeLast(bound)
            throw RenderError.png(.zlib("compress \(input.count) bytes of rows"))
        }
        output.removeLast(bound - written)
    }

    /// The Adler-32 checksum of `bytes` (libdeflate's, which is vectorised: several times zlib's speed).
    static func adler32(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        libdeflate_adler32(1, bytes.baseAddress, bytes.count)
    }

    /// The Adler-32 of two byte runs one after the other, from theirs and the second's length.
    static func combine(_ first: UInt32, _ second: UInt32, secondLength: Int) -> UInt32 {
        UInt32(truncatingIfNeeded: adler32_combine(uLong(first), uLong(second), off_t(secondLength)))
    }
}
