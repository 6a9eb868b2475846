import CPickerFFmpeg

/// Owns an `AVCodecContext` for one encoder (libx264 or libvpx-vp9), from its settings to its last packet.
final class EncoderContext {
    let pointer: UnsafeMutablePointer<AVCodecContext>
    /// FFmpeg's functions.
    let av: picker_ffmpeg
    private let log: FFmpegLogCapture
    let name: String

    /// Finds the encoder called `name` and allocates its context with the encoder's own defaults.
    ///
    /// Throws `VideoEncodingError.encoderUnavailable` when libavcodec was built without it, and
    /// `.librariesUnavailable` when FFmpeg's libraries cannot be opened.
    init(encoderNamed name: String, log: FFmpegLogCapture) throws(VideoEncodingError) {
        let av = try FFmpegLibrary.functions()
        guard let codec = av.avcodec_find_encoder_by_name(name) else { throw .encoderUnavailable(name: name) }
        guard let context = av.avcodec_alloc_context3(codec) else {
            throw AVStatus.error(AVStatus.outOfMemory, "allocate the \(name) encoder", log: log)
        }
        pointer = context
        self.av = av
        self.log = log
        self.name = name
        FFmpegLog.shared.capture(UnsafeMutableRawPointer(context), into: log)
        if let priv = context.pointee.priv_data { FFmpegLog.shared.capture(priv, into: log) }
    }

    deinit {
        // libx264 logs its statistics while it closes, so capturing stops only after.
        let priv = pointer.pointee.priv_data
        let raw = UnsafeMutableRawPointer(pointer)
        var context: UnsafeMutablePointer<AVCodecContext>? = pointer
        av.avcodec_free_context(&context)
        FFmpegLog.shared.stopCapturing(raw)
        if let priv { FFmpegLog.shared.stopCapturing(priv) }
    }

    /// Sets one of the encoder's private options (`crf`, `preset`, `row-mt`, …).
    func setOption(_ option: String, _ value: String) throws(VideoEncodingError) {
        try AVStatus.check(
            av.av_opt_set(pointer.pointee.priv_data, option, value, 0), "set the \(name) option \(option)=\(value)", log: log)
    }

    /// Opens the encoder with the settings made so far.
    func open() throws(VideoEncodingError) {
        try AVStatus.check(av.avcodec_open2(pointer, nil, nil), "open the \(name) encoder", log: log)
    }

    /// Sends one frame, or nil to flush; then `receive` must be called until it returns false.
    func send(_ frame: CodecFrame?) throws(VideoEncodingError) {
        try AVStatus.check(av.avcodec_send_frame(pointer, frame?.pointer), "encode a frame with \(name)", log: log)
    }

    /// Fills `packet` with the next encoded packet; false when the encoder needs more input or has finished.
    func receive(into packet: Packet) throws(VideoEncodingError) -> Bool {
        let status = av.avcodec_receive_packet(pointer, packet.pointer)
        if status == AVStatus.tryAgain || status == AVStatus.endOfFile { return false }
        try AVStatus.check(status, "take a packet from \(name)", log: log)
        return true
    }
}
