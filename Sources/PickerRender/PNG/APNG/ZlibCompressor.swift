import CPickerDeflate

/// Owns a libdeflate compressor and its output buffer, and turns bytes into one zlib stream.
///
/// Not thread-safe: it reuses its buffer from call to call, so each encode needs its own.
final class ZlibCompressor {
    /// libdeflate's level, 0 to 12.
    let level: Int
    private let compressor: OpaquePointer
    /// libdeflate's output, grown to the worst case of the largest input so far.
    private var output: [UInt8] = []

    /// A compressor at `level`.
    ///
    /// Throws `APNGEncodingError.compression` when libdeflate cannot allocate one (out of memory, or a level
    /// it does not know).
    init(level: Int) throws(APNGEncodingError) {
        guard let compressor = libdeflate_alloc_compressor(Int32(clamping: level)) else {
            throw .compression("libdeflate could not set up a level \(level) compressor")
        }
        self.compressor = compressor
        self.level = level
    }

    deinit {
        libdeflate_free_compressor(compressor)
    }

    /// Compresses the first `count` bytes of `input` and hands the zlib stream to `body`; the bytes are valid
    /// only during the call.
    ///
    /// Throws `APNGEncodingError.compression` when libdeflate fails.
    func compress(_ input: [UInt8], count: Int, _ body: (UnsafeRawBufferPointer) -> Void) throws(APNGEncodingError) {
        let count = min(max(count, 0), input.count)
        let bound = libdeflate_zlib_compress_bound(compressor, count)
        if output.count < bound { output = [UInt8](repeating: 0, count: bound) }
        let compressor = compressor
        let written = input.withUnsafeBytes { source in
            output.withUnsafeMutableBytes { buffer in
                libdeflate_zlib_compress(compressor, source.baseAddress, count, buffer.baseAddress, buffer.count)
            }
        }
        guard written > 0 else { throw .compression("libdeflate could not compress \(count) bytes of rows") }
        output.withUnsafeBytes { buffer in body(UnsafeRawBufferPointer(rebasing: buffer[0..<written])) }
    }
}
