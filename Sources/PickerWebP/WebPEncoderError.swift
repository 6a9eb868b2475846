import PickerKit

/// A failure while turning frames into an animated WebP, with a message the user can act on.
///
/// (Named apart from libwebp's own `WebPEncodingError` status, which its `libwebp` case reports.)
package enum WebPEncoderError: Error, Equatable, Sendable, CustomStringConvertible {
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

    /// The message for the user.
    package var description: String {
        switch self {
        case .libwebp(let operation, let detail):
            return "libwebp could not \(operation): \(detail)"
        case .invalidTiming(let detail):
            return "cannot time the WebP frames: \(detail)"
        case .frameSize(let mismatch):
            return mismatch.description
        case .invalidOption(let detail):
            return "invalid WebP option: \(detail)"
        case .tooLarge(let width, let height):
            return
                "a WebP holds at most 16,383 px a side, and this picture is \(width) × \(height) px; lower output.scale or the padding, or choose APNG"
        }
    }
}
