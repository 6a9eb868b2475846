import CPickerCairo
import PickerKit

/// Draws a blurred shadow of a rounded rect: the shape is filled into an alpha mask at `rasterScale` pixels per
/// point, blurred (`GaussianBlur`, standard deviation blur ÷ 2 as in CSS), and composited in the shadow's colour.
///
/// On an SVG surface the mask is embedded as a picture; on an image surface it lands on whole pixels.
enum ShadowPainter {
    /// How far a shadow reaches beyond its shape: three standard deviations.
    static func reach(of shadow: ResolvedShadow) -> Double { 1.5 * shadow.blur + 1 }

    /// The area `shadow` of `rect` may colour.
    static func bounds(of shadow: ResolvedShadow, around rect: Rect) -> Rect {
        Rect(x: rect.x + shadow.x, y: rect.y + shadow.y, width: rect.width, height: rect.height).outset(by: reach(of: shadow))
    }

    /// Draws `shadow` of the rounded rect `rect` (radius `radius`) with its colour's alpha times `opacity`.
    static func draw(
        _ shadow: ResolvedShadow, of rect: Rect, radius: Double, opacity: Double, on context: CairoContext, rasterScale: Double
    ) {
        guard shadow.color.alpha * opacity > 0, rect.width > 0, rect.height > 0 else { return }
        let area = bounds(of: shadow, around: rect)
        let width = Int((area.width * rasterScale).rounded(.up))
        let height = Int((area.height * rasterScale).rounded(.up))
        guard width > 0, height > 0, width <= SpecLimits.maximumPixelsPerSide, height <= SpecLimits.maximumPixelsPerSide,
            let mask = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height))
        else { return }
        defer { cairo_surface_destroy(mask) }
        guard cairo_surface_status(mask) == CAIRO_STATUS_SUCCESS, let shape = cairo_create(mask) else { return }
        cairo_scale(shape, rasterScale, rasterScale)
        cairo_translate(shape, -area.x, -area.y)
        let offsetRect = Rect(x: rect.x + shadow.x, y: rect.y + shadow.y, width: rect.width, height: rect.height)
        CairoContext.addRoundedRect(offsetRect, radius: radius, on: shape)
        cairo_set_source_rgba(shape, 0, 0, 0, 1)
        cairo_fill(shape)
        cairo_destroy(shape)
        cairo_surface_flush(mask)
        if let data = cairo_image_surface_get_data(mask) {
            GaussianBlur.blur(
                data, width: width, height: height, stride: Int(cairo_image_surface_get_stride(mask)), sigma: shadow.blur / 2 * rasterScale)
        }
        cairo_surface_mark_dirty(mask)
        let cairo = context.pointer
        // The mask is placed by its pattern's matrix, not by the current transformation: cairo 1.16's SVG surface
        // writes a mask without the transformation in force, so the shadow landed at the canvas's top-left corner
        // at the raster scale's size in SVG frames. The image surface gives the same pixels either way.
        guard let pattern = cairo_pattern_create_for_surface(mask) else { return }
        defer { cairo_pattern_destroy(pattern) }
        var matrix = cairo_matrix_t()
        cairo_matrix_init_scale(&matrix, rasterScale, rasterScale)
        cairo_matrix_translate(&matrix, -area.x, -area.y)
        cairo_pattern_set_matrix(pattern, &matrix)
        context.setSource(shadow.color.multiplyingAlpha(by: opacity))
        cairo_mask(cairo, pattern)
    }
}
