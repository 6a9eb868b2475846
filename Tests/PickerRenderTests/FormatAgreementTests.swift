import Foundation
import PickerKit
import Testing

@testable import PickerRender

/// Regressions the cross-format test (Tests/CrossFormatTests) found, each checked here on its own.
@Suite("Formats agree")
struct FormatAgreementTests {
    /// `svg` drawn by librsvg at the plan's scale, as pixels.
    private func rasterised(_ svg: [UInt8], plan: RenderPlan) throws -> RGBAImage {
        let document = try SVGDocument(bytes: svg)
        let surface = try ImageSurface(width: plan.pixelWidth, height: plan.pixelHeight)
        let context = try CairoContext(surface: surface.pointer)
        let scale = plan.spec.output.scale
        try document.draw(
            in: Rect(x: 0, y: 0, width: plan.layout.canvas.width * scale, height: plan.layout.canvas.height * scale), on: context.pointer)
        return surface.rgbaImage()
    }

    @Test("an SVG frame's shadow lies under the thumb, as in the PNG frame, not at the canvas's corner at twice its size")
    func svgShadowsSitUnderTheHighlight() throws {
        // cairo 1.16's SVG surface drops the transformation in force when a mask is drawn: the shadow's picture (at
        // 2 px a point) landed at the top-left corner, twice as large, darkening the first segment.
        let (spec, file) = try gallerySpec("segmented")
        let drawer = try FrameDrawer(spec: spec, file: file)
        // The thumb on Year, the last segment; the top-left corner is far from it.
        let state = drawer.timeline.state(forFrame: drawer.timeline.frameCount - 1)
        let png = try drawer.image(state: state)
        let svg = try rasterised(try drawer.svg(state: state), plan: drawer.plan)
        var worst = 0
        for y in 0..<40 {
            for x in 0..<120 {
                let (a, b) = (png.pixel(x: x, y: y), svg.pixel(x: x, y: y))
                worst = max(worst, abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)), abs(Int(a.blue) - Int(b.blue)))
            }
        }
        #expect(worst <= 2, "the SVG frame's corner differs from the PNG's by \(worst) levels")
        // And the shadow is there, under the thumb, in both: just below it, darker than the track at the same height.
        let thumb = try #require(state.highlight?.rect)
        let scale = spec.output.scale
        let (x, y, trackX) = (Int((thumb.x + thumb.width / 2) * scale), Int((thumb.maxY + 1) * scale), Int(40 * scale))
        for picture in [png, svg] {
            #expect(Int(picture.pixel(x: x, y: y).red) + 4 < Int(picture.pixel(x: trackX, y: y).red), "no shadow under the thumb")
        }
    }

    @Test("a cross-fade is the two looks mixed: halfway, each pixel is their mean, an emoji's included")
    func crossFadesMixTheLooks() throws {
        // cairo draws colour glyphs ignoring the source's alpha, so a look is drawn whole and mixed as a picture.
        let spec = try PickerSpec.decode(
            Array(
                """
                {"items": ["🍎", "B"], "style": {"background": "clear", "selectedLabel": {"weight": "bold"}, "padding": 4},
                 "output": {"scale": 1}}
                """.utf8), file: "emoji.json")
        let drawer = try FrameDrawer(spec: spec)
        let looks = try [0, 1, 0.5].map { try drawer.image(state: FrameState(highlight: nil, selection: [$0, 0])) }
        let frame = drawer.layout.segments[0].frame
        // Premultiplied, as the mix is made.
        func premultiplied(_ pixel: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)) -> [Double] {
            let alpha = Double(pixel.alpha)
            return [Double(pixel.red) * alpha / 255, Double(pixel.green) * alpha / 255, Double(pixel.blue) * alpha / 255, alpha]
        }
        var worst = 0.0
        var inkInBoth = 0
        for y in Int(frame.y)..<Int(frame.maxY) {
            for x in Int(frame.x)..<Int(frame.maxX) {
                let (a, b, mixed) = (looks[0].pixel(x: x, y: y), looks[1].pixel(x: x, y: y), looks[2].pixel(x: x, y: y))
                if a.alpha == 255 && b.alpha == 255 { inkInBoth += 1 }
                let (pa, pb, pm) = (premultiplied(a), premultiplied(b), premultiplied(mixed))
                for channel in 0..<4 { worst = max(worst, abs(pm[channel] - (pa[channel] + pb[channel]) / 2)) }
            }
        }
        #expect(inkInBoth > 20, "the emoji is opaque in both looks at \(inkInBoth) pixels")
        // One look over the other at half opacity each left ¼ of the background where both are ink: 64 levels off.
        #expect(worst <= 2.5, "halfway, a pixel is \(worst) levels from the mean of the two looks")
    }

    @Test("the animated SVG samples at a multiple of the frame rate, at least 60 a second")
    func sampleRatesAreMultiplesOfTheFrameRate() {
        for (fps, rate) in [(30.0, 60.0), (24, 72), (25, 75), (60, 60), (1, 60), (120, 120), (240, 240), (29.97, 89.91)] {
            #expect(isClose(AnimatedSVG.sampleRate(fps: fps), rate), "\(fps) fps")
        }
    }
}

private func isClose(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }
