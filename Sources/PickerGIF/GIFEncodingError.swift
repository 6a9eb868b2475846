import PickerKit

/// A failure while turning frames into a GIF, with a message the user can act on.
///
/// giflib and libimagequant failures carry the library's own text for the status it returned.
package enum GIFEncodingError: Error, Equatable, Sendable, CustomStringConvertible {
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

    /// The message for the user.
    package var description: String {
        switch self {
        case .giflib(let operation, let detail):
            return "giflib could not \(operation): \(detail)"
        case .imageQuant(let operation, let detail):
            return "libimagequant could not \(operation): \(detail)"
        case .invalidTiming(let detail):
            return "cannot time the GIF frames: \(detail)"
        case .frameSize(let mismatch):
            return mismatch.description
        case .invalidOption(let detail):
            return "invalid GIF option: \(detail)"
        case .tooLarge(let width, let height):
            return "a \(width) × \(height) px picture is larger than a GIF can hold (at most 65,535 px a side)"
        }
    }
}
