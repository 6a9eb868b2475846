/// The one shape of the encoders' errors (PNG, APNG, GIF, WebP, MP4 and WebM), as swift-png's per-stage errors share
/// one protocol: each error says which kind of failure it is, and the message of each kind is written once, here.
///
/// A conforming error keeps its own cases (a program can match them); its `description` comes from `failure`.
package protocol EncoderError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The format as the messages name it: "GIF", "WebP", "APNG", "PNG" or "video".
    static var format: String { get }
    /// What failed, in the terms shared by every encoder.
    var failure: EncoderFailureKind { get }
}

/// The kinds of encoder failure, each with its one message.
package enum EncoderFailureKind: Sendable {
    /// A C library could not do `operation`; `detail` is its own text for the failure, nil when it gives none.
    case library(String, operation: String, detail: String?)
    /// The frame times, the rate, the duration or the frame count cannot be turned into the format's delays.
    case timing(String)
    /// The frame provider returned a picture of another size than the first frame.
    case frameSize(FrameSizeMismatch)
    /// An encoder option is out of range or does not suit the format.
    case option(String)
    /// A failure of this encoder's own (a limit of its format), with its whole message.
    case other(String)
}

extension EncoderError {
    /// The message for the user.
    package var description: String {
        switch failure {
        case .library(let library, let operation, let detail):
            return "\(library) could not \(operation)" + (detail.map { ": \($0)" } ?? "")
        case .timing(let detail):
            return "cannot time the \(Self.format) frames: \(detail)"
        case .frameSize(let mismatch):
            return mismatch.description
        case .option(let detail):
            return "invalid \(Self.format) option: \(detail)"
        case .other(let message):
            return message
        }
    }
}
