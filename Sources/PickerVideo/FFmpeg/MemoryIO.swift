import CPickerFFmpeg

/// Owns an `AVIOContext` that writes into, or reads from, a `MemoryFile` at its own position.
///
/// The muxer writes through one writing context and seeks back to fill in sizes and indexes; MP4's faststart
/// pass opens a reading context on the same file while it shifts the media data behind the index.
final class MemoryIO {
    let pointer: UnsafeMutablePointer<AVIOContext>
    private let cursor: Cursor
    private let av: picker_ffmpeg

    /// The file and this context's position in it; the C callbacks reach it through `opaque`.
    private final class Cursor {
        let file: MemoryFile
        var position = 0
        init(_ file: MemoryFile) { self.file = file }
    }

    private static let bufferSize: Int32 = 64 * 1024

    /// Creates a context over `file`, for writing or for reading.
    ///
    /// Throws `VideoEncodingError.ffmpeg` when FFmpeg cannot allocate the context or its buffer.
    init(file: MemoryFile, writing: Bool) throws(VideoEncodingError) {
        let av = try FFmpegLibrary.functions()
        let cursor = Cursor(file)
        guard let buffer = av.av_malloc(Int(Self.bufferSize)) else {
            throw AVStatus.error(AVStatus.outOfMemory, "allocate an I/O buffer", log: nil)
        }
        let opaque = Unmanaged.passUnretained(cursor).toOpaque()
        guard
            let context = av.avio_alloc_context(
                buffer.assumingMemoryBound(to: UInt8.self), Self.bufferSize, writing ? 1 : 0, opaque,
                writing ? nil : Self.readPacket, writing ? Self.writePacket : nil, Self.seek)
        else {
            av.av_free(buffer)
            throw AVStatus.error(AVStatus.outOfMemory, "allocate an I/O context", log: nil)
        }
        self.cursor = cursor
        self.av = av
        pointer = context
    }

    deinit {
        // The context may have replaced its buffer; free the one it holds now.
        av.av_freep(&pointer.pointee.buffer)
        var context: UnsafeMutablePointer<AVIOContext>? = pointer
        av.avio_context_free(&context)
    }

    private static func cursor(_ opaque: UnsafeMutableRawPointer?) -> Cursor? {
        opaque.map { Unmanaged<Cursor>.fromOpaque($0).takeUnretainedValue() }
    }

    private static let writePacket: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<UInt8>?, Int32) -> Int32 = {
        opaque, buffer, size in
        guard let cursor = cursor(opaque), let buffer, size >= 0 else { return AVStatus.invalidArgument }
        cursor.file.write(UnsafeRawBufferPointer(start: buffer, count: Int(size)), at: cursor.position)
        cursor.position += Int(size)
        return size
    }

    private static let readPacket: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<UInt8>?, Int32) -> Int32 = {
        opaque, buffer, size in
        guard let cursor = cursor(opaque), let buffer, size >= 0 else { return AVStatus.invalidArgument }
        let count = cursor.file.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: Int(size)), at: cursor.position)
        guard count > 0 else { return AVStatus.endOfFile }
        cursor.position += count
        return Int32(count)
    }

    private static let seek: @convention(c) (UnsafeMutableRawPointer?, Int64, Int32) -> Int64 = { opaque, offset, whence in
        guard let cursor = cursor(opaque) else { return Int64(AVStatus.invalidArgument) }
        let size = Int64(cursor.file.count)
        if whence & AVSEEK_SIZE != 0 { return size }
        let base: Int64
        switch whence & ~AVSEEK_FORCE {
        case SEEK_SET: base = 0
        case SEEK_CUR: base = Int64(cursor.position)
        case SEEK_END: base = size
        default: return Int64(AVStatus.invalidArgument)
        }
        let (target, overflow) = base.addingReportingOverflow(offset)
        guard !overflow, target >= 0, target <= Int64(Int32.max) * 64 else { return Int64(AVStatus.invalidArgument) }
        cursor.position = Int(target)
        return target
    }
}
