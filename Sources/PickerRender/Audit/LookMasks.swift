import CPickerCairo
import PickerKit

/// Where a segment's label and template icon put ink, in each look (regular, selected), as coverage 0…255 per pixel
/// of a box around the segment: the glyph masks the contrast audit measures under.
///
/// Drawn once a render with an opaque source, so a mask is the shapes' coverage alone, whatever the label's colour
/// or opacity (those are in the drawn pixels the audit reads).
struct LookMasks {
    /// The box's pixels: columns `x..<x + width`, rows `y..<y + height` of the frame.
    let x: Int
    let y: Int
    let width: Int
    let height: Int
    /// `label[look]`, `icon[look]`: the box's inked pixels, look 0 regular, 1 selected (empty for no label or icon).
    let label: [Coverage]
    let icon: [Coverage]
    /// Whether each look's label is large-scale text (`WCAGContrast.isLargeText`).
    let isLarge: [Bool]

    /// The masks of `segment` (item `index`) drawn with `painter` at `scale` pixels a point on `surface` (canvas-sized,
    /// cleared here).
    init(segment: PickerLayout.Segment, index: Int, painter: PickerPainter, scale: Double, surface: ImageSurface) {
        let style = painter.style
        var area = segment.frame.union(segment.labelFrame)
        if let icon = segment.graphicFrame { area = area.union(icon) }
        area = area.outset(by: max(style.font.size, style.selectedFont.size, 2) / 2)
        let left = max(0, min(surface.width, Int((area.x * scale).rounded(.down))))
        let top = max(0, min(surface.height, Int((area.y * scale).rounded(.down))))
        let right = max(left, min(surface.width, Int((area.maxX * scale).rounded(.up))))
        let bottom = max(top, min(surface.height, Int((area.maxY * scale).rounded(.up))))
        (x, y, width, height) = (left, top, right - left, bottom - top)
        let graphic = painter.graphics.indices.contains(index) ? painter.graphics[index] : nil
        var labels: [Coverage] = []
        var icons: [Coverage] = []
        let text = segment.item.displayedLabel
        let template = graphic.flatMap { $0.isTemplate ? $0 : nil }
        for selected in [false, true] {
            labels.append(
                text.isEmpty
                    ? Coverage()
                    : Self.coverage(on: surface, x: left, y: top, width: right - left, height: bottom - top, scale: scale) { cairo in
                        cairo_set_source_rgba(cairo, 1, 1, 1, 1)
                        let origin = selected ? segment.selectedLabelOrigin : segment.labelOrigin
                        painter.text.draw(text, font: selected ? style.selectedFont : style.font, at: origin.x, origin.y, on: cairo)
                    })
            icons.append(
                template.map { graphic in
                    Self.coverage(on: surface, x: left, y: top, width: right - left, height: bottom - top, scale: scale) { cairo in
                        graphic.draw(tint: RGBAColor(red: 1, green: 1, blue: 1), on: cairo)
                    }
                } ?? Coverage())
        }
        label = labels
        icon = icons
        isLarge = [style.font, style.selectedFont].map { WCAGContrast.isLargeText(size: $0.size, weight: $0.weight) }
    }

    /// One look's ink in the box: the pixels of coverage above 0, each with its coverage 0…255.
    ///
    /// `indices` are places in the box, row by row (`row × width + column`), in increasing order.
    /// Sparse so that what the audit keeps and sweeps follows the ink drawn, not the box: a box widened by half the
    /// font size around a narrow segment is most of the canvas, and a segment with no label or icon costs nothing.
    struct Coverage {
        var indices: [Int] = []
        var values: [UInt8] = []
    }

    /// The alpha `draw` leaves in the box, on `surface` cleared first (in the box: the drawing is clipped to it).
    private static func coverage(
        on surface: ImageSurface, x: Int, y: Int, width: Int, height: Int, scale: Double, _ draw: (OpaquePointer) -> Void
    ) -> Coverage {
        guard width > 0, height > 0, let cairo = cairo_create(surface.pointer) else { return Coverage() }
        defer { cairo_destroy(cairo) }
        // Only the box is cleared and drawn (a pixel-aligned clip): a narrow segment's glyphs cost their box, not the canvas.
        cairo_rectangle(cairo, Double(x), Double(y), Double(width), Double(height))
        cairo_clip(cairo)
        cairo_set_operator(cairo, CAIRO_OPERATOR_CLEAR)
        cairo_paint(cairo)
        cairo_set_operator(cairo, CAIRO_OPERATOR_OVER)
        cairo_scale(cairo, scale, scale)
        draw(cairo)
        cairo_surface_flush(surface.pointer)
        guard let data = cairo_image_surface_get_data(surface.pointer) else { return Coverage() }
        let stride = surface.stride
        var coverage = Coverage()
        for row in 0..<height {
            let line = data + (y + row) * stride + x * 4
            // ARGB32 in native (little-endian) order: alpha is the fourth byte of each pixel.
            for column in 0..<width where line[column * 4 + 3] > 0 {
                coverage.indices.append(row * width + column)
                coverage.values.append(line[column * 4 + 3])
            }
        }
        return coverage
    }
}
