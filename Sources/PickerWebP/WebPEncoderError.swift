import PickerKit

/// A failure while turning frames into an animated WebP, with a message the user can act on.
///
/// (Named apart from libwebp's own `WebPEncodingError` status, which its `libwebp` case reports.)
package enum WebPEncoderError: EncoderError {
    /// libwebp failed; `detail` is its own message or the name of the status it returned.
    case libwebp(operation: String, detail: String)
    /// The frame rate, the duration or the frame count cannot be turned into WebP timestamps.
    case invalidTiming(String)
    /// The frame provider returned a picture of another size than the first frame.
    case frameSize(FrameSizeMismatch)
    /// An encoder option is out of range.
    case invalidOption(String)
    /// The canvas is larger than WebP can hold (16,383 px a side).
    case tooLarge(width: Int, height: Int)

    /// The format as the messages name it.
    package static let format = "WebP"

    /// What failed, in the terms every encoder shares (they make the message).
    package var failure: EncoderFailureKind {
        switch self {
        case .libwebp(let operation, let detail): .library("libwebp", operation: operation, detail: detail)
        case .invalidTiming(let detail): .timing(detail)
        case .frameSize(let mismatch): .frameSize(mismatch)
        case .invalidOption(let detail): .option(detail)
        case .tooLarge(let width, let height):
            .other(
                "a WebP holds at most 16,383 px a side, and this picture is \(width) × \(height) px; lower output.scale or the padding, or choose APNG"
            )
        }
    }
}
