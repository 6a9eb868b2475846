import PickerKit

/// A failure while turning frames into an MP4 or WebM, with a message the user can act on.
///
/// FFmpeg failures carry the operation that failed, FFmpeg's error code, `av_strerror`'s text for it and the
/// error lines the encoder or muxer logged while failing (libx264's and libvpx's own reasons).
package enum VideoEncodingError: EncoderError {
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
    case frameSize(FrameSizeMismatch)
    /// The picture is larger than the codec allows.
    case tooLarge(width: Int, height: Int, limit: Int)

    /// The format as the messages name it.
    package static let format = "video"

    /// What failed, in the terms every encoder shares (they make the message).
    package var failure: EncoderFailureKind {
        switch self {
        case .ffmpeg(let operation, let code, let detail): .library("FFmpeg", operation: operation, detail: "\(detail) (error \(code))")
        case .librariesUnavailable(let detail):
            .other(
                "cannot open FFmpeg's libraries for video (\(detail)); install them (Debian: libavcodec59 libavformat59, Homebrew: ffmpeg)"
            )
        case .encoderUnavailable(let name):
            .other(
                "this FFmpeg has no \(name) encoder; install an FFmpeg built with it (Debian: libavcodec-extra or libavcodec59 with \(name), Homebrew: ffmpeg)"
            )
        case .invalidOption(let detail): .option(detail)
        case .invalidTiming(let detail): .timing(detail)
        case .frameSize(let mismatch): .frameSize(mismatch)
        case .tooLarge(let width, let height, let limit):
            .other("a \(width) × \(height) px picture is larger than this video format allows (at most \(limit) px a side)")
        }
    }
}
