import CPickerFFmpeg

/// Owns a `SwsContext` turning RGBA pictures into the encoder's YUV planes, at the same size (never scaled).
///
/// YUV colours go through BT.709's matrix into limited ("TV") range, the combination the stream is tagged with
/// and that browsers assume for web video; chroma is filtered down (bicubic, accurate rounding) for 4:2:0.
/// Planar RGB (`gbrp`) only splits the channels.
final class ColorConverter {
    private let pointer: OpaquePointer
    private let av: picker_ffmpeg
    private let width: Int
    private let height: Int

    /// Prepares conversion of `width` × `height` RGBA pictures into `format`.
    ///
    /// Throws `VideoEncodingError.ffmpeg` when libswscale refuses the conversion.
    init(width: Int, height: Int, format: AVPixelFormat, log: FFmpegLogCapture) throws(VideoEncodingError) {
        let av = try FFmpegLibrary.functions()
        let flags = SWS_BICUBIC | SWS_ACCURATE_RND | SWS_BITEXACT
        guard
            let context = av.sws_getContext(
                Int32(width), Int32(height), AV_PIX_FMT_RGBA, Int32(width), Int32(height), format, flags, nil, nil, nil)
        else {
            let name = av.av_get_pix_fmt_name(format).map { String(cString: $0) } ?? "YUV"
            throw .ffmpeg(
                operation: "prepare the RGBA to \(name) conversion", code: AVStatus.invalidArgument, detail: "libswscale refused it")
        }
        pointer = context
        self.av = av
        FFmpegLog.shared.capture(UnsafeMutableRawPointer(context), into: log)
        self.width = width
        self.height = height
        // Planar RGB takes the values as they are; there is no matrix to choose.
        guard format != AV_PIX_FMT_GBRP else { return }
        let bt709 = av.sws_getCoefficients(SWS_CS_ITU709)
        // Source RGB is full range; the YUV planes are limited range. Brightness 0, contrast and saturation 1.0
        // in 16.16 fixed point. Every stored property is set, so a throw from here runs deinit, which frees the
        // context.
        guard av.sws_setColorspaceDetails(context, bt709, 1, bt709, 0, 0, 1 << 16, 1 << 16) >= 0 else {
            throw .ffmpeg(operation: "select BT.709 colours", code: AVStatus.invalidArgument, detail: "libswscale refused them")
        }
    }

    deinit {
        FFmpegLog.shared.stopCapturing(UnsafeMutableRawPointer(pointer))
        av.sws_freeContext(pointer)
    }

    /// Converts `rgba` (width × height × 4 bytes, rows `width × 4` apart) into `frame`'s planes.
    func convert(_ rgba: UnsafePointer<UInt8>, into frame: CodecFrame) throws(VideoEncodingError) {
        let sources: [UnsafePointer<UInt8>?] = [rgba, nil, nil, nil]
        let strides: [Int32] = [Int32(width * 4), 0, 0, 0]
        let target = frame.pointer
        let rows = withUnsafeMutableBytes(of: &target.pointee.data) { data in
            withUnsafeBytes(of: &target.pointee.linesize) { lines in
                av.sws_scale(
                    pointer, sources, strides, 0, Int32(height),
                    data.baseAddress?.assumingMemoryBound(to: UnsafeMutablePointer<UInt8>?.self),
                    lines.baseAddress?.assumingMemoryBound(to: Int32.self))
            }
        }
        guard rows == Int32(height) else {
            throw AVStatus.error(rows < 0 ? rows : AVStatus.invalidArgument, "convert a frame to YUV", log: nil)
        }
    }
}
