import CPickerCairo
import Foundation
import PickerKit
import PickerRender

/// Owns a cairo image surface and a context drawing on it, for rasterising SVG in the test; releases both.
final class CairoRaster {
    let surface: OpaquePointer
    let context: OpaquePointer
    let width: Int
    let height: Int

    /// A transparent `width` × `height` picture.
    init(width: Int, height: Int) throws {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else {
            throw RowFailure(description: "cairo made no \(width) × \(height) surface")
        }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let context = cairo_create(surface) else {
            cairo_surface_destroy(surface)
            throw RowFailure(description: "cairo could not draw on a \(width) × \(height) surface")
        }
        self.surface = surface
        self.context = context
        self.width = width
        self.height = height
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    /// The pixels drawn so far, straight RGBA (cairo keeps them premultiplied, a native-endian ARGB word each).
    func image() throws -> RGBAImage {
        cairo_surface_flush(surface)
        guard cairo_status(context) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface) else {
            throw RowFailure(description: "cairo failed: \(String(cString: cairo_status_to_string(cairo_status(context))))")
        }
        let stride = Int(cairo_image_surface_get_stride(surface))
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let argb = row[x]
                let alpha = argb >> 24
                func straight(_ shift: UInt32) -> UInt8 {
                    alpha == 0 ? 0 : UInt8(min(255, (((argb >> shift) & 0xFF) * 255 + alpha / 2) / alpha))
                }
                image.setPixel(x: x, y: y, to: (straight(16), straight(8), straight(0), UInt8(alpha)))
            }
        }
        return image
    }
}

/// `bytes` as a picture, decoded by cairo (libpng), not by the project's encoder.
func decodePNG(_ bytes: Data, name: String) throws -> RGBAImage {
    try ImageSurface(pngBytes: [UInt8](bytes), path: name).rgbaImage()
}
