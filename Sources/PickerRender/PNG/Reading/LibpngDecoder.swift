import CPickerPNG
import PickerKit

/// Decodes any kind of PNG held in memory with libpng as straight 8-bit RGBA, the values exactly as stored.
///
/// libpng's simplified API (`png_image`) reads palettes, grey, 16 bits, interlacing and a transparent colour in
/// tRNS: the kinds `PNGDecoder` leaves aside come here.
///
/// libpng converts a file whose gAMA chunk is far from sRGB's (gamma 1.0, say) to sRGB values, and takes 16-bit
/// values for linear ones; the chunk is left out first and 16-bit values read as sRGB, so a golden and a render
/// compare by their stored values (16-bit ones scaled to 8) whatever gamma either declares, as before.
package enum LibpngDecoder {
    /// The picture in `bytes`; `path` names the file in errors.
    ///
    /// Throws `RenderError.notPNG` with libpng's message for bytes it cannot decode (not a PNG, damaged data), and
    /// `RenderError.tooLarge` for a picture beyond `SpecLimits`, before its pixels are allocated.
    package static func decode(_ bytes: [UInt8], path: String) throws(RenderError) -> RGBAImage {
        var image = png_image()
        image.version = picker_png_image_version()
        let input = withoutGamma(bytes)
        let begun = input.withUnsafeBytes { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
        guard begun != 0 else { throw RenderError.notPNG(path: path, detail: message(of: &image)) }
        let (width, height) = (Int(image.width), Int(image.height))
        guard width > 0, height > 0, width <= SpecLimits.maximumPixelsPerSide, height <= SpecLimits.maximumPixelsPerSide,
            width * height <= SpecLimits.maximumPixelsPerFrame
        else {
            png_image_free(&image)
            throw RenderError.tooLarge(width: width, height: height)
        }
        image.format = picker_png_format_rgba()
        image.flags |= picker_png_flag_16bit_srgb()
        var finished: Int32 = 0
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, initialized in
            // finish_read frees the image's libpng state, whether it succeeds or not.
            finished = png_image_finish_read(&image, nil, buffer.baseAddress, 0, nil)
            initialized = finished != 0 ? buffer.count : 0
        }
        guard finished != 0, let decoded = RGBAImage(width: width, height: height, pixels: pixels) else {
            throw RenderError.notPNG(path: path, detail: message(of: &image))
        }
        return decoded
    }

    /// libpng's message for the last failure, such as "IDAT: CRC error".
    private static func message(of image: inout png_image) -> String {
        let text = withUnsafeBytes(of: &image.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return text.isEmpty ? "libpng cannot decode it" : "libpng: \(text)"
    }

    /// `bytes` without their gAMA chunk (before the image data), or `bytes` themselves when they have none.
    static func withoutGamma(_ bytes: [UInt8]) -> [UInt8] {
        var offset = 8
        while offset + 12 <= bytes.count, let chunk = PNGChunk(in: bytes, at: offset) {
            if chunk.type == PNGChunk.gama, chunk.fits(in: bytes.count) { return Array(bytes[..<offset] + bytes[chunk.next...]) }
            if chunk.type == PNGChunk.idat || !chunk.fits(in: bytes.count) { break }
            offset = chunk.next
        }
        return bytes
    }
}
