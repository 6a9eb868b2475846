import CPickerCairo
import PickerKit

/// An item's icon or image drawn once, at the size and place it is drawn in every frame, as premultiplied ARGB
/// pixels: what the drawers paint (and what the SVG frames embed as a picture), so that a PNG is decoded once
/// a render and an SVG is drawn by librsvg once, whatever it expands to, however many frames and threads draw it.
///
/// A value: shared by the drawers of a render on any thread, each painting it from a cairo surface of its own.
package struct GraphicPicture: Sendable {
    /// The picture's top-left corner in device pixels (`scale` pixels a point), on the pixel grid.
    let x: Int
    /// See `x`.
    let y: Int
    /// Width in pixels.
    let width: Int
    /// Height in pixels.
    let height: Int
    /// Pixels a point.
    let scale: Double
    /// Rows of `width` native-endian premultiplied ARGB words, as cairo's ARGB32 format holds them.
    let pixels: [UInt8]
    /// True for an icon: only its shape (alpha) counts, filled with the label's colour when painted.
    let isTemplate: Bool

    /// `file` drawn fitted into `rect` (in points) at `scale` pixels a point, on the pixels `rect` covers; nil when
    /// it covers none.
    ///
    /// Throws `RenderError.cairo` when librsvg or cairo cannot draw it (librsvg's or cairo's own message), and
    /// `RenderError.notPNG` or `.tooLarge` when a PNG's pixels cannot be decoded (`field` names it).
    package static func drawing(_ file: GraphicFile, in rect: Rect, scale: Double, field: String) throws(RenderError) -> GraphicPicture? {
        let left = (rect.x * scale).rounded(.down)
        let top = (rect.y * scale).rounded(.down)
        let right = (rect.maxX * scale).rounded(.up)
        let bottom = (rect.maxY * scale).rounded(.up)
        guard left.isFinite, top.isFinite, right.isFinite, bottom.isFinite, right > left, bottom > top,
            abs(left) < 1e9, abs(top) < 1e9, right - left <= Double(SpecLimits.maximumPixelsPerSide),
            bottom - top <= Double(SpecLimits.maximumPixelsPerSide)
        else { return nil }
        let (width, height) = (Int(right - left), Int(bottom - top))
        let surface = try ImageSurface(width: width, height: height)
        let context = try CairoContext(surface: surface.pointer)
        cairo_translate(context.pointer, -left, -top)
        cairo_scale(context.pointer, scale, scale)
        switch file.kind {
        case .svg:
            try SVGDocument(bytes: file.bytes).draw(in: rect, on: context.pointer)
        case .png:
            let picture = try ImageSurface(pngBytes: file.bytes, path: field)
            cairo_translate(context.pointer, rect.x, rect.y)
            cairo_scale(context.pointer, rect.width / Double(picture.width), rect.height / Double(picture.height))
            cairo_set_source_surface(context.pointer, picture.pointer, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(context.pointer), CAIRO_FILTER_GOOD)
            cairo_paint(context.pointer)
        }
        try context.checkStatus("draw \(field)")
        cairo_surface_flush(surface.pointer)
        guard let data = cairo_image_surface_get_data(surface.pointer) else {
            throw RenderError.cairo(operation: "reach the pixels of \(field)", detail: "no pixel data")
        }
        let (stride, rowBytes) = (surface.stride, width * 4)
        let pixels = [UInt8](unsafeUninitializedCapacity: rowBytes * height) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            for row in 0..<height { (base + row * rowBytes).initialize(from: data + row * stride, count: rowBytes) }
            initialized = rowBytes * height
        }
        return GraphicPicture(
            x: Int(left), y: Int(top), width: width, height: height, scale: scale, pixels: pixels, isTemplate: file.isTemplate)
    }

    /// The bytes the pixels take.
    var byteCount: Int { pixels.count }
}
