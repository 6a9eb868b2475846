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
    /// `label[look]`, `icon[look]`: width × height coverages, look 0 regular, 1 selected.
    let label: [[UInt8]]
    let icon: [[UInt8]]
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
        var labels: [[UInt8]] = []
        var icons: [[UInt8]] = []
        for selected in [false, true] {
            let label = segment.item.displayedLabel
            labels.append(
                Self.coverage(on: surface, x: left, y: top, width: right - left, height: bottom - top, scale: scale) { cairo in
                    guard !label.isEmpty else { return }
                    cairo_set_source_rgba(cairo, 1, 1, 1, 1)
                    let origin = selected ? segment.selectedLabelOrigin : segment.labelOrigin
                    painter.text.draw(label, font: selected ? style.selectedFont : style.font, at: origin.x, origin.y, on: cairo)
                })
            icons.append(
                Self.coverage(on: surface, x: left, y: top, width: right - left, height: bottom - top, scale: scale) { cairo in
                    guard let graphic, graphic.isTemplate else { return }
                    graphic.draw(tint: RGBAColor(red: 1, green: 1, blue: 1), on: cairo)
                })
        }
        label = labels
        icon = icons
        isLarge = [style.font, style.selectedFont].map { WCAGContrast.isLargeText(size: $0.size, weight: $0.weight) }
    }

    /// The alpha `draw` leaves in the box, on `surface` cleared first.
    private static func coverage(
        on surface: ImageSurface, x: Int, y: Int, width: Int, height: Int, scale: Double, _ draw: (OpaquePointer) -> Void
    ) -> [UInt8] {
        guard width > 0, height > 0, let cairo = cairo_create(surface.pointer) else { return [] }
        defer { cairo_destroy(cairo) }
        cairo_set_operator(cairo, CAIRO_OPERATOR_CLEAR)
        cairo_paint(cairo)
        cairo_set_operator(cairo, CAIRO_OPERATOR_OVER)
        cairo_scale(cairo, scale, scale)
        draw(cairo)
        cairo_surface_flush(surface.pointer)
        guard let data = cairo_image_surface_get_data(surface.pointer) else { return [] }
        let stride = surface.stride
        var coverage = [UInt8](repeating: 0, count: width * height)
        for row in 0..<height {
            let line = data + (y + row) * stride + x * 4
            // ARGB32 in native (little-endian) order: alpha is the fourth byte of each pixel.
            for column in 0..<width { coverage[row * width + column] = line[column * 4 + 3] }
        }
        return coverage
    }
}
