import Foundation
import PickerKit

/// Reads and writes PNG files as `RGBAImage`s, through cairo.
package enum PNGFile {
    /// Decodes the PNG at `path`.
    ///
    /// Throws `RenderError.file` when it cannot be read and `RenderError.notPNG` when it is not a PNG.
    package static func read(_ path: String) throws(RenderError) -> RGBAImage {
        let bytes: [UInt8]
        do {
            bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw RenderError.file(path: path, reason: "cannot read it (\(FileErrors.reason(error)))")
        }
        guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            throw RenderError.notPNG(path: path, detail: "it does not start with the PNG signature")
        }
        return try ImageSurface(pngBytes: bytes, path: path).rgbaImage()
    }

    /// Encodes `image` as PNG bytes with the frames' encoder (libdeflate, the default level), its straight RGBA
    /// bytes exactly as they are: `read` gives back the same image, translucent pixels included.
    package static func encode(_ image: RGBAImage) throws(RenderError) -> [UInt8] {
        try PNGEncoder().encode(image)
    }
}
