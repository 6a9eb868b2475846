/// A failure of the PNG writer's compressors (libdeflate, or zlib for the rows that change), in their own words.
package enum PNGEncodingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// libdeflate could not do `operation`, such as "set up a level 6 compressor".
    case libdeflate(String)
    /// zlib could not do `operation`, such as "reset its compressor".
    case zlib(String)
    /// The picture handed to the writer had no pixels to read.
    case noPixelData

    /// The message for the user.
    package var description: String {
        switch self {
        case .libdeflate(let operation): return "libdeflate could not \(operation)"
        case .zlib(let operation): return "zlib could not \(operation)"
        case .noPixelData: return "the picture has no pixel data"
        }
    }
}

extension RenderError {
    /// The PNG writer's failure as the one encoder case.
    package static func png(_ error: PNGEncodingError) -> RenderError {
        .encoder(format: .png, underlying: EncoderFailure(error))
    }
}
