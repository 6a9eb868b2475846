import CPickerCairo
import PickerReel
import Testing

/// The comparisons of the cross-format test on pictures made here: what each lets through and what it catches.
@Suite("Cross-format tolerances")
struct ToleranceTests {
    /// A 60 × 30 picture: a light background and a rounded rect of `color` at `x`, drawn by cairo.
    private func picture(x: Double, width: Double = 30, color: (Double, Double, Double, Double) = (0.2, 0.4, 0.9, 1), line: Bool = false)
        throws -> RGBAImage
    {
        let raster = try CairoRaster(width: 60, height: 30)
        cairo_set_source_rgba(raster.context, 0.95, 0.95, 0.97, 1)
        cairo_paint(raster.context)
        cairo_new_sub_path(raster.context)
        cairo_arc(raster.context, x + 6, 11, 6, .pi, 1.5 * .pi)
        cairo_arc(raster.context, x + width - 6, 11, 6, 1.5 * .pi, 2 * .pi)
        cairo_arc(raster.context, x + width - 6, 19, 6, 0, 0.5 * .pi)
        cairo_arc(raster.context, x + 6, 19, 6, 0.5 * .pi, .pi)
        cairo_close_path(raster.context)
        cairo_set_source_rgba(raster.context, color.0, color.1, color.2, color.3)
        cairo_fill(raster.context)
        if line {
            cairo_rectangle(raster.context, 50, 4, 1, 22)
            cairo_set_source_rgba(raster.context, 0.3, 0.3, 0.3, 1)
            cairo_fill(raster.context)
        }
        return try raster.image()
    }

    private let rasterised = PictureTolerance(
        kind: .rasterised(levels: 8, edgeShare: 0.5, strayPixels: 0, partialColumn: nil, partialRow: nil, colourGlyphs: []),
        reason: "test")

    @Test("a rasteriser's sub-pixel edge passes; an edge two pixels away, a missing line or a flat colour 10 levels off fails")
    func rasterisedTolerance() throws {
        let reference = try picture(x: 10, line: true)
        #expect(rasterised.measure(expected: reference, actual: try picture(x: 10.4, line: true)).passes)
        #expect(rasterised.measure(expected: reference, actual: try picture(x: 9.7, width: 30.5, line: true)).passes)
        #expect(!rasterised.measure(expected: reference, actual: try picture(x: 12, line: true)).passes)
        #expect(!rasterised.measure(expected: reference, actual: try picture(x: 10)).passes, "a missing 1 px line")
        #expect(!rasterised.measure(expected: try picture(x: 10), actual: reference).passes, "an extra 1 px line")
        // 0.9 × 255 = 229.5 against 0.86 × 255 = 219.3 in the rect's flat inside; 3 levels (0.012) is within the loss.
        #expect(!rasterised.measure(expected: reference, actual: try picture(x: 10, color: (0.2, 0.4, 0.86, 1), line: true)).passes)
        #expect(rasterised.measure(expected: reference, actual: try picture(x: 10, color: (0.2, 0.4, 0.888, 1), line: true)).passes)
        // A translucent colour is compared premultiplied: alpha 0.5 against 0.4 is 25 levels.
        #expect(!rasterised.measure(expected: reference, actual: try picture(x: 10, color: (0.2, 0.4, 0.9, 0.8), line: true)).passes)
    }

    @Test("the partial last column and the emoji boxes are left out, nothing else")
    func leftOut() throws {
        let reference = try picture(x: 10)
        var changed = reference
        for y in 0..<30 { changed.setPixel(x: 59, y: y, to: (0, 0, 0, 0)) }
        let column = PictureTolerance(
            kind: .rasterised(levels: 8, edgeShare: 0.5, strayPixels: 0, partialColumn: 59, partialRow: nil, colourGlyphs: []), reason: "")
        #expect(column.measure(expected: reference, actual: changed).passes)
        #expect(!rasterised.measure(expected: reference, actual: changed).passes)
        var boxed = reference
        for y in 12..<16 { for x in 20..<24 { boxed.setPixel(x: x, y: y, to: (255, 0, 0, 255)) } }
        let box = PixelBox(left: 19, top: 11, right: 25, bottom: 17)
        let emoji = PictureTolerance(
            kind: .rasterised(levels: 8, edgeShare: 0.5, strayPixels: 0, partialColumn: nil, partialRow: nil, colourGlyphs: [box]),
            reason: "")
        #expect(emoji.measure(expected: reference, actual: boxed).passes)
        boxed.setPixel(x: 30, y: 14, to: (255, 0, 0, 255))
        #expect(!emoji.measure(expected: reference, actual: boxed).passes)
    }

    @Test("GIF's one-bit alpha: under 128 transparent without a matte; under 8 transparent, the rest blended over one")
    func gifAlpha() {
        var image = RGBAImage(width: 4, height: 1)
        for (x, alpha) in [7, 8, 127, 128].enumerated() { image.setPixel(x: x, y: 0, to: (200, 100, 0, UInt8(alpha))) }
        let plain = image.withGIFAlpha(matte: nil)
        #expect((0..<4).map { plain.pixel(x: $0, y: 0).alpha } == [0, 0, 0, 255])
        #expect(plain.pixel(x: 3, y: 0).red == 200)
        let matted = image.withGIFAlpha(matte: [255, 255, 255])
        #expect((0..<4).map { matted.pixel(x: $0, y: 0).alpha } == [0, 255, 255, 255])
        // 200 × 128/255 + 255 × 127/255 = 227.4
        #expect(matted.pixel(x: 3, y: 0).red == 227)
    }

    @Test("the palette tolerance: dithering's ±30 around the right mean passes; every pixel 13 levels off, or one alpha, fails")
    func paletteTolerance() {
        let tolerance = PictureTolerance(kind: .palette(matte: nil, levels: 40, meanLevels: 12), reason: "")
        let flat = RGBAImage(width: 8, height: 8, filledWith: (100, 100, 100, 255))
        var dithered = flat
        var shifted = flat
        for y in 0..<8 {
            for x in 0..<8 {
                let level: UInt8 = (x + y) % 2 == 0 ? 130 : 70
                dithered.setPixel(x: x, y: y, to: (level, level, level, 255))
                shifted.setPixel(x: x, y: y, to: (113, 113, 113, 255))
            }
        }
        #expect(tolerance.measure(expected: flat, actual: dithered).passes)
        #expect(!tolerance.measure(expected: flat, actual: shifted).passes)
        var hole = flat
        hole.setPixel(x: 3, y: 3, to: (0, 0, 0, 0))
        #expect(!tolerance.measure(expected: flat, actual: hole).passes)
    }
}
