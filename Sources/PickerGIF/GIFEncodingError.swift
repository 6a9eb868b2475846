import PickerKit

/// A failure while turning frames into a GIF, with a message the user can act on.
///
/// giflib and libimagequant failures carry the library's own text for the status it returned.
package enum GIFEncodingError: EncoderError {
    /// giflib returned an error; `detail` is `GifErrorString`'s text.
    case giflib(operation: String, detail: String)
    /// libimagequant returned a status other than `LIQ_OK`; `detail` names the status.
    case imageQuant(operation: String, detail: String)
    /// The frame times, the duration or the frame count cannot be turned into GIF delays.
    case invalidTiming(String)
    /// The frame provider returned a picture of another size than the first frame.
    case frameSize(FrameSizeMismatch)
    /// An encoder option is out of range.
    case invalidOption(String)
    /// The canvas is larger than a GIF can describe (65,535 px a side).
    case tooLarge(width: Int, height: Int)

    /// The format as the messages name it.
    package static let format = "GIF"

    /// What failed, in the terms every encoder shares (they make the message).
    package var failure: EncoderFailureKind {
        switch self {
        case .giflib(let operation, let detail): .library("giflib", operation: operation, detail: detail)
        case .imageQuant(let operation, let detail): .library("libimagequant", operation: operation, detail: detail)
        case .invalidTiming(let detail): .timing(detail)
        case .frameSize(let mismatch): .frameSize(mismatch)
        case .invalidOption(let detail): .option(detail)
        case .tooLarge(let width, let height):
            .other("a \(width) × \(height) px picture is larger than a GIF can hold (at most 65,535 px a side)")
        }
    }
}
