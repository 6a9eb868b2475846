import PickerKit

/// A failure while turning frames into an animated PNG, with a message the user can act on.
package enum APNGEncodingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The frame rate, the duration or the frame count cannot be turned into APNG delays.
    case invalidTiming(String)
    /// The frame provider returned a picture of another size than the first frame.
    case frameSize(FrameSizeMismatch)
    /// An encoder option is out of range.
    case invalidOption(String)
    /// libdeflate could not be set up or could not compress a frame.
    case compression(String)

    /// The message for the user.
    package var description: String {
        switch self {
        case .invalidTiming(let detail):
            return "cannot time the APNG frames: \(detail)"
        case .frameSize(let mismatch):
            return mismatch.description
        case .invalidOption(let detail):
            return "invalid APNG option: \(detail)"
        case .compression(let detail):
            return "could not compress an APNG frame: \(detail)"
        }
    }
}
