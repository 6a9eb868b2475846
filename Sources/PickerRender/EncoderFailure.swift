/// What an encoder reported when it failed: its own typed error, kept whole, with its message.
///
/// `RenderError.encoder(format:underlying:)` carries one. The underlying error is the encoder's own (giflib's and
/// libimagequant's for GIF, libwebp's for WebP, FFmpeg's for MP4 and WebM, libdeflate's and zlib's for PNG and APNG,
/// or a frame of the wrong size), so a program can log or compare it rather than parse a message.
public struct EncoderFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// The encoder's own error, as it threw it.
    public let underlying: any Error

    /// Keeps `error`, an encoder's own error.
    package init(_ error: any Error) {
        underlying = error
    }

    /// The encoder's message for the user, such as "libwebp could not add a frame: out of memory".
    public var description: String { "\(underlying)" }

    /// True when both hold equal errors of the same type (errors that are not `Equatable`: the same type and
    /// message).
    public static func == (left: EncoderFailure, right: EncoderFailure) -> Bool {
        guard let equatable = left.underlying as? any Equatable else {
            return type(of: left.underlying) == type(of: right.underlying) && left.description == right.description
        }
        return isEqual(equatable, to: right.underlying)
    }

    private static func isEqual<Value: Equatable>(_ value: Value, to other: any Error) -> Bool {
        (other as? Value) == value
    }
}
