import CPickerCairo
import FoundationEssentials
import PickerKit

/// One PNG with the frames in a grid, each labelled with its index and time, for reviewing an animation at a
/// glance in a pull request.
///
/// Frames are drawn at 1 pixel per point, smaller when the sheet would otherwise be wider than `maximumWidth` or
/// larger than the picture limits, so every spec that renders has a sheet; when there are more frames than
/// `maximumCells`, every n-th frame is shown, always including the last.
package struct ContactSheet {
    /// The grid's shape, the size of one cell and how much a frame is scaled down in it.
    package struct Geometry: Equatable, Sendable {
        package var columns: Int
        package var rows: Int
        package var cellWidth: Double
        package var cellHeight: Double
        /// Sheet pixels per point of the picker.
        package var thumbnailScale: Double
        package var pixelWidth: Int
        package var pixelHeight: Int
    }

    /// The drawer whose frames are shown.
    package let drawer: FrameDrawer
    /// The most frames shown.
    package var maximumCells = Self.defaultMaximumCells
    /// The sheet's widest extent in pixels.
    package var maximumWidth = Self.defaultMaximumWidth
    /// The most frames a sheet shows unless told otherwise.
    static let defaultMaximumCells = 240
    /// A sheet's widest extent in pixels unless told otherwise.
    static let defaultMaximumWidth = 2_400.0

    static let gap = 8.0
    static let captionHeight = 16.0
    static let captionFont = ResolvedFont(family: "DejaVu Sans Mono", size: 10, weight: 400)

    /// A sheet of `drawer`'s frames.
    package init(drawer: FrameDrawer) {
        self.drawer = drawer
    }

    /// The frame indexes shown, in order.
    package var shownFrames: [Int] {
        Self.shownFrames(frameCount: drawer.plan.timeline.frameCount, maximumCells: maximumCells)
    }

    static func shownFrames(frameCount count: Int, maximumCells: Int) -> [Int] {
        guard count > maximumCells else { return Array(0..<count) }
        let stride = Int((Double(count) / Double(maximumCells - 1)).rounded(.up))
        var frames = Array(Swift.stride(from: 0, to: count - 1, by: stride))
        frames.append(count - 1)
        return frames
    }

    /// The grid for `frames` frames of a `canvas` in points: about as wide as tall, within `maximumWidth` and the
    /// picture limits, thumbnails scaled down as far as needed.
    static func geometry(canvas: Size, frames: Int, maximumWidth: Double) -> Geometry {
        let width = max(canvas.width, 0)
        let height = max(canvas.height, 0)
        let frames = max(frames, 1)
        let maximumSide = Double(SpecLimits.maximumPixelsPerSide)
        let maximumPixels = Double(SpecLimits.maximumPixelsPerFrame)
        var scale = 1.0
        // Shrinking by a tenth at a time reaches any canvas the limits allow (at most 4096 × 4096 pt of lengths
        // around 64 labels) well within 200 steps; the bound keeps the loop finite whatever the input.
        for _ in 0..<200 {
            let cellWidth = width * scale + gap
            let cellHeight = height * scale + captionHeight + gap
            let fitting = max(1, Int(((maximumWidth - gap) / cellWidth).rounded(.down)))
            // Aim for a sheet about as wide as it is tall.
            let square = max(1, Int((Double(frames) * cellHeight / cellWidth).squareRoot().rounded(.up)))
            let columns = min(frames, fitting, square)
            let rows = (frames + columns - 1) / columns
            let sheetWidth = Double(columns) * cellWidth + gap
            let sheetHeight = Double(rows) * cellHeight + gap
            let fits =
                sheetWidth <= max(maximumWidth, 2 * gap + 1) && sheetHeight <= maximumSide && sheetWidth * sheetHeight <= maximumPixels
            if fits || scale < 1e-6 {
                return Geometry(
                    columns: columns, rows: rows, cellWidth: cellWidth, cellHeight: cellHeight, thumbnailScale: scale,
                    pixelWidth: Int(sheetWidth.rounded(.up)), pixelHeight: Int(min(sheetHeight, maximumSide).rounded(.up)))
            }
            scale *= 0.9
        }
        return Geometry(
            columns: 1, rows: frames, cellWidth: gap, cellHeight: captionHeight + gap, thumbnailScale: 0, pixelWidth: 17, pixelHeight: 1)
    }

    /// The grid's shape and the size of one frame in it.
    package var geometry: Geometry {
        Self.geometry(canvas: drawer.plan.layout.canvas, frames: shownFrames.count, maximumWidth: maximumWidth)
    }

    /// The sheet's PNG bytes.
    ///
    /// Throws `RenderError` when cairo fails.
    package func pngBytes() throws(RenderError) -> [UInt8] {
        try PNGEncoder().encode(image())
    }

    /// The sheet as a surface.
    func image() throws(RenderError) -> ImageSurface {
        let grid = geometry
        let sheet = try ImageSurface(width: grid.pixelWidth, height: grid.pixelHeight)
        let context = try CairoContext(surface: sheet.pointer)
        let cairo = context.pointer
        cairo_set_source_rgb(cairo, 0.93, 0.93, 0.95)
        cairo_paint(cairo)
        let text = try PangoText()
        let plan = drawer.plan
        let scale = plan.spec.output.scale
        for (position, index) in shownFrames.enumerated() {
            let x = Self.gap + Double(position % grid.columns) * grid.cellWidth
            let y = Self.gap + Double(position / grid.columns) * grid.cellHeight
            let frame = try drawer.surface(state: plan.timeline.state(forFrame: index))
            cairo_save(cairo)
            cairo_translate(cairo, x, y)
            cairo_scale(cairo, grid.thumbnailScale / scale, grid.thumbnailScale / scale)
            cairo_set_source_surface(cairo, frame.pointer, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cairo), CAIRO_FILTER_GOOD)
            cairo_paint(cairo)
            cairo_restore(cairo)
            let time = NumberText.fixed(plan.timeline.time(ofFrame: index), digits: 3) + " s"
            cairo_set_source_rgb(cairo, 0.35, 0.35, 0.38)
            text.draw(
                "#\(index)  \(time)", font: Self.captionFont, at: x, y + plan.layout.canvas.height * grid.thumbnailScale + 2, on: cairo)
        }
        try context.checkStatus("draw the contact sheet")
        cairo_surface_flush(sheet.pointer)
        return sheet
    }
}

extension RenderPlan {
    /// The pixels of this plan's contact sheet (`<name>-sheet.png`), from its grid alone: what the sheet's surface
    /// and its encoder hold grows with them, not with a frame's, so the memory budget counts them.
    package var contactSheetPixels: Int {
        let shown = ContactSheet.shownFrames(frameCount: timeline.frameCount, maximumCells: ContactSheet.defaultMaximumCells).count
        let grid = ContactSheet.geometry(canvas: layout.canvas, frames: shown, maximumWidth: ContactSheet.defaultMaximumWidth)
        return grid.pixelWidth * grid.pixelHeight
    }
}
