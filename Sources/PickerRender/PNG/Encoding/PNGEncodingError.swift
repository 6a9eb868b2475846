import PickerKit

/// A failure of the PNG writer's compressors (libdeflate, or zlib for the rows that change), in their own words.
package enum PNGEncodingError: EncoderError {
    /// libdeflate could not do `operation`, such as "set up a level 6 compressor".
    case libdeflate(String)
    /// zlib could not do `operation`, such as "reset its compressor".
    case zlib(String)
    /// The picture handed to the writer had no pixels to read.
    case noPixelData

    /// The format as the messages name it.
    package static let format = "PNG"

    /// What failed, in the terms every encoder shares (they make the message).
    package var failure: EncoderFailureKind {
        switch self {
        case .libdeflate(let operation): .library("libdeflate", operation: operation, detail: nil)
        case .zlib(let operation): .library("zlib", operation: operation, detail: nil)
        case .noPixelData: .other("the picture has no pixel data")
        }
    }
}

extension RenderError {
    /// The PNG writer's failure as the one encoder case.
    package static func png(_ error: PNGEncodingError) -> RenderError {
        .encoder(format: .png, underlying: EncoderFailure(error))
    }
}
