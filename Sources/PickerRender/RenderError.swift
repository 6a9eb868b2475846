import PickerKit

/// A failure while drawing or writing pictures, with a message the user can act on.
public enum RenderError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Cairo reported a status other than success; `detail` is cairo's own text.
    case cairo(operation: String, detail: String)
    /// Pango could not set up its font map, context or layout.
    case pango(operation: String, detail: String)
    /// A moment or frame outside the animation was asked for.
    case invalidMoment(String)
    /// A setting of an output format is out of range, such as a matte colour that is not opaque.
    case invalidOption(String)
    /// Another process is writing into the same output folder.
    case busy(path: String)
    /// An encoder other than the PNG writer failed (GIF, and the formats to come).
    case encoder(format: String, detail: String)
    /// A file could not be read or written.
    case file(path: String, reason: String)
    /// A file is not a PNG cairo can read.
    case notPNG(path: String, detail: String)
    /// A picture would be larger than the limits allow.
    case tooLarge(width: Int, height: Int)
    /// The PNG encoder failed: libdeflate could not be set up or could not compress.
    case encode(detail: String)

    /// The message for the user.
    public var description: String {
        switch self {
        case .cairo(let operation, let detail):
            return "cairo could not \(operation): \(detail)"
        case .pango(let operation, let detail):
            return "Pango could not \(operation): \(detail)"
        case .invalidMoment(let detail):
            return detail
        case .invalidOption(let detail):
            return detail
        case .busy(let path):
            return "\(path): another pickerreel render is writing into this folder; wait for it to finish or choose another output folder"
        case .encoder(let format, let detail):
            return "could not encode the \(format): \(detail)"
        case .file(let path, let reason):
            return "\(path): \(reason)"
        case .notPNG(let path, let detail):
            return "\(path): not a PNG image that can be read (\(detail))"
        case .encode(let detail):
            return "could not encode a PNG: \(detail)"
        case .tooLarge(let width, let height):
            return
                "a \(width) × \(height) px picture is larger than allowed (at most \(SpecLimits.maximumPixelsPerSide) px a side and \(SpecLimits.maximumPixelsPerFrame) px in all)"
        }
    }
}
