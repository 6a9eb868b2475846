import CPickerCairo
import CPickerRSVG
import PickerKit

/// Owns one librsvg handle: an SVG document loaded from memory, which draws as vectors into a cairo context.
///
/// Not thread-safe: each drawer loads its own from the file's bytes.
package final class SVGDocument {
    private let handle: OpaquePointer
    /// Width over height: from the document's width and height, or its viewBox; 1 when it has neither.
    package let aspectRatio: Double

    /// Parses `bytes`; throws `RenderError.encoder` (format "SVG") with librsvg's message when they are not SVG.
    package init(bytes: [UInt8]) throws(RenderError) {
        var error: UnsafeMutablePointer<GError>?
        let loaded = bytes.withUnsafeBufferPointer { buffer in
            rsvg_handle_new_from_data(buffer.baseAddress, gsize(buffer.count), &error)
        }
        guard let loaded else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "not an SVG document"
            if let error { g_error_free(error) }
            throw RenderError.encoder(format: "SVG", detail: message)
        }
        handle = OpaquePointer(loaded)
        var width = 0.0
        var height = 0.0
        if rsvg_handle_get_intrinsic_size_in_pixels(loaded, &width, &height) != 0, width > 0, height > 0, width.isFinite, height.isFinite {
            aspectRatio = width / height
        } else {
            var hasWidth: gboolean = 0
            var hasHeight: gboolean = 0
            var hasViewBox: gboolean = 0
            var widthLength = RsvgLength()
            var heightLength = RsvgLength()
            var viewBox = RsvgRectangle()
            rsvg_handle_get_intrinsic_dimensions(loaded, &hasWidth, &widthLength, &hasHeight, &heightLength, &hasViewBox, &viewBox)
            let ratio = viewBox.width / viewBox.height
            aspectRatio = hasViewBox != 0 && ratio.isFinite && ratio > 0 ? ratio : 1
        }
        guard (1e-3...1e3).contains(aspectRatio) else {
            g_object_unref(UnsafeMutableRawPointer(handle))
            throw RenderError.encoder(format: "SVG", detail: "its width is \(aspectRatio) times its height; at most 1000 times either way")
        }
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(handle))
    }

    /// Draws the document fitted into `rect` (in the context's user space), as vectors.
    ///
    /// With `tint`, the document is a template: its shape (alpha) is filled with `tint`, as SF Symbols are drawn.
    package func draw(in rect: Rect, on cairo: OpaquePointer, tint: RGBAColor?) {
        var viewport = RsvgRectangle(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
        guard let tint else {
            _ = rsvg_handle_render_document(UnsafeMutablePointer(handle), cairo, &viewport, nil)
            return
        }
        cairo_push_group(cairo)
        _ = rsvg_handle_render_document(UnsafeMutablePointer(handle), cairo, &viewport, nil)
        let shape = cairo_pop_group(cairo)
        cairo_set_source_rgba(cairo, tint.red, tint.green, tint.blue, tint.alpha)
        cairo_mask(cairo, shape)
        cairo_pattern_destroy(shape)
    }
}
