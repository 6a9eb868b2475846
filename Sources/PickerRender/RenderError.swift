import PickerKit

/// A failure while drawing or writing pictures, with a message the user can act on.
///
/// Every call on a made `Renderer` throws this type alone (`throws(RenderError)`), so a `catch` can switch over the
/// cases without a cast.
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
    /// An encoder failed: `underlying` keeps its own error (giflib's, libwebp's, FFmpeg's, libdeflate's, …).
    ///
    /// `format` is the file being made; `.png` for a PNG frame, the contact sheet and the PNG writer's compressors.
    case encoder(format: OutputFormat, underlying: EncoderFailure)
    /// librsvg could not read or use an SVG icon or image; `detail` is librsvg's own text where it gave one.
    case librsvg(operation: String, detail: String)
    /// A file could not be read or written.
    case file(path: String, reason: String)
    /// A file is not a PNG cairo can read.
    case notPNG(path: String, detail: String)
    /// A picture would be larger than the limits allow.
    case tooLarge(width: Int, height: Int)

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
        case .encoder(.png, let failure):
            return "could not encode a PNG: \(failure)"
        case .encoder(let format, let failure):
            return "could not encode the \(format.displayName): \(failure)"
        case .librsvg(let operation, let detail):
            return "librsvg could not \(operation): \(detail)"
        case .file(let path, let reason):
            return "\(path): \(reason)"
        case .notPNG(let path, let detail):
            return "\(path): not a PNG image that can be read (\(detail))"
        case .tooLarge(let width, let height):
            return
                "a \(width) × \(height) px picture is larger than allowed (at most \(SpecLimits.maximumPixelsPerSide) px a side and \(SpecLimits.maximumPixelsPerFrame) px in all)"
        }
    }
}
