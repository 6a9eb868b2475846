import CPickerFFmpeg

/// Owns an `AVFrame` with its own planes: one YUV picture on its way to the encoder.
final class CodecFrame {
    let pointer: UnsafeMutablePointer<AVFrame>
    private let av: picker_ffmpeg

    /// Allocates a frame of `width` × `height` in `format`, with planes aligned for the encoder's SIMD code.
    init(width: Int, height: Int, format: AVPixelFormat) throws(VideoEncodingError) {
        let av = try FFmpegLibrary.functions()
        guard let frame = av.av_frame_alloc() else { throw AVStatus.error(AVStatus.outOfMemory, "allocate a video frame", log: nil) }
        pointer = frame
        self.av = av
        frame.pointee.width = Int32(width)
        frame.pointee.height = Int32(height)
        frame.pointee.format = format.rawValue
        try AVStatus.check(av.av_frame_get_buffer(frame, 0), "allocate a video frame's planes", log: nil)
    }

    deinit {
        var frame: UnsafeMutablePointer<AVFrame>? = pointer
        av.av_frame_free(&frame)
    }

    /// Gives the frame planes of its own again if the encoder still holds a reference to the old ones.
    func makeWritable() throws(VideoEncodingError) {
        try AVStatus.check(av.av_frame_make_writable(pointer), "reuse a video frame", log: nil)
    }
}
