import CPickerCairo
import Foundation
import PickerKit
import Testing

@testable import PickerRender

/// Labels drawn with the layout and font they were measured with, held to the plain path.
///
/// `PangoText.draw` lays labels out under the identity transform they were measured under, and cairo draws those
/// glyphs at its own transform. The plain path, a layout made under cairo's transform as Pango does by default,
/// is what these tests hold it to.
@Suite("Labels drawn as measured")
struct LabelsDrawnAsMeasuredTests {
    /// Every frame of the gallery's specs (shadows, icons, emoji, Arabic right to left, Dynamic Type up to the
    /// accessibility sizes, dark, every variant) at 0.5x, 1x, 2x and 3x has the same pixels, PNG bytes and SVG
    /// bytes drawn either way.
    @Test(arguments: ["segmented", "appearance", "arabic", "emoji", "accessibility"])
    func labelsDrawnAsMeasuredGiveThePixelsOfALayoutMadeUnderCairosTransform(name: String) throws {
        try compareBothWays(name, scales: [0.5, 1, 2, 3]) { asMeasured, plain, place in
            #expect(asMeasured == plain, "\(place)")
        }
    }

    /// At some other scales a glyph can land one pixel over: every pixel that differs has its colour in the other
    /// picture one pixel beside it.
    ///
    /// A glyph's position is rounded from the layout in points rather than in device pixels. Of 1.5x, 2.5x and
    /// 4.7x, the pictures differ at 4.7x: 594 bytes of a frame of the segmented spec (one letter one pixel to the
    /// left) and emoji by at most 2 levels. (At 0.25x, where the accessibility spec's text is 4 pixels high,
    /// letters are also drawn differently: 6 % of its bytes; docs/performance.md.)
    @Test(arguments: ["segmented", "appearance", "arabic", "emoji", "accessibility"])
    func atSomeOtherScalesAGlyphLandsAtMostOnePixelOver(name: String) throws {
        try compareBothWays(name, scales: [1.5, 2.5, 4.7]) { asMeasured, plain, place in
            let unexplained = Self.pixelsNotOnePixelOver(asMeasured, plain) + Self.pixelsNotOnePixelOver(plain, asMeasured)
            #expect(unexplained == 0, "\(place): \(unexplained) pixels differ by more than a one-pixel move")
        }
    }

    /// How many pixels of `picture` differ from `other` at the same place and, by more than 2 levels in a
    /// channel, from each of `other`'s pixels one step left, right, up or down.
    private static func pixelsNotOnePixelOver(_ picture: RGBAImage, _ other: RGBAImage) -> Int {
        func close(_ x: Int, _ y: Int, _ ox: Int, _ oy: Int) -> Bool {
            guard (0..<other.width).contains(ox), (0..<other.height).contains(oy) else { return false }
            let a = (y * picture.width + x) * 4
            let b = (oy * other.width + ox) * 4
            return (0..<4).allSatisfy { abs(Int(picture.pixels[a + $0]) - Int(other.pixels[b + $0])) <= 2 }
        }
        var count = 0
        for y in 0..<picture.height {
            for x in 0..<picture.width where !close(x, y, x, y) {
                if ![(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)].contains(where: { close(x, y, $0.0, $0.1) }) { count += 1 }
            }
        }
        return count
    }

    /// Draws some frames of each of `name`'s first three variants at each of `scales` with labels drawn as
    /// measured and as laid out under cairo's transform, and hands both pictures to `check`; the PNG and SVG
    /// bytes must be equal whenever the pictures are.
    private func compareBothWays(_ name: String, scales: [Double], check: (RGBAImage, RGBAImage, String) -> Void) throws {
        let (gallery, file) = try gallerySpec(name)
        for scale in scales {
            var spec = gallery
            spec.output.scale = scale
            for variant in spec.variants.prefix(3) {
                let applied = spec.applying(variant)
                let asMeasured = try FrameDrawer(spec: applied, file: file)
                let plain = try PangoText.$drawingFollowsTheDeviceTransform.withValue(true) { try FrameDrawer(spec: applied, file: file) }
                let frames = asMeasured.plan.timeline.frameCount
                for index in Set([0, frames / 3, frames / 2, frames - 1]).sorted() {
                    let state = asMeasured.plan.timeline.state(forFrame: index)
                    let place = "\(name) \(variant) at \(scale)x, frame \(index)"
                    let picture = try asMeasured.image(state: state)
                    let plainPicture = try plain.image(state: state)
                    check(picture, plainPicture, place)
                    if picture == plainPicture {
                        #expect(try asMeasured.png(state: state) == plain.png(state: state), "\(place)")
                        #expect(try asMeasured.svg(state: state) == plain.svg(state: state), "\(place)")
                    }
                }
            }
        }
    }

    /// Drawing a label at a scale uses the very font object measuring loaded; laid out under cairo's transform,
    /// Pango loads another (at the pixel size), which is what costs a fontconfig match and sort and the font's
    /// metrics.
    @Test func aLabelDrawnAtAScaleUsesTheFontItWasMeasuredWith() throws {
        let font = ResolvedFont(family: "Inter", size: 17, weight: 400)
        for follows in [false, true] {
            let text = try PangoText.$drawingFollowsTheDeviceTransform.withValue(follows) { try PangoText() }
            let measured = try #require(text.measuredFont(of: "Week", font: font))
            let surface = try ImageSurface(width: 300, height: 100)
            let context = try CairoContext(surface: surface.pointer)
            cairo_scale(context.pointer, 3, 3)
            text.draw("Week", font: font, at: 4, 4, on: context.pointer)
            let drawn = try #require(text.drawnFont(of: "Week", font: font))
            #expect((drawn == measured) == !follows, "drawing follows the device transform: \(follows)")
        }
    }
}
