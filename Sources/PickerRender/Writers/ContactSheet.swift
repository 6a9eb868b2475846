import CPickerCairo
import Foundation
import PickerKit

/// One PNG with the frames in a grid, each labelled with its index and time, for reviewing an animation at a
/// glance in a pull request.
///
/// Frames are drawn at 1 pixel per point (smaller when that would make the sheet too large); when there are
/// more frames than `maximumCells`, every n-th frame is shown, always including the last.
public struct ContactSheet {
    /// The renderer whose frames are shown.
    public let renderer: FrameRenderer
    /// The most frames shown.
    public var maximumCells = 240
    /// The sheet's widest extent in pixels.
    public var maximumWidth = 2_400.0

    private static let gap = 8.0
    private static let captionHeight = 16.0
    private static let captionFont = FontSpec(family: "DejaVu Sans Mono", size: 10, weight: 400)

    /// Creates a sheet of `renderer`'s frames.
    public init(renderer: FrameRenderer) {
        self.renderer = renderer
    }

    /// The frame indexes shown, in order.
    public var shownFrames: [Int] {
        let count = renderer.timeline.frameCount
        guard count > maximumCells else { return Array(0..<count) }
        let stride = Int((Double(count) / Double(maximumCells - 1)).rounded(.up))
        var frames = Array(Swift.stride(from: 0, to: count - 1, by: stride))
        frames.append(count - 1)
        return frames
    }

    /// The grid's shape and the size of one frame in it.
    public var geometry: (columns: Int, rows: Int, cellWidth: Double, cellHeight: Double, thumbnailScale: Double) {
        let canvas = renderer.layout.canvas
        let frames = shownFrames.count
        // Aim for a sheet about as wide as it is tall, within the width limit.
        var columns = max(1, Int((Double(frames) * (canvas.height + Self.captionHeight) / canvas.width).squareRoot().rounded(.up)))
        var thumbnailScale = 1.0
        while columns > 1 && Double(columns) * (canvas.width + Self.gap) > maximumWidth { columns -= 1 }
        if canvas.width + 2 * Self.gap > maximumWidth { thumbnailScale = (maximumWidth - 2 * Self.gap) / canvas.width }
        let rows = (frames + columns - 1) / columns
        return (
            columns, rows, canvas.width * thumbnailScale + Self.gap, canvas.height * thumbnailScale + Self.captionHeight + Self.gap,
            thumbnailScale
        )
    }

    /// The sheet's PNG bytes.
    ///
    /// Throws `RenderError` when cairo fails or the sheet would exceed the picture limits.
    public func pngBytes() throws(RenderError) -> [UInt8] {
        try PNGEncoder().encode(image())
    }

    /// The sheet as a surface.
    func image() throws(RenderError) -> ImageSurface {
        let (columns, rows, cellWidth, cellHeight, thumbnailScale) = geometry
        let width = Int((Double(columns) * cellWidth + Self.gap).rounded(.up))
        let height = Int((Double(rows) * cellHeight + Self.gap).rounded(.up))
        let sheet = try ImageSurface(width: width, height: height)
        let context = try CairoContext(surface: sheet.pointer)
        let cairo = context.pointer
        cairo_set_source_rgb(cairo, 0.93, 0.93, 0.95)
        cairo_paint(cairo)
        let text = try PangoText()
        let scale = renderer.spec.output.scale
        for (position, index) in shownFrames.enumerated() {
            let x = Self.gap + Double(position % columns) * cellWidth
            let y = Self.gap + Double(position / columns) * cellHeight
            let frame = try renderer.frameSurface(forFrame: index)
            cairo_save(cairo)
            cairo_translate(cairo, x, y)
            cairo_scale(cairo, thumbnailScale / scale, thumbnailScale / scale)
            cairo_set_source_surface(cairo, frame.pointer, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cairo), CAIRO_FILTER_GOOD)
            cairo_paint(cairo)
            cairo_restore(cairo)
            let time = String(format: "%.3f s", renderer.timeline.time(ofFrame: index))
            cairo_set_source_rgb(cairo, 0.35, 0.35, 0.38)
            text.draw(
                "#\(index)  \(time)", font: Self.captionFont, at: x, y + renderer.layout.canvas.height * thumbnailScale + 2, on: cairo)
        }
        try context.checkStatus("draw the contact sheet")
        cairo_surface_flush(sheet.pointer)
        return sheet
    }
}
