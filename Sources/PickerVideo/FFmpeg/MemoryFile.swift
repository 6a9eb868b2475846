/// The bytes of the file being muxed, held in memory: written (and rewritten after seeks) by the muxer's output
/// context, and read back by the contexts `io_open` hands out (MP4's faststart pass).
final class MemoryFile {
    private(set) var bytes: [UInt8] = []

    /// Writes `count` bytes from `source` at `offset`, growing the file (with zeros in any gap) as needed.
    func write(_ source: UnsafeRawBufferPointer, at offset: Int) {
        let end = offset + source.count
        if end > bytes.count { bytes.append(contentsOf: repeatElement(0, count: end - bytes.count)) }
        bytes.withUnsafeMutableBytes { target in
            guard let base = target.baseAddress, let from = source.baseAddress else { return }
            (base + offset).copyMemory(from: from, byteCount: source.count)
        }
    }

    /// Copies up to `buffer.count` bytes from `offset` into `buffer` and returns how many.
    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> Int {
        let count = max(0, min(buffer.count, bytes.count - offset))
        guard count > 0, let target = buffer.baseAddress else { return 0 }
        bytes.withUnsafeBytes { source in
            guard let base = source.baseAddress else { return }
            target.copyMemory(from: base + offset, byteCount: count)
        }
        return count
    }

    var count: Int { bytes.count }
}
