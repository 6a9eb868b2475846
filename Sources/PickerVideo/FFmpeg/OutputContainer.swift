import CPickerFFmpeg

/// Owns the muxer's `AVFormatContext`, writing an MP4 or WebM into memory.
///
/// The file is built in a `MemoryFile` through a seekable custom `AVIOContext`. MP4's `+faststart` moves the
/// index (moov) in front of the media data (mdat) when the trailer is written, by reopening its output for
/// reading through `io_open`; this container answers that with a reading context on the same memory, so the
/// whole video is made without a temporary file and the caller writes the finished bytes once.
final class OutputContainer {
    let pointer: UnsafeMutablePointer<AVFormatContext>
    let file = MemoryFile()
    private let output: MemoryIO
    /// Reading contexts handed out by `io_open`, alive until `io_close2`.
    private var readers: [UnsafeMutablePointer<AVIOContext>: MemoryIO] = [:]
    private let log: FFmpegLogCapture
    private let av: picker_ffmpeg

    /// Creates the muxer for `format`, deterministic (`AVFMT_FLAG_BITEXACT`: no random WebM segment ID, no
    /// version strings).
    ///
    /// Throws `VideoEncodingError.ffmpeg` when libavformat has no such muxer or cannot allocate.
    init(format: VideoFormat, log: FFmpegLogCapture) throws(VideoEncodingError) {
        let av = try FFmpegLibrary.functions()
        var context: UnsafeMutablePointer<AVFormatContext>?
        let status = av.avformat_alloc_output_context2(&context, nil, format.muxerName, nil)
        guard status >= 0, let context else {
            throw AVStatus.error(status < 0 ? status : AVStatus.outOfMemory, "create the \(format.rawValue) muxer", log: log)
        }
        pointer = context
        self.log = log
        self.av = av
        do {
            output = try MemoryIO(file: file, writing: true)
        } catch {
            av.avformat_free_context(context)
            throw error
        }
        FFmpegLog.shared.capture(UnsafeMutableRawPointer(context), into: log)
        context.pointee.pb = output.pointer
        context.pointee.flags |= AVFMT_FLAG_CUSTOM_IO | AVFMT_FLAG_BITEXACT
        context.pointee.opaque = Unmanaged.passUnretained(self).toOpaque()
        context.pointee.io_open = Self.open
        context.pointee.io_close2 = Self.close
    }

    deinit {
        // The muxer never closes a custom `pb`; `output` frees it after the context is gone.
        FFmpegLog.shared.stopCapturing(UnsafeMutableRawPointer(pointer))
        av.avformat_free_context(pointer)
    }

    /// Sets a muxer option such as `movflags`.
    func setOption(_ name: String, _ value: String) throws(VideoEncodingError) {
        try AVStatus.check(av.av_opt_set(pointer.pointee.priv_data, name, value, 0), "set the muxer option \(name)=\(value)", log: log)
    }

    /// Adds the video stream described by `encoder`, timed in `timeBase`, at `frameRate`.
    func addStream(from encoder: EncoderContext, frameRate: AVRational) throws(VideoEncodingError) -> UnsafeMutablePointer<AVStream> {
        guard let stream = av.avformat_new_stream(pointer, nil) else {
            throw AVStatus.error(AVStatus.outOfMemory, "add a video stream", log: log)
        }
        try AVStatus.check(
            av.avcodec_parameters_from_context(stream.pointee.codecpar, encoder.pointer), "copy the encoder's parameters", log: log)
        stream.pointee.time_base = encoder.pointer.pointee.time_base
        stream.pointee.avg_frame_rate = frameRate
        stream.pointee.r_frame_rate = frameRate
        return stream
    }

    /// Writes the header; the muxer may change the stream's time base.
    func writeHeader() throws(VideoEncodingError) {
        try AVStatus.check(av.avformat_write_header(pointer, nil), "write the file header", log: log)
    }

    /// Writes one packet, already in the stream's time base; the packet is left empty.
    func write(_ packet: Packet) throws(VideoEncodingError) {
        try AVStatus.check(av.av_interleaved_write_frame(pointer, packet.pointer), "write a video packet", log: log)
    }

    /// Writes the trailer (the MP4 index, moved to the front) and returns the finished file.
    func finish() throws(VideoEncodingError) -> [UInt8] {
        try AVStatus.check(av.av_write_trailer(pointer), "finish the file", log: log)
        av.avio_flush(output.pointer)
        try AVStatus.check(output.pointer.pointee.error, "write the file into memory", log: log)
        return file.bytes
    }

    private static func container(_ context: UnsafeMutablePointer<AVFormatContext>?) -> OutputContainer? {
        guard let opaque = context?.pointee.opaque else { return nil }
        return Unmanaged<OutputContainer>.fromOpaque(opaque).takeUnretainedValue()
    }

    /// `io_open`: only reading back the file being written is possible (faststart's second pass).
    private static let open:
        @convention(c) (
            UnsafeMutablePointer<AVFormatContext>?, UnsafeMutablePointer<UnsafeMutablePointer<AVIOContext>?>?, UnsafePointer<CChar>?,
            Int32, UnsafeMutablePointer<OpaquePointer?>?
        ) -> Int32 = { context, result, _, flags, _ in
            guard let container = container(context), let result, flags & AVIO_FLAG_WRITE == 0 else {
                return AVStatus.invalidArgument
            }
            container.av.avio_flush(container.output.pointer)
            guard let reader = try? MemoryIO(file: container.file, writing: false) else { return AVStatus.outOfMemory }
            container.readers[reader.pointer] = reader
            result.pointee = reader.pointer
            return 0
        }

    /// `io_close2`: frees a reading context from `open`.
    private static let close: @convention(c) (UnsafeMutablePointer<AVFormatContext>?, UnsafeMutablePointer<AVIOContext>?) -> Int32 = {
        context, io in
        guard let container = container(context), let io, container.readers.removeValue(forKey: io) != nil else {
            return AVStatus.invalidArgument
        }
        return 0
    }
}
