import CPickerCairo
import FoundationEssentials
import Glibc
import PickerKit

/// Draws the frames of one plan with Cairo as pixels, PNG or SVG, reusing what does not change.
///
/// The static layer (the frame with nothing selected: background, track, separators, labels) is drawn once; each
/// frame copies it and redraws only the rectangle where the frame differs from it (`PickerPainter.changedArea`),
/// which gives the same pixels as drawing the frame from scratch (`referenceImage`).
/// Owns its Cairo and Pango objects: one thread at a time (the `Renderer` keeps a pool, one per thread).
package final class FrameDrawer {
    /// What is drawn.
    package let plan: RenderPlan
    private let text: PangoText
    private let painter: PickerPainter
    private let vectorPainter: PickerPainter
    private let staticSurface: ImageSurface
    private let frameSurface: ImageSurface
    private let frameContext: CairoContext
    private let pngEncoder: PNGEncoder
    /// The rows the last `surface(state:)` redrew; every other row of the frame is the static layer's.
    private var redrawnRows: Range<Int> = 0..<0
    /// The columns it redrew in those rows.
    private var redrawnColumns: Range<Int> = 0..<0
    /// False until the frame surface first holds the static layer (it starts transparent).
    private var frameHoldsStaticLayer = false
    /// The static layer as drawn and prepared for encoding, which never changes: for other drawers of the same plan
    /// to share (`init(plan:text:pngCompression:sharing:)`) from other threads.
    package let staticLayer: StaticLayer

    /// Prepares to draw `spec`: validates and plans it with its own Pango objects, and draws the static layer.
    ///
    /// Throws `SpecError` for a spec that is not valid or exceeds `SpecLimits`, and `RenderError` when cairo,
    /// Pango or libdeflate cannot be set up.
    package convenience init(spec: PickerSpec, file: String? = nil, pngCompression: PNGCompression = .standard) throws {
        try spec.validate(file: file)
        let text = try RenderPlan.text(for: spec, file: file)
        let plan = try RenderPlan(validated: spec, file: file, measuringWith: text)
        try self.init(plan: plan, text: text, pngCompression: pngCompression)
    }

    /// Prepares to draw `plan` with `text` (which measured it, or measures the same) and draws the static layer, or
    /// takes the one `shared` holds (another drawer's of the same plan and compression: `staticLayer`), which then
    /// is neither drawn nor compressed again.
    ///
    /// `drawingLooks` false leaves out the labels and template icons (what lies beneath them, for the contrast audit);
    /// such a drawer shares no static layer.
    ///
    /// Throws `RenderError` when cairo or libdeflate cannot be set up, or an icon no longer parses.
    package init(
        plan: RenderPlan, text: PangoText, pngCompression: PNGCompression = .standard, sharing given: StaticLayer? = nil,
        drawingLooks: Bool = true
    ) throws(RenderError) {
        let shared = drawingLooks ? given : nil
        self.plan = plan
        self.text = text
        pngEncoder = try PNGEncoder(compression: pngCompression)
        func loaded(scale: Double) throws(RenderError) -> [LoadedGraphic?] {
            var graphics: [LoadedGraphic?] = []
            for picture in try plan.pictures.pictures(scale: scale) {
                graphics.append(try picture.map { picture throws(RenderError) in try LoadedGraphic(picture) })
            }
            return graphics
        }
        let scale = plan.spec.output.scale
        let graphics = try loaded(scale: scale)
        var painter = PickerPainter(style: plan.style, layout: plan.layout, text: text, graphics: graphics, rasterScale: scale)
        painter.drawsLooks = drawingLooks
        self.painter = painter
        // SVG frames embed shadow masks, icons and images as pictures: at least 2 pixels a point, so they stay sharp
        // on a retina screen, and an icon's SVG costs its picture's bytes whatever librsvg expands it to.
        let svgScale = RenderPlan.svgFrameScale(scale)
        vectorPainter = PickerPainter(
            style: plan.style, layout: plan.layout, text: text, graphics: svgScale == scale ? graphics : try loaded(scale: svgScale),
            rasterScale: svgScale)
        if let shared, shared.compression == pngCompression, shared.surface.width == plan.pixelWidth,
            shared.surface.height == plan.pixelHeight
        {
            staticSurface = shared.surface
            if let encoding = shared.encoding { try pngEncoder.useStaticLayer(encoding) }
        } else {
            staticSurface = try ImageSurface(width: plan.pixelWidth, height: plan.pixelHeight)
            let staticContext = try CairoContext(surface: staticSurface.pointer)
            cairo_scale(staticContext.pointer, plan.spec.output.scale, plan.spec.output.scale)
            painter.draw(FrameState(highlight: nil), on: staticContext)
            try staticContext.checkStatus("draw the labels")
            cairo_surface_flush(staticSurface.pointer)
            try pngEncoder.useStaticLayer(staticSurface)
        }
        staticLayer = StaticLayer(
            surface: staticSurface, encoding: pngEncoder.staticLayerEncoding, compression: pngCompression)
        frameSurface = try ImageSurface(width: plan.pixelWidth, height: plan.pixelHeight)
        frameContext = try CairoContext(surface: frameSurface.pointer)
    }

    /// Draws the frame showing `state` into the reusable frame surface, valid until the next frame is drawn.
    package func surface(state: FrameState) throws(RenderError) -> ImageSurface {
        cairo_surface_flush(frameSurface.pointer)
        guard let source = cairo_image_surface_get_data(staticSurface.pointer),
            let target = cairo_image_surface_get_data(frameSurface.pointer)
        else { throw RenderError.cairo(operation: "reach the frame's pixels", detail: "no pixel data") }
        let (pixelWidth, pixelHeight) = (plan.pixelWidth, plan.pixelHeight)
        // The frame surface is the static layer but for the rows the last frame redrew: only those are restored.
        let stride = staticSurface.stride
        if frameHoldsStaticLayer {
            let (start, count) = (redrawnColumns.lowerBound * 4, redrawnColumns.count * 4)
            for y in redrawnRows { (target + y * stride + start).update(from: source + y * stride + start, count: count) }
        } else {
            target.update(from: source, count: stride * pixelHeight)
        }
        frameHoldsStaticLayer = true
        cairo_surface_mark_dirty(frameSurface.pointer)
        redrawnRows = 0..<0
        redrawnColumns = 0..<0
        guard let area = painter.changedArea(in: state) else { return frameSurface }
        let cairo = frameContext.pointer
        cairo_save(cairo)
        let scale = plan.spec.output.scale
        // Clip to whole pixels around what changed, so that every pixel inside is redrawn exactly as a full
        // render would draw it, and every pixel outside is the static layer, which a full render also leaves.
        let left = max(0, floor(area.x * scale) - 1)
        let top = max(0, floor(area.y * scale) - 1)
        let right = min(Double(pixelWidth), ceil(area.maxX * scale) + 1)
        let bottom = min(Double(pixelHeight), ceil(area.maxY * scale) + 1)
        cairo_rectangle(cairo, left, top, max(0, right - left), max(0, bottom - top))
        // Whole rows inside the canvas; a value that is not finite marks every row, to be safe.
        let firstRow = top.isFinite ? Int(min(max(top, 0), Double(pixelHeight))) : 0
        let endRow = bottom.isFinite ? Int(min(max(bottom, 0), Double(pixelHeight))) : pixelHeight
        redrawnRows = top.isFinite && bottom.isFinite ? firstRow..<max(firstRow, endRow) : 0..<pixelHeight
        let firstColumn = left.isFinite ? Int(min(max(left, 0), Double(pixelWidth))) : 0
        let endColumn = right.isFinite ? Int(min(max(right, 0), Double(pixelWidth))) : pixelWidth
        redrawnColumns = left.isFinite && right.isFinite ? firstColumn..<max(firstColumn, endColumn) : 0..<pixelWidth
        cairo_clip(cairo)
        cairo_scale(cairo, scale, scale)
        if painter.showsOnlyTheHighlightOverTheStaticLayer(state) {
            // The surface holds the static layer, which is what a redraw would paint under the highlight.
            if let highlight = state.highlight { painter.drawHighlight(highlight, on: frameContext) }
        } else {
            // What lies outside the clip is not drawn at all; a pixel's worth of margin covers glyphs' overhang.
            let clip = Rect(x: left / scale, y: top / scale, width: (right - left) / scale, height: (bottom - top) / scale)
            painter.draw(state, on: frameContext, within: clip.outset(by: 1 / scale))
        }
        cairo_restore(cairo)
        try frameContext.checkStatus("draw a frame")
        cairo_surface_flush(frameSurface.pointer)
        return frameSurface
    }

    /// True when the frame showing `state` is drawn as the static layer with the highlight drawn over it, no label
    /// redrawn (`PickerPainter.showsOnlyTheHighlightOverTheStaticLayer`).
    func drawsOnlyTheHighlight(in state: FrameState) -> Bool {
        painter.showsOnlyTheHighlightOverTheStaticLayer(state)
    }

    /// The frame showing `state`, drawn from scratch with no reuse: the reference the fast path must match.
    package func referenceImage(state: FrameState) throws(RenderError) -> RGBAImage {
        let surface = try ImageSurface(width: plan.pixelWidth, height: plan.pixelHeight)
        let context = try CairoContext(surface: surface.pointer)
        cairo_scale(context.pointer, plan.spec.output.scale, plan.spec.output.scale)
        painter.draw(state, on: context)
        try context.checkStatus("draw a frame")
        return surface.rgbaImage()
    }

    /// The pixels of the frame showing `state`.
    package func image(state: FrameState) throws(RenderError) -> RGBAImage {
        try surface(state: state).rgbaImage()
    }

    /// The PNG of the frame showing `state`, written by the drawer's `PNGEncoder`.
    package func png(state: FrameState) throws(RenderError) -> [UInt8] {
        let surface = try surface(state: state)
        return try pngEncoder.encode(surface, changedRows: redrawnRows, columns: redrawnColumns)
    }

    /// How this drawer compresses its PNG frames.
    package var pngCompression: PNGCompression { pngEncoder.compression }

    /// Whether PNG frames reuse the static layer's LZ77 tokens around the changed rectangle (the default) or
    /// compress the changed bands with zlib: the plain path tests compare the fast one with.
    package var reusesStaticTokens: Bool {
        get { pngEncoder.reusesStaticTokens }
        set { pngEncoder.reusesStaticTokens = newValue }
    }

    /// The SVG of the frame showing `state`: vector shapes, labels as glyph outlines, one point one CSS pixel (shadows,
    /// icons and images are pictures at `RenderPlan.svgFrameScale` pixels a point).
    package func svg(state: FrameState) throws(RenderError) -> [UInt8] {
        try svgDocument { context in vectorPainter.draw(state, on: context) }
    }

    /// An SVG of the canvas with whatever `draw` puts on it, in CSS pixels (cairo writes points, which browsers
    /// show 4/3 as large; `SVGNormalizer` rewrites the size).
    func svgDocument(_ draw: (CairoContext) -> Void) throws(RenderError) -> [UInt8] {
        let sink = ByteSink()
        let canvas = plan.layout.canvas
        let bytes: [UInt8] = try withExtendedLifetime(sink) { () throws(RenderError) -> [UInt8] in
            guard
                let surface = cairo_svg_surface_create_for_stream(
                    ByteSink.write, Unmanaged.passUnretained(sink).toOpaque(), canvas.width, canvas.height)
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

    /// The painter of SVG output, for the animated SVG's parts.
    var svgPainter: PickerPainter { vectorPainter }

    /// The painter of the PNG frames, for the Lottie writer's labels and pictures (drawn at the frames' scale).
    var rasterPainter: PickerPainter { painter }
}

/// A drawer's static layer (the frame with nothing selected) and its encoding, neither of which changes once made:
/// shared by the drawers of one plan, on any threads, so that it is drawn, tokenized and compressed once a render.
package struct StaticLayer: @unchecked Sendable {
    // @unchecked: the surface is only read once drawn (its pixels copied into each frame); the encoding's parts are
    // thread-safe.
    let surface: ImageSurface
    let encoding: StaticLayerEncoding?
    let compression: PNGCompression
}
