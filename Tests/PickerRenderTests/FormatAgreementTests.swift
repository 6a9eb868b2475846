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

    @Test("an emoji fades with its look in a cross-fade: halfway, neither look's emoji is opaque")
    func emojiFadeWithTheirLook() throws {
        // cairo draws colour glyphs ignoring the source's alpha: both looks' emoji stayed opaque in the frames, while
        // the animated SVG fades each look as a group.
        let spec = try PickerSpec.decode(
            Array(
                """
                {"items": ["🍎", "B"], "style": {"background": "clear", "selectedLabel": {"weight": "bold"}, "padding": 4},
                 "output": {"scale": 1}}
                """.utf8), file: "emoji.json")
        let drawer = try FrameDrawer(spec: spec)
        func largestAlpha(selection: Double) throws -> UInt8 {
            let image = try drawer.image(state: FrameState(highlight: nil, selection: [selection, 0]))
            let frame = drawer.layout.segments[0].frame
            var largest: UInt8 = 0
            for y in Int(frame.y)..<Int(frame.maxY) {
                for x in Int(frame.x)..<Int(frame.maxX) { largest = max(largest, image.pixel(x: x, y: y).alpha) }
            }
            return largest
        }
        #expect(try largestAlpha(selection: 1) == 255)
        #expect(try largestAlpha(selection: 0) == 255)
        // Two looks at half opacity each, one over the other: 1 − ½ × ½ = ¾ where they overlap.
        let halfway = try largestAlpha(selection: 0.5)
        #expect(halfway < 250 && halfway > 150, "halfway, the emoji's largest alpha is \(halfway)")
    }

    @Test("labels with emoji are the ones drawn as a group")
    func whichLabelsHaveEmoji() {
        #expect(PickerPainter.hasEmoji("🍎 Apple"))
        #expect(PickerPainter.hasEmoji("❄️ Snow"))
        #expect(!PickerPainter.hasEmoji("Snow ❄"))
        #expect(!PickerPainter.hasEmoji("Week"))
    }

    @Test("the animated SVG samples at a multiple of the frame rate, at least 60 a second")
    func sampleRatesAreMultiplesOfTheFrameRate() {
        for (fps, rate) in [(30.0, 60.0), (24, 72), (25, 75), (60, 60), (1, 60), (120, 120), (240, 240), (29.97, 89.91)] {
            #expect(isClose(AnimatedSVG.sampleRate(fps: fps), rate), "\(fps) fps")
        }
    }
}

private func isClose(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }
