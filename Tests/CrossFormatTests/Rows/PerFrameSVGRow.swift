import Foundation
import PickerReel

/// The per-frame SVG (`svg(at:)`), rasterised in process by librsvg (PickerRender's `SVGDocument`) at the PNG's
/// scale: the document fitted to the canvas in points times the scale, from the top-left pixel.
struct PerFrameSVGRow: FormatRow {
    let name = "SVG (librsvg)"

    func tolerance(for renderer: Renderer) throws -> PictureTolerance {
        try PictureTolerance.rasterised(
            for: renderer, levels: 8, edgeShare: 0.5, strayShare: 0.0005,
            reason:
                "librsvg fills cairo's glyph outlines at exact positions where the PNG has FreeType's glyphs on whole pixels (a "
                + "stem's ink in one pixel or spread over two), with its own anti-aliasing (measured: 5 levels beyond the range "
                + "elsewhere, 18 px in a cross-fade of two looks); emoji are cairo's 1 px-a-point bitmaps (left out)")
    }

    func pictures(of renderer: Renderer, at moments: [Double], workingIn folder: URL) throws -> [RGBAImage] {
        let (width, height) = renderer.pixelSize
        let canvas = renderer.layout.canvas
        let scale = renderer.spec.output.scale
        return try moments.map { time in
            let document = try SVGDocument(bytes: [UInt8](try renderer.svg(at: time)))
            let raster = try CairoRaster(width: width, height: height)
            try document.draw(in: Rect(x: 0, y: 0, width: canvas.width * scale, height: canvas.height * scale), on: raster.context)
            return try raster.image()
        }
    }
}
