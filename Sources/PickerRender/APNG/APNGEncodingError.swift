/// A failure while turning frames into an animated PNG, with a message the user can act on.
package enum APNGEncodingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The frame rate, the duration or the frame count cannot be turned into APNG delays.
    case invalidTiming(String)
    /// The frame provider returned a picture of another size than the first frame.
    case frameSizeMismatch(index: Int, width: Int, height: Int, expectedWidth: Int, expectedHeight: Int)
    /// A frame's pixel buffer does not hold width × height × 4 bytes.
    case malformedFrame(index: Int, byteCount: Int, width: Int, height: Int)
    /// An encoder option is out of range.
    case invalidOption(String)
    /// libdeflate could not be set up or could not compress a frame.
    case compression(String)

    /// The message for the user.
    package var description: String {
        switch self {
        case .invalidTiming(let detail):
            return "cannot time the APNG frames: \(detail)"
        case .frameSizeMismatch(let index, let width, let height, let expectedWidth, let expectedHeight):
            return
                "frame \(index) is \(width) × \(height) px but the first frame is \(expectedWidth) × \(expectedHeight) px; every frame must have the same size"
        case .malformedFrame(let index, let byteCount, let width, let height):
            return "frame \(index) has \(byteCount) bytes of pixels, but \(width) × \(height) px needs \(width * height * 4)"
        case .invalidOption(let detail):
            return "invalid APNG option: \(detail)"
        case .compression(let detail):
            return "could not compress an APNG frame: \(detail)"
        }
    }
}
