import CPickerCairo
import Foundation
import PickerKit

/// Renders the frames of one spec: lays it out with Pango, builds its timeline, and draws each frame with
/// Cairo as PNG, SVG, or plain pixels.
///
/// The static layer (background and labels) is drawn once; each frame copies it and redraws only the
/// rectangle the highlight touches, which gives the same pixels as drawing the frame from scratch.
/// Not thread-safe: each thread that renders needs its own renderer.
public final class FrameRenderer {
    /// The spec being rendered.
    public let spec: PickerSpec
    /// Where the segments are, in points.
    public let layout: PickerLayout
    /// Where the highlight is at each moment.
    public let timeline: Timeline
    /// The picture's width in pixels.
    public let pixelWidth: Int
    /// The picture's height in pixels.
    public let pixelHeight: Int
    /// Things the user should know that do not stop the render, such as a font family that is not installed.
    public let warnings: [String]

    private let text: PangoText
    private let painter: PickerPainter
    private let staticLayer: ImageSurface
    private let frameSurface: ImageSurface
    private let frameContext: CairoContext
    private let pngEncoder: PNGEncoder
    /// The rows the last `drawFrame` redrew; every other row of the frame is the static layer's.
    private var redrawnRows: Range<Int> = 0..<0

    /// Prepares to render `spec`, with PNG frames compressed as `pngCompression` says.
    ///
    /// Measures the labels, lays the picker out, builds its timeline, checks the limits, and draws the static
    /// layer. Throws `SpecError` (as `RenderSetupError.spec`) when the canvas or the frame count exceed `SpecLimits`,
    /// and `RenderError` when cairo fails.
    public init(spec: PickerSpec, file: String? = nil, pngCompression: PNGCompression = .standard) throws(RenderSetupError) {
        do {
            pngEncoder = try PNGEncoder(compression: pngCompression)
            text = try PangoText()
            let plan = try RenderPlan(spec: spec, file: file, measuringWith: text)
            self.spec = spec
            layout = plan.layout
            timeline = plan.timeline
            (pixelWidth, pixelHeight) = (plan.pixelWidth, plan.pixelHeight)
            warnings = plan.warnings
            painter = PickerPainter(spec: spec, layout: layout, text: text)
            staticLayer = try ImageSurface(width: pixelWidth, height: pixelHeight)
            let staticContext = try CairoContext(surface: staticLayer.pointer)
            cairo_scale(staticContext.pointer, spec.output.scale, spec.output.scale)
            painter.paintBackground(on: staticContext)
            painter.drawLabels(on: staticContext)
            try staticContext.checkStatus("draw the labels")
            cairo_surface_flush(staticLayer.pointer)
            frameSurface = try ImageSurface(width: pixelWidth, height: pixelHeight)
            frameContext = try CairoContext(surface: frameSurface.pointer)
        } catch let error as RenderSetupError {
            throw error
        } catch let error as RenderError {
            throw RenderSetupError.render(error)
        } catch {
            throw RenderSetupError.render(.cairo(operation: "prepare the render", detail: "\(error)"))
        }
    }

    /// Draws the frame showing `highlight` into the reusable frame surface.
    private func drawFrame(highlight: Highlight?) throws(RenderError) -> ImageSurface {
        cairo_surface_flush(frameSurface.pointer)
        guard let source = cairo_image_surface_get_data(staticLayer.pointer),
            let target = cairo_image_surface_get_data(frameSurface.pointer)
        else { throw RenderError.cairo(operation: "reach the frame's pixels", detail: "no pixel data") }
        target.update(from: source, count: staticLayer.stride * pixelHeight)
        cairo_surface_mark_dirty(frameSurface.pointer)
        redrawnRows = 0..<0
        guard let highlight else { return frameSurface }
        let cairo = frameContext.pointer
        cairo_save(cairo)
        let scale = spec.output.scale
        // Clip to whole pixels around the highlight so that every pixel inside is redrawn exactly as a full
        // render would draw it, and every pixel outside is the static layer, which a full render also leaves.
        let left = max(0, floor(highlight.rect.x * scale) - 1)
        let top = max(0, floor(highlight.rect.y * scale) - 1)
        let right = min(Double(pixelWidth), ceil(highlight.rect.maxX * scale) + 1)
        let bottom = min(Double(pixelHeight), ceil(highlight.rect.maxY * scale) + 1)
        cairo_rectangle(cairo, left, top, max(0, right - left), max(0, bottom - top))
        // Whole rows inside the canvas; a value that is not finite marks every row, to be safe.
        let firstRow = top.isFinite ? Int(min(max(top, 0), Double(pixelHeight))) : 0
        let endRow = bottom.isFinite ? Int(min(max(bottom, 0), Double(pixelHeight))) : pixelHeight
        redrawnRows = top.isFinite && bottom.isFinite ? firstRow..<max(firstRow, endRow) : 0..<pixelHeight
        cairo_clip(cairo)
        cairo_scale(cairo, scale, scale)
        if spec.style.highlight.layer == .background {
            painter.paintBackground(on: frameContext)
            painter.drawHighlight(highlight, on: frameContext)
            painter.drawLabels(on: frameContext)
        } else {
            painter.drawHighlight(highlight, on: frameContext)
        }
        cairo_restore(cairo)
        try frameContext.checkStatus("draw a frame")
        cairo_surface_flush(frameSurface.pointer)
        return frameSurface
    }

    /// The frame showing `highlight`, drawn from scratch with no reuse: the reference the fast path must match.
    public func referenceImage(highlight: Highlight?) throws(RenderError) -> RGBAImage {
        let surface = try ImageSurface(width: pixelWidth, height: pixelHeight)
        let context = try CairoContext(surface: surface.pointer)
        cairo_scale(context.pointer, spec.output.scale, spec.output.scale)
        painter.drawFrame(highlight: highlight, on: context)
        try context.checkStatus("draw a frame")
        return surface.rgbaImage()
    }

    /// Frame `index` drawn into the renderer's reusable surface, valid until the next frame is drawn.
    func frameSurface(forFrame index: Int) throws(RenderError) -> ImageSurface {
        try drawFrame(highlight: timeline.highlight(forFrame: index))
    }

    /// The pixels of frame `index`.
    public func image(forFrame index: Int) throws(RenderError) -> RGBAImage {
        try drawFrame(highlight: timeline.highlight(forFrame: index)).rgbaImage()
    }

    /// The pixels at `time` seconds.
    public func image(at time: Double) throws(RenderError) -> RGBAImage {
        try drawFrame(highlight: timeline.highlight(at: time)).rgbaImage()
    }

    /// The PNG of the frame showing `highlight`, written by the renderer's `PNGEncoder`.
    public func pngBytes(highlight: Highlight?) throws(RenderError) -> [UInt8] {
        let surface = try drawFrame(highlight: highlight)
        return try pngEncoder.encode(surface, changedRows: redrawnRows)
    }

    /// How this renderer compresses its PNG frames.
    public var pngCompression: PNGCompression { pngEncoder.compression }

    /// The SVG of the frame showing `highlight`: vector shapes in points, labels as glyph outlines.
    public func svgBytes(highlight: Highlight?) throws(RenderError) -> [UInt8] {
        try svgDocument { context in painter.drawFrame(highlight: highlight, on: context) }
    }

    /// An SVG holding only the labels, on nothing, for the animated SVG to place its highlight around.
    func labelsSVGBytes() throws(RenderError) -> [UInt8] {
        try svgDocument { context in painter.drawLabels(on: context) }
    }

    /// An SVG of the canvas with whatever `draw` puts on it.
    private func svgDocument(_ draw: (CairoContext) -> Void) throws(RenderError) -> [UInt8] {
        let sink = ByteSink()
        let bytes: [UInt8] = try withExtendedLifetime(sink) { () throws(RenderError) -> [UInt8] in
            guard
                let surface = cairo_svg_surface_create_for_stream(
                    ByteSink.write, Unmanaged.passUnretained(sink).toOpaque(), layout.canvas.width, layout.canvas.height)
            else { throw RenderError.cairo(operation: "create an SVG surface", detail: "no surface") }
            defer { cairo_surface_destroy(surface) }
            try checkCairo(cairo_surface_status(surface), "create an SVG surface")
            cairo_svg_surface_restrict_to_version(surface, CAIRO_SVG_VERSION_1_1)
            do {
                let context = try CairoContext(surface: surface)
                draw(context)
                try context.checkStatus("draw an SVG frame")
            }
            cairo_surface_finish(surface)
            try checkCairo(cairo_surface_status(surface), "write an SVG frame")
            return SVGNormalizer.normalize(sink.bytes)
        }
        return bytes
    }
}

/// Why a renderer could not be prepared: the spec exceeds a limit, or cairo failed.
public enum RenderSetupError: Error, Sendable, CustomStringConvertible {
    /// The spec is valid JSON but its canvas or frame count is beyond `SpecLimits`.
    case spec(SpecError)
    /// Cairo or Pango failed.
    case render(RenderError)

    /// The message for the user.
    public var description: String {
        switch self {
        case .spec(let error): return error.description
        case .render(let error): return error.description
        }
    }
}
