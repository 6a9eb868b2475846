/// A failure while turning frames into an MP4 or WebM, with a message the user can act on.
///
/// FFmpeg failures carry the operation that failed, FFmpeg's error code, `av_strerror`'s text for it and the
/// error lines the encoder or muxer logged while failing (libx264's and libvpx's own reasons).
package enum VideoEncodingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// An FFmpeg call returned a negative `AVERROR`; `detail` is `av_strerror`'s text, then any logged errors.
    case ffmpeg(operation: String, code: Int32, detail: String)
    /// FFmpeg's libraries (opened when the first video is encoded) or one of their functions are missing.
    case librariesUnavailable(detail: String)
    /// This build of libavcodec has no encoder of that name (FFmpeg built without libx264 or libvpx).
    case encoderUnavailable(name: String)
    /// An encoder option is out of range or does not suit the format.
    case invalidOption(String)
    /// The frame count or the frame rate cannot make a video.
    case invalidTiming(String)
    /// The frame provider returned a picture of another size than the first frame.
    case frameSizeMismatch(index: Int, width: Int, height: Int, expectedWidth: Int, expectedHeight: Int)
    /// A frame's pixel buffer does not hold width × height × 4 bytes.
    case malformedFrame(index: Int, byteCount: Int, width: Int, height: Int)
    /// The picture is larger than the codec allows.
    case tooLarge(width: Int, height: Int, limit: Int)

    /// The message for the user.
    package var description: String {
        switch self {
        case .ffmpeg(let operation, let code, let detail):
            return "FFmpeg could not \(operation): \(detail) (error \(code))"
        case .librariesUnavailable(let detail):
            return
                "cannot open FFmpeg's libraries for video (\(detail)); install them (Debian: libavcodec59 libavformat59, Homebrew: ffmpeg)"
        case .encoderUnavailable(let name):
            return
                "this FFmpeg has no \(name) encoder; install an FFmpeg built with it (Debian: libavcodec-extra or libavcodec59 with \(name), Homebrew: ffmpeg)"
        case .invalidOption(let detail):
            return "invalid video option: \(detail)"
        case .invalidTiming(let detail):
            return "cannot time the video frames: \(detail)"
        case .frameSizeMismatch(let index, let width, let height, let expectedWidth, let expectedHeight):
            return
                "frame \(index) is \(width) × \(height) px but the first frame is \(expectedWidth) × \(expectedHeight) px; every frame must have the same size"
        case .malformedFrame(let index, let byteCount, let width, let height):
            return "frame \(index) has \(byteCount) bytes of pixels, but \(width) × \(height) px needs \(width * height * 4)"
        case .tooLarge(let width, let height, let limit):
            return "a \(width) × \(height) px picture is larger than this video format allows (at most \(limit) px a side)"
        }
    }
}
