import Foundation
import PickerKit
import TestSupport
import Testing

@testable import PickerRender

/// The gallery's specs (Fixtures/gallery): the segmented preset in light and dark, icons with touches, right to
/// left with Arabic, emoji at an accessibility size.
func gallerySpec(_ name: String) throws -> (spec: PickerSpec, file: String) {
    let path = repositoryRoot.appendingPathComponent("Fixtures/gallery/\(name).json").path
    return (try PickerSpec.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), file: path), path)
}

@Suite("Drawing the appearance features")
struct AppearanceRenderTests {
    /// The three box blurs against an exact Gaussian convolution of the same mask (a filled square, as a shadow's
    /// shape is), at the blurs the segmented preset uses at 1x to 3x.
    @Test(arguments: [0.5, 1.5, 4.0, 8.0, 12.0])
    func theShadowBlurIsCloseToAnExactGaussian(sigma: Double) {
        let size = 96
        var mask = [UInt8](repeating: 0, count: size * size)
        for y in 32..<64 { for x in 24..<72 { mask[y * size + x] = 255 } }
        var blurred = mask
        blurred.withUnsafeMutableBufferPointer { buffer in
            GaussianBlur.blur(buffer.baseAddress!, width: size, height: size, stride: size, sigma: sigma)
        }
        // Exact: a separable Gaussian with zero outside, in doubles.
        let radius = Int((4 * sigma).rounded(.up))
        let kernel = (-radius...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = kernel.reduce(0, +)
        var rows = [Double](repeating: 0, count: size * size)
        for y in 0..<size {
            for x in 0..<size {
                var sum = 0.0
                for k in -radius...radius where (0..<size).contains(x + k) { sum += Double(mask[y * size + x + k]) * kernel[k + radius] }
                rows[y * size + x] = sum / total
            }
        }
        var worst = 0.0
        var totalError = 0.0
        for y in 0..<size {
            for x in 0..<size {
                var sum = 0.0
                for k in -radius...radius where (0..<size).contains(y + k) { sum += rows[(y + k) * size + x] * kernel[k + radius] }
                let error = abs(sum / total - Double(blurred[y * size + x]))
                worst = max(worst, error)
                totalError += error
            }
        }
        // Three boxes come within 3 % of full scale of the Gaussian at every pixel, and far closer on average.
        #expect(worst <= 0.03 * 255, "σ \(sigma): worst \(worst)")
        #expect(totalError / Double(size * size) <= 0.004 * 255, "σ \(sigma): mean \(totalError / Double(size * size))")
    }

    @Test func boxWidthsFollowKovesi() {
        #expect(GaussianBlur.boxWidths(sigma: 0) == [1, 1, 1])
        // σ = 2: ideal width √(16 + 1) ≈ 4.1 → boxes 3, 3, 5 (whose variances sum to σ²: (9 − 1 + 9 − 1 + 25 − 1)/12 = 3.33).
        let widths = GaussianBlur.boxWidths(sigma: 2)
        let variance = widths.map { Double($0 * $0 - 1) / 12 }.reduce(0, +)
        #expect(abs(variance - 4) < 1)
        #expect(widths.allSatisfy { $0 % 2 == 1 })
    }

    /// The frame drawn from the static layer and a clipped redraw equals the frame drawn from scratch, for every
    /// new feature (the thumb's shadows, separators, cross-fading labels, icons, touches, right to left, dark).
    @Test(arguments: ["segmented", "appearance", "arabic", "emoji"])
    func redrawingOnlyWhatChangedGivesTheSamePixelsAsAFullRender(name: String) throws {
        let (spec, file) = try gallerySpec(name)
        for variant in spec.variants {
            let drawer = try FrameDrawer(spec: spec.applying(variant), file: file)
            for index in 0..<drawer.plan.timeline.frameCount {
                let state = drawer.plan.timeline.state(forFrame: index)
                #expect(try drawer.image(state: state) == drawer.referenceImage(state: state), "\(name) \(variant), frame \(index)")
            }
        }
    }

    /// A frame drawn as the static layer with only the highlight over it (an overlay, labels that look the same
    /// selected or not, no separators, no touches) equals the frame drawn from scratch, with the thumb's shadows,
    /// icons, emoji, right to left and dark, in every variant.
    @Test(arguments: ["segmented", "appearance", "arabic", "emoji"])
    func aHighlightOverTheStaticLayerGivesTheSamePixelsAsAFullRender(name: String) throws {
        var (spec, file) = try gallerySpec(name)
        spec.style.highlight.layer = .overlay
        spec.style.separators = .hidden
        spec.style.labelColor = .indigo
        spec.style.font.weight = 500
        spec.style.selectedLabel = SelectedLabelStyle(color: .indigo, weight: 500)
        spec.touches = nil
        for variant in spec.variants {
            let drawer = try FrameDrawer(spec: spec.applying(variant), file: file)
            for index in 0..<drawer.plan.timeline.frameCount {
                let state = drawer.plan.timeline.state(forFrame: index)
                try #require(drawer.drawsOnlyTheHighlight(in: state), "\(name) \(variant)")
                #expect(try drawer.image(state: state) == drawer.referenceImage(state: state), "\(name) \(variant), frame \(index)")
            }
        }
    }

    @Test func aTemplateIconIsDrawnInTheLabelsColour() throws {
        let (spec, file) = try gallerySpec("appearance")
        var red = spec
        red.style.labelColor = .hex("#FF0000")
        red.touches = nil
        let drawer = try FrameDrawer(spec: red, file: file)
        let image = try drawer.image(state: FrameState(highlight: nil))
        let icon = try #require(drawer.plan.layout.segments[0].graphicFrame)
        let scale = red.output.scale
        // The sun's middle: inside the icon's solid centre.
        let centre = image.pixel(x: Int(icon.center.x * scale), y: Int(icon.center.y * scale))
        #expect(centre.red > 200 && centre.green < 60 && centre.blue < 60, "\(centre)")
    }

    @Test func emojiAreDrawnInColour() throws {
        let (spec, file) = try gallerySpec("emoji")
        let drawer = try FrameDrawer(spec: spec, file: file)
        let image = try drawer.image(state: FrameState(highlight: nil))
        let apple = drawer.plan.layout.segments[0].labelFrame
        let scale = spec.output.scale
        // The apple is red, which the accent-blue label colour never is.
        var reds = 0
        for y in Int(apple.y * scale)..<Int(apple.maxY * scale) {
            for x in Int(apple.x * scale)..<Int((apple.x + apple.height) * scale) {
                let pixel = image.pixel(x: x, y: y)
                if pixel.red > 180 && pixel.green < 90 && pixel.blue < 90 { reds += 1 }
            }
        }
        #expect(reds > 100)
    }

    @Test func darkModeDrawsOnBlack() throws {
        let (spec, file) = try gallerySpec("segmented")
        let dark = try #require(spec.variants.first { $0.colorScheme == .dark })
        let image = try FrameDrawer(spec: spec.applying(dark), file: file).image(state: FrameState(highlight: nil))
        #expect(image.pixel(x: 1, y: 1) == (0, 0, 0, 255))
    }

    /// A missing, oversized, malformed or mistyped icon or image is a `SpecError` naming the field, found when the
    /// spec is planned (so `validate` finds it), relative to the spec's folder.
    @Test func unusableIconAndImageFilesAreSpecErrorsNamingTheField() throws {
        let folder = try temporaryFolder()
        let spec = folder.appendingPathComponent("spec.json").path
        try Data(#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>"#.utf8)
            .write(to: folder.appendingPathComponent("ok.svg"))
        try Data("not an svg <<<".utf8).write(to: folder.appendingPathComponent("bad.svg"))
        try Data(repeating: 0x20, count: SpecLimits.maximumImageFileBytes + 1).write(to: folder.appendingPathComponent("huge.svg"))
        try PNGFile.encode(RGBAImage(width: 2, height: 2, filledWith: (1, 2, 3, 255))).withUnsafeBytes {
            try Data($0).write(to: folder.appendingPathComponent("dot.png"))
        }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("dir.svg"), withIntermediateDirectories: false)
        let cases: [(Item, String, String)] = [
            (Item("a", icon: "missing.svg"), "items[1].icon", "cannot use the file \"missing.svg\": no such file"),
            (Item("a", icon: "bad.svg"), "items[1].icon", "not an SVG file that can be read"),
            (Item("a", icon: "huge.svg"), "items[1].icon", "an icon or image may be at most 1048576 bytes"),
            (Item("a", icon: "dot.png"), "items[1].icon", "an icon must be an SVG file"),
            (Item("a", image: "dir.svg"), "items[1].image", "not a regular file"),
            (Item("a", image: "bad.svg"), "items[1].image", "neither a PNG nor an SVG"),
        ]
        for (item, path, message) in cases {
            let picker = try PickerSpec(items: [Item("ok", icon: "ok.svg"), item])
            #expect {
                try RenderPlan(spec: picker, file: spec, measuringWith: PangoText())
            } throws: { error in
                guard let error = error as? SpecError else { return false }
                return error.path.description == path && error.description.contains(message) && error.description.hasPrefix(spec)
            }
        }
        // Relative to the spec's folder, not the working directory; a PNG image keeps its own colours.
        let plan = try RenderPlan(
            spec: try PickerSpec(items: [Item("ok", icon: "ok.svg"), Item("b", image: "dot.png")]), file: spec, measuringWith: PangoText())
        #expect(plan.graphics.map { $0?.kind } == [.svg, .png])
        #expect(plan.graphics[1]?.aspectRatio == 1)
    }
}
