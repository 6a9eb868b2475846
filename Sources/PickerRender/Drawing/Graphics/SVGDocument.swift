import CPickerCairo
import CPickerRSVG
import PickerKit
import PickerSystem

/// Owns one librsvg handle: an SVG document loaded from memory, which draws as vectors into a cairo context.
///
/// Not thread-safe: each use loads its own from the file's bytes.
package final class SVGDocument {
    private let handle: RSVGHandle
    private let rsvg: picker_rsvg
    /// Width over height: from the document's width and height, or its viewBox; 1 when it has neither.
    package let aspectRatio: Double

    /// Parses `bytes`; throws `RenderError.librsvg` with librsvg's message when they are not SVG, or
    /// when librsvg cannot be opened (it is opened for the first document, not at start-up).
    package init(bytes: [UInt8]) throws(RenderError) {
        if let refusal = SVGFilterLimits.refusal(of: bytes) {
            throw RenderError.librsvg(operation: "use the SVG", detail: refusal)
        }
        let rsvg = try Self.library()
        self.rsvg = rsvg
        var error: UnsafeMutablePointer<picker_rsvg_error>?
        let loaded = bytes.withUnsafeBufferPointer { buffer in
            rsvg.rsvg_handle_new_from_data(buffer.baseAddress, buffer.count, &error)
        }
        guard let loaded else {
            let message = error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "not an SVG document"
            if let error { rsvg.g_error_free(error) }
            throw RenderError.librsvg(operation: "read the SVG", detail: message)
        }
        // Owned from here on, so that a throw below releases it once (it was released here and again by `deinit`).
        handle = RSVGHandle(loaded, library: rsvg)
        var width = 0.0
        var height = 0.0
        if rsvg.rsvg_handle_get_intrinsic_size_in_pixels(loaded, &width, &height) != 0, width > 0, height > 0, width.isFinite,
            height.isFinite
        {
            aspectRatio = width / height
        } else {
            var hasWidth: Int32 = 0
            var hasHeight: Int32 = 0
            var hasViewBox: Int32 = 0
            var widthLength = picker_rsvg_length()
            var heightLength = picker_rsvg_length()
            var viewBox = picker_rsvg_rectangle()
            rsvg.rsvg_handle_get_intrinsic_dimensions(loaded, &hasWidth, &widthLength, &hasHeight, &heightLength, &hasViewBox, &viewBox)
            let ratio = viewBox.width / viewBox.height
            aspectRatio = hasViewBox != 0 && ratio.isFinite && ratio > 0 ? ratio : 1
        }
        guard (1e-3...1e3).contains(aspectRatio) else {
            throw RenderError.librsvg(
                operation: "use the SVG", detail: "its width is \(aspectRatio) times its height; at most 1000 times either way")
        }
    }

    /// librsvg's functions, opened on first use and kept for the life of the process.
    private static let loaded = FunctionTable<picker_rsvg>.load { picker_rsvg_load($0, $1, $2) }

    private static func library() throws(RenderError) -> picker_rsvg {
        switch loaded {
        case .success(let table): return table.pointer.pointee
        case .failure(let failure):
            throw RenderError.librsvg(operation: "be opened", detail: "\(failure.reason); install librsvg (Debian: librsvg2-2)")
        }
    }

    /// Draws the document fitted into `rect` (in the context's user space), as vectors, in its own colours.
    ///
    /// Throws `RenderError.invalidOption` with librsvg's message when librsvg gives up (a document that references more
    /// elements than librsvg draws, for one), or with cairo's when the context is left in an error.
    package func draw(in rect: Rect, on cairo: OpaquePointer) throws(RenderError) {
        var viewport = picker_rsvg_rectangle(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
        var error: UnsafeMutablePointer<picker_rsvg_error>?
        let drawn = rsvg.rsvg_handle_render_document(handle.pointer, cairo, &viewport, &error)
        let message = error.flatMap { $0.pointee.message.map { String(cString: $0) } }
        if let error { rsvg.g_error_free(error) }
        guard drawn != 0 else { throw RenderError.invalidOption("librsvg: \(message ?? "it stopped drawing")") }
        try checkCairo(cairo_status(cairo), "draw the SVG")
    }
}
