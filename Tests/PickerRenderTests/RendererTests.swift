import CPickerCairo
import Foundation
import PickerKit
import TestSupport
import Testing

@testable import PickerRender

@Suite("Renderer")
struct RendererTests {
    @Test func labelsMeasureTheSameAtEveryScale() throws {
        let text = try PangoText()
        let font = ResolvedFont(family: "Inter", size: 17, weight: 400)
        let atOne = text.logicalExtents(of: "Month", font: font)
        for scale in [1.0, 2.0, 3.0, 0.5] {
            #expect(text.logicalExtents(of: "Month", font: font, drawnAtScale: scale) == atOne)
        }
        #expect(atOne.width > 40 && atOne.width < 60)
    }

    @Test func fontWeightChangesTheMeasurement() throws {
        let text = try PangoText()
        let regular = text.logicalExtents(of: "Week", font: ResolvedFont(family: "Inter", size: 17, weight: 400))
        let bold = text.logicalExtents(of: "Week", font: ResolvedFont(family: "Inter", size: 17, weight: 700))
        #expect(bold.width > regular.width)
    }

    /// A label with characters no installed font has (Pango draws each as a box showing its code) gives one
    /// warning naming the item, the label and the characters; labels every font draws give none.
    @Test func aLabelWithCharactersNoFontHasIsAWarningNamingThem() throws {
        let spec = try PickerSpec(items: ["Day", "a\u{0378}b\u{0379}", "Week"])
        let drawer = try FrameDrawer(spec: spec)
        #expect(
            drawer.plan.warnings == [
                "items[1] \"a\u{0378}b\u{0379}\" has characters no installed font has (U+0378, U+0379); they are drawn as boxes: install a font that has them"
            ])
        for name in ["segmented", "appearance", "arabic", "emoji", "accessibility"] {
            let (gallery, file) = try gallerySpec(name)
            #expect(try FrameDrawer(spec: gallery, file: file).plan.warnings.isEmpty, "\(name)")
        }
    }

    @Test func aMissingFontFamilyIsAWarningNamingTheFamilyUsed() throws {
        var spec = try PickerSpec(items: ["A"])
        spec.style.font.family = "No Such Family 12345"
        let renderer = try FrameDrawer(spec: spec)
        #expect(renderer.plan.warnings.count == 1)
        #expect(renderer.plan.warnings.first?.contains("\"No Such Family 12345\" is not installed; using \"") == true)
        #expect(try FrameDrawer(spec: PickerSpec(items: ["A"])).plan.warnings.isEmpty)
    }

    /// The family a plan's warning names comes from the labels measured when they were shaped with the requested
    /// family, and from loading the font otherwise: either way it is what loading the font says.
    @Test(arguments: [
        ("Inter", "Day", true), ("inter", "Week", true), ("No Such Family 12345", "A", false), ("sans-serif", "Month", false),
        ("Inter", "😀", false), ("Inter", "", false), ("DejaVu Sans", "Year", true),
    ])
    func theFamilyUsedIsTheOneLoadingTheFontGives(family: String, label: String, measuredSays: Bool) throws {
        let font = ResolvedFont(family: family, size: 17, weight: 400)
        let text = try PangoText()
        _ = text.logicalExtents(of: label, font: font)
        #expect(text.familiesUsed[font]?.contains(family.lowercased()) == measuredSays)
        let loaded = try #require(try PangoText().loadedFamily(of: font))
        #expect(text.resolvedFamily(of: font)?.lowercased() == loaded.lowercased())
    }

    @Test func pixelSizeIsTheCanvasTimesScaleRoundedUp() throws {
        let spec = try fixtureSpec("seed-demo")
        let renderer = try FrameDrawer(spec: spec)
        #expect(renderer.plan.pixelWidth == Int((renderer.layout.canvas.width * 2).rounded(.up)))
        #expect(renderer.plan.pixelHeight == Int((renderer.layout.canvas.height * 2).rounded(.up)))
        let image = try renderer.image(forFrame: 0)
        #expect(image.width == renderer.plan.pixelWidth && image.height == renderer.plan.pixelHeight)
    }

    @Test(arguments: ["seed-demo", "numbers-vertical"])
    func redrawingOnlyTheHighlightGivesTheSamePixelsAsAFullRender(name: String) throws {
        let renderer = try FrameDrawer(spec: try fixtureSpec(name))
        for index in stride(from: 0, to: renderer.timeline.frameCount, by: 3) {
            let fast = try renderer.image(forFrame: index)
            let reference = try renderer.referenceImage(state: renderer.timeline.state(forFrame: index))
            #expect(fast == reference, "frame \(index)")
        }
    }

    @Test func rendersAreByteIdenticalRunToRun() throws {
        let spec = try fixtureSpec("numbers-vertical")
        let first = try FrameDrawer(spec: spec)
        let second = try FrameDrawer(spec: spec)
        for index in [0, 40, 80, 120] {
            let state = first.timeline.state(forFrame: index)
            #expect(try first.png(state: state) == second.png(state: state))
            #expect(try first.svg(state: state) == second.svg(state: state))
        }
    }

    @Test func theHighlightIsTheSeedsGrayAtFortyPercentOverTheSelectedSegment() throws {
        let renderer = try FrameDrawer(spec: try fixtureSpec("seed-demo"))
        let image = try renderer.image(forFrame: 0)
        let frame = renderer.layout.segments[0].frame
        // A point inside the highlight but away from the label's glyphs: near the segment's top edge.
        let x = Int(((frame.x + frame.width / 2) * 2).rounded())
        let y = Int(((frame.y + 1.5) * 2).rounded())
        let pixel = image.pixel(x: x, y: y)
        // Gray #8E8E93 at 0.4 over white: 255 + (142 − 255) × 0.4 ≈ 210, 210, 212.
        #expect(abs(Int(pixel.red) - 210) <= 1 && abs(Int(pixel.green) - 210) <= 1 && abs(Int(pixel.blue) - 212) <= 1)
        #expect(image.pixel(x: 2, y: 2) == (255, 255, 255, 255))
    }

    @Test func clearBackgroundGivesTransparentPixels() throws {
        var spec = try PickerSpec(items: ["A", "B"], initial: "A")
        spec.style.background = .clear
        let image = try FrameDrawer(spec: spec).image(forFrame: 0)
        #expect(image.pixel(x: 0, y: 0).alpha == 0)
    }

    /// One point of the spec is one CSS pixel, as in the animated SVG and the PNG at 1x: no `pt` units, which a
    /// browser would show 4/3 as large.
    @Test func svgFramesMeasureInCSSPixelsWithTheHighlightAsAPath() throws {
        let renderer = try FrameDrawer(spec: try fixtureSpec("seed-demo"))
        let svg = String(decoding: try renderer.svg(state: renderer.timeline.state(forFrame: 0)), as: UTF8.self)
        #expect(svg.hasPrefix("<?xml"))
        let root = try #require(svg.range(of: "<svg").map { svg[$0.lowerBound...].prefix(while: { $0 != ">" }) })
        #expect(!root.contains("pt\""), "\(root)")
        #expect(root.contains("width=\"\(Int(renderer.layout.canvas.width))."))
        #expect(root.contains("viewBox=\"0 0 \(Int(renderer.layout.canvas.width))."))
        #expect(svg.contains("fill-opacity:0.4") || svg.contains("fill-opacity=\"0.4\""))
    }

    @Test func pngRoundTripsThroughTheReader() throws {
        let renderer = try FrameDrawer(spec: try fixtureSpec("numbers-vertical"))
        let image = try renderer.image(forFrame: 30)
        let folder = try temporaryFolder()
        let path = folder.appendingPathComponent("frame.png").path
        try AtomicFile.write(try PNGFile.encode(image), to: path)
        #expect(try PNGFile.read(path) == image)
    }

    @Test func readingSomethingThatIsNotAPNGIsAnError() throws {
        let folder = try temporaryFolder()
        let path = folder.appendingPathComponent("bad.png").path
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: RenderError.notPNG(path: path, detail: "it does not start with the PNG signature")) {
            try PNGFile.read(path)
        }
        var truncated = try PNGFile.encode(RGBAImage(width: 4, height: 4, filledWith: (1, 2, 3, 255)))
        truncated.removeLast(20)
        try Data(truncated).write(to: URL(fileURLWithPath: path))
        #expect(throws: RenderError.self) { try PNGFile.read(path) }
    }

    @Test func tooLargeACanvasIsASpecErrorNamingTheField() throws {
        var spec = try PickerSpec(items: (0..<64).map { Item(.string("Segment number \($0)")) })
        spec.output.scale = 8
        #expect {
            try FrameDrawer(spec: spec, file: "big.json")
        } throws: { error in
            guard let specError = error as? SpecError else { return false }
            return specError.path.description == "output.scale"
                && specError.description.hasPrefix("big.json: output.scale: the picture would be")
        }
    }
}
