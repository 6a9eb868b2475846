import CPickerDeflate

/// Writes the parts of a PNG file: the signature and chunks, each with its big-endian length and its CRC-32
/// (computed by libdeflate) over type and data.
struct PNGChunkWriter {
    private(set) var bytes: [UInt8] = []

    /// Appends bytes that are already chunks, such as those of another writer.
    mutating func append(chunks: [UInt8]) {
        bytes.append(contentsOf: chunks)
    }

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// The eight bytes every PNG starts with.
    mutating func writeSignature() {
        bytes.append(contentsOf: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }

    /// IHDR for 8 bits per channel, deflate, filter method 0, no interlacing; `colorType` 2 is RGB, 6 RGBA.
    mutating func writeHeader(width: Int, height: Int, colorType: UInt8) {
        var header: [UInt8] = []
        Self.appendBigEndian(UInt32(truncatingIfNeeded: width), to: &header)
        Self.appendBigEndian(UInt32(truncatingIfNeeded: height), to: &header)
        header.append(contentsOf: [8, colorType, 0, 0, 0])
        header.withUnsafeBytes { writeChunk("IHDR", $0) }
    }

    /// One chunk: length, four-letter type, data, CRC.
    mutating func writeChunk(_ type: StaticString, _ data: UnsafeRawBufferPointer) {
        writeChunk(type, prefix: [], data)
    }

    /// One chunk whose data is `prefix` followed by `data` (APNG's fdAT: a sequence number, then image data).
    mutating func writeChunk(_ type: StaticString, prefix: [UInt8], _ data: UnsafeRawBufferPointer) {
        Self.appendBigEndian(UInt32(truncatingIfNeeded: prefix.count + data.count), to: &bytes)
        let typeStart = bytes.count
        type.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: prefix)
        bytes.append(contentsOf: data)
        let crc = bytes.withUnsafeBytes { all in
            libdeflate_crc32(0, all.baseAddress.map { $0 + typeStart }, all.count - typeStart)
        }
        Self.appendBigEndian(crc, to: &bytes)
    }

    static func appendBigEndian(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: [
            UInt8(value >> 24), UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8),
            UInt8(truncatingIfNeeded: value),
        ])
    }
}
