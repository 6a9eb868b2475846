import CPickerCairo

/// Collects the bytes cairo writes through its stream callbacks (PNG and SVG), so output goes to memory
/// first and reaches the disk only once complete.
final class ByteSink {
    var bytes: [UInt8] = []

    /// The C callback cairo calls with each chunk; `closure` is an unretained `ByteSink`.
    static let write: cairo_write_func_t = { closure, data, length in
        guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
        let sink = Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue()
        sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
        return CAIRO_STATUS_SUCCESS
    }
}

/// Feeds bytes to cairo's PNG reader from memory.
final class ByteSource {
    let bytes: [UInt8]
    var offset = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The C callback cairo calls to fill `data` with exactly `length` bytes; `closure` is an unretained `ByteSource`.
    static let read: cairo_read_func_t = { closure, data, length in
        guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
        let source = Unmanaged<ByteSource>.fromOpaque(closure).takeUnretainedValue()
        let count = Int(length)
        guard source.offset + count <= source.bytes.count else { return CAIRO_STATUS_READ_ERROR }
        source.bytes.withUnsafeBufferPointer { buffer in
            if let base = buffer.baseAddress {
                data.update(from: base + source.offset, count: count)
            }
        }
        source.offset += count
        return CAIRO_STATUS_SUCCESS
    }
}
