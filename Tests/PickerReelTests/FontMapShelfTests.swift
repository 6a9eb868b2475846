import CPickerCairo
import Foundation
import TestSupport
import Testing

@testable import PickerReel
@testable import PickerRender

/// Renderers reuse the font maps of renderers gone before (`FontMapShelf`): the same layout and pixels as with
/// font maps of their own, and one owner at a time.
@Suite("Font map shelf")
struct FontMapShelfTests {
    /// The frames of `spec` drawn on a font map made for them alone, as every renderer did before the shelf.
    func freshFrames(_ spec: PickerSpec, file: String) throws -> (layout: PickerLayout, frames: [RGBAImage]) {
        let text = try PangoText(shelf: FontMapShelf(capacity: 0))
        let plan = try RenderPlan(spec: spec, file: file, measuringWith: text)
        let drawer = try FrameDrawer(plan: plan, text: text)
        let frames = try (0..<plan.timeline.frameCount).map { try drawer.image(state: plan.timeline.state(forFrame: $0)) }
        return (plan.layout, frames)
    }

    func gallery(_ name: String) -> String {
        repositoryRoot.appendingPathComponent("Fixtures/gallery/\(name).json").path
    }

    @Test("A renderer on a reused font map lays out and draws every frame as one on a map of its own")
    func reusedObjectsDrawTheSamePictures() throws {
        let seedFile = repositoryRoot.appendingPathComponent("Fixtures/specs/seed-demo.json").path
        let seed = try PickerSpec(contentsOf: URL(fileURLWithPath: seedFile))
        let fresh = try freshFrames(seed, file: seedFile)
        // Other fonts, sizes, scales, scripts and emoji go through the shelf's maps first, so the seed's renderer
        // gets a font map that has loaded and drawn other things.
        for name in ["arabic", "emoji", "accessibility", "segmented"] {
            let file = gallery(name)
            let renderer = try Renderer(PickerSpec(contentsOf: URL(fileURLWithPath: file)), file: file)
            _ = try renderer.image(frame: renderer.frameCount / 2)
        }
        #expect(FontMapShelf.shared.idleCount >= 1)
        let renderer = try Renderer(seed, file: seedFile)
        #expect(renderer.layout == fresh.layout)
        for index in 0..<renderer.frameCount {
            #expect(try renderer.image(frame: index) == fresh.frames[index], "frame \(index)")
        }
    }

    @Test("Renderers made and used on many threads at once all draw the pictures of a renderer on a map of its own")
    func concurrentRenderersDrawTheSamePictures() throws {
        let file = gallery("arabic")
        let spec = try PickerSpec(contentsOf: URL(fileURLWithPath: file))
        let fresh = try freshFrames(spec, file: file)
        let mismatches = Shared(0)
        DispatchQueue.concurrentPerform(iterations: 24) { round in
            guard let renderer = try? Renderer(spec, file: file) else { return mismatches.update { $0 += 1 } }
            let index = round * 7 % renderer.frameCount
            if (try? renderer.image(frame: index)) != fresh.frames[index] { mismatches.update { $0 += 1 } }
        }
        #expect(mismatches.value == 0)
    }

    @Test("A font map goes to one owner at a time, comes back when its text object goes, and the shelf keeps at most its capacity")
    func oneOwnerAtATime() throws {
        let shelf = FontMapShelf(capacity: 2)
        var first: PangoText? = try PangoText(shelf: shelf)
        let second = try PangoText(shelf: shelf)
        #expect(shelf.idleCount == 0)
        first = nil
        #expect(shelf.idleCount == 1)
        let map = try shelf.take()
        shelf.put(map)
        shelf.put(map)
        #expect(shelf.idleCount == 1)
        let third = try PangoText(shelf: shelf)
        #expect(shelf.idleCount == 0)
        shelf.put(try FontMap())
        shelf.put(try FontMap())
        shelf.put(try FontMap())
        #expect(shelf.idleCount == 2)
        _ = (first, second, third)
    }

    @Test("A text object on a reused font map measures as one on a new map, even after the map drew at another scale")
    func reusedMapsMeasureAsNewOnes() throws {
        let shelf = FontMapShelf(capacity: 2)
        let font = ResolvedFont(family: "Inter", size: 17, weight: 400)
        let fresh = try PangoText(shelf: FontMapShelf(capacity: 0)).logicalExtents(of: "Week", font: font)
        do {
            let used = try PangoText(shelf: shelf)
            let surface = try ImageSurface(width: 64, height: 64)
            let context = try CairoContext(surface: surface.pointer)
            cairo_scale(context.pointer, 8, 8)
            used.draw("Week", font: font, at: 0, 0, on: context.pointer)
        }
        #expect(shelf.idleCount == 1)
        #expect(try PangoText(shelf: shelf).logicalExtents(of: "Week", font: font) == fresh)
    }
}
