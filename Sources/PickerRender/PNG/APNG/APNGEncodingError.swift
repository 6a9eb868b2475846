import PickerKit

/// A failure while turning frames into an animated PNG, with a message the user can act on.
package enum APNGEncodingError: EncoderError {
    /// The frame rate, the duration or the frame count cannot be turned into APNG delays.
    case invalidTiming(String)
    /// The frame provider returned a picture of another size than the first frame.
    case frameSize(FrameSizeMismatch)
    /// An encoder option is out of range.
    case invalidOption(String)
    /// libdeflate could not be set up or could not compress a frame.
    case compression(String)

    /// The format as the messages name it.
    package static let format = "APNG"

    /// What failed, in the terms every encoder shares (they make the message).
    package var failure: EncoderFailureKind {
        switch self {
        case .invalidTiming(let detail): .timing(detail)
        case .frameSize(let mismatch): .frameSize(mismatch)
        case .invalidOption(let detail): .option(detail)
        case .compression(let detail): .other("could not compress an APNG frame: \(detail)")
        }
    }
}
