/// A failure while turning frames into an animated WebP, with a message the user can act on.
///
/// (Named apart from libwebp's own `WebPEncodingError` status, which its `libwebp` case reports.)
package enum WebPEncoderError: Error, Equatable, Sendable, CustomStringConvertible {
    /// libwebp failed; `detail` is its own message or the name of the status it returned.
    case libwebp(operation: String, detail: String)
    /// The frame rate, the duration or the frame count cannot be turned into WebP timestamps.
    case invalidTiming(String)
    /// The frame provider returned a picture of another size than the first frame.
    case frameSizeMismatch(index: Int, width: Int, height: Int, expectedWidth: Int, expectedHeight: Int)
    /// A frame's pixel buffer does not hold width × height × 4 bytes.
    case malformedFrame(index: Int, byteCount: Int, width: Int, height: Int)
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
        case .frameSizeMismatch(let index, let width, let height, let expectedWidth, let expectedHeight):
            return
                "frame \(index) is \(width) × \(height) px but the first frame is \(expectedWidth) × \(expectedHeight) px; every frame must have the same size"
        case .malformedFrame(let index, let byteCount, let width, let height):
            return "frame \(index) has \(byteCount) bytes of pixels, but \(width) × \(height) px needs \(width * height * 4)"
        case .invalidOption(let detail):
            return "invalid WebP option: \(detail)"
        case .tooLarge(let width, let height):
            return "a \(width) × \(height) px picture is larger than a WebP can hold (at most 16,383 px a side)"
        }
    }
}
