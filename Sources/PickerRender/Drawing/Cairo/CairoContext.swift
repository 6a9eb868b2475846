import CPickerCairo
import PickerKit

/// Owns one cairo drawing context and releases it.
///
/// Not thread-safe: keep each context on the thread that uses it.
final class CairoContext {
    let pointer: OpaquePointer

    /// A context drawing on `surface`.
    init(surface: OpaquePointer) throws(RenderError) {
        guard let cairo = cairo_create(surface) else {
            throw RenderError.cairo(operation: "create a drawing context", detail: "no context")
        }
        let status = cairo_status(cairo)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_destroy(cairo)
            try checkCairo(status, "create a drawing context")
            throw RenderError.cairo(operation: "create a drawing context", detail: "unknown failure")
        }
        pointer = cairo
    }

    deinit {
        cairo_destroy(pointer)
    }

    /// Throws if any drawing so far failed (cairo records the first error and ignores later calls).
    func checkStatus(_ operation: String) throws(RenderError) {
        try checkCairo(cairo_status(pointer), operation)
    }

    func setSource(_ color: RGBAColor) {
        cairo_set_source_rgba(pointer, color.red, color.green, color.blue, color.alpha)
    }

    /// Adds a rounded rectangle path; `radius` must already be clamped to half the shorter side.
    func addRoundedRect(_ rect: Rect, radius: Double) {
        Self.addRoundedRect(rect, radius: radius, on: pointer)
    }

    /// Adds a rounded rectangle path to `cairo`; `radius` must already be clamped to half the shorter side.
    static func addRoundedRect(_ rect: Rect, radius: Double, on cairo: OpaquePointer) {
        guard radius > 0 else {
            cairo_rectangle(cairo, rect.x, rect.y, rect.width, rect.height)
            return
        }
        let degrees = Double.pi / 180
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, rect.maxX - radius, rect.y + radius, radius, -90 * degrees, 0)
        cairo_arc(cairo, rect.maxX - radius, rect.maxY - radius, radius, 0, 90 * degrees)
        cairo_arc(cairo, rect.x + radius, rect.maxY - radius, radius, 90 * degrees, 180 * degrees)
        cairo_arc(cairo, rect.x + radius, rect.y + radius, radius, 180 * degrees, 270 * degrees)
        cairo_close_path(cairo)
    }
}
