import CPickerWebP
import PickerKit

/// Owns a libwebp `WebPPicture` holding one frame as ARGB, reused from frame to frame.
///
/// Not thread-safe; each encode makes its own.
final class Picture {
    private var picture = WebPPicture()

    /// An empty picture.
    ///
    /// Throws `WebPEncoderError.libwebp` when libwebp's version does not match its headers.
    init() throws(WebPEncoderError) {
        guard WebPPictureInit(&picture) != 0 else {
            throw .libwebp(operation: "set up a picture", detail: "the library's version does not match its headers")
        }
        picture.use_argb = 1
    }

    deinit {
        WebPPictureFree(&picture)
    }

    /// Replaces the pixels with `image`'s (straight RGBA, rows without padding).
    ///
    /// Throws `WebPEncoderError.libwebp` when libwebp cannot allocate the picture.
    func load(_ image: RGBAImage) throws(WebPEncoderError) {
        picture.width = Int32(image.width)
        picture.height = Int32(image.height)
        let imported = image.pixels.withUnsafeBufferPointer { pixels in
            WebPPictureImportRGBA(&picture, pixels.baseAddress, Int32(image.width * 4))
        }
        guard imported != 0 else {
            throw .libwebp(operation: "take a \(image.width) × \(image.height) px frame", detail: errorDescription)
        }
    }

    /// Calls `body` with the C picture.
    func withPointer<Result>(_ body: (UnsafeMutablePointer<WebPPicture>) -> Result) -> Result {
        body(&picture)
    }

    /// libwebp's status for the picture's last encoding, by name.
    var errorDescription: String {
        switch picture.error_code {
        case VP8_ENC_OK: return "no error"
        case VP8_ENC_ERROR_OUT_OF_MEMORY: return "out of memory"
        case VP8_ENC_ERROR_BITSTREAM_OUT_OF_MEMORY: return "out of memory for the bitstream"
        case VP8_ENC_ERROR_NULL_PARAMETER: return "a missing parameter"
        case VP8_ENC_ERROR_INVALID_CONFIGURATION: return "an invalid configuration"
        case VP8_ENC_ERROR_BAD_DIMENSION: return "a picture size out of range"
        case VP8_ENC_ERROR_PARTITION0_OVERFLOW: return "the first partition is over 512 KiB"
        case VP8_ENC_ERROR_PARTITION_OVERFLOW: return "a partition is over 16 MiB"
        case VP8_ENC_ERROR_BAD_WRITE: return "the picture could not be written"
        case VP8_ENC_ERROR_FILE_TOO_BIG: return "the file is over 4 GiB"
        case VP8_ENC_ERROR_USER_ABORT: return "stopped by the caller"
        default: return "error code \(picture.error_code.rawValue)"
        }
    }
}
