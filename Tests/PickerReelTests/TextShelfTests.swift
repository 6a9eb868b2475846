import Foundation
import Testing

@testable import PickerReel
@testable import PickerRender

/// Renderers reuse the Pango objects of renderers gone before (`TextShelf`): the same layout and pixels as
/// with objects of their own, one owner at a time, and never across raster settings.
@Suite("Text shelf")
struct TextShelfTests {
    /// The frames of `spec` drawn with Pango objects made for them alone, as every renderer did before the shelf.
    func freshFrames(_ spec: PickerSpec, file: String) throws -> (layout: PickerLayout, frames: [RGBAImage]) {
        let text = try PangoText()
        let plan = try RenderPlan(spec: spec, file: file, measuringWith: text)
        let drawer = try FrameDrawer(plan: plan, text: text)
        let frames = try (0..<plan.timeline.frameCount).map { try drawer.image(state: plan.timeline.state(forFrame: $0)) }
        return (plan.layout, frames)
    }

    func gallery(_ name: String) -> String {
        repositoryRoot.appendingPathComponent("Fixtures/gallery/\(name).json").path
    }

    @Test("A renderer on reused Pango objects lays out and draws every frame as one on objects of its own")
    func reusedObjectsDrawTheSamePictures() throws {
        let seedFile = repositoryRoot.appendingPathComponent("Fixtures/specs/seed-demo.json").path
        let seed = try PickerSpec(contentsOf: URL(fileURLWithPath: seedFile))
        let fresh = try freshFrames(seed, file: seedFile)
        // Other fonts, sizes, scripts and emoji go through the shelf's objects first, so the seed's renderer
        // gets a font map that has loaded and shaped other things.
        for name in ["arabic", "emoji", "accessibility", "segmented"] {
            let file = gallery(name)
            let renderer = try Renderer(PickerSpec(contentsOf: URL(fileURLWithPath: file)), file: file)
            _ = try renderer.image(frame: renderer.frameCount / 2)
        }
        #expect(TextShelf.shared.idleCount >= 1)
        let renderer = try Renderer(seed, file: seedFile)
        #expect(renderer.layout == fresh.layout)
        for index in 0..<renderer.frameCount {
            #expect(try renderer.image(frame: index) == fresh.frames[index], "frame \(index)")
        }
    }

    @Test("Renderers made and used on many threads at once all draw the pictures of a renderer on its own objects")
    func concurrentRenderersDrawTheSamePictures() throws {
        let file = gallery("arabic")
        let spec = try PickerSpec(contentsOf: URL(fileURLWithPath: file))
        let fresh = try freshFrames(spec, file: file)
        let mismatches = SharedCount()
        DispatchQueue.concurrentPerform(iterations: 24) { round in
            guard let renderer = try? Renderer(spec, file: file) else { return mismatches.add() }
            let index = round * 7 % renderer.frameCount
            if (try? renderer.image(frame: index)) != fresh.frames[index] { mismatches.add() }
        }
        #expect(mismatches.value == 0)
    }

    @Test("An object goes to one owner at a time, is put back once, and the shelf keeps at most its capacity")
    func oneOwnerAtATime() throws {
        let shelf = TextShelf(capacity: 2)
        let first = try shelf.take()
        let second = try shelf.take()
        #expect(first !== second)
        shelf.put(first)
        shelf.put(first)
        #expect(shelf.idleCount == 1)
        #expect(try shelf.take() === first)
        #expect(shelf.idleCount == 0)
        shelf.put(first)
        shelf.put(second)
        shelf.put(try PangoText())
        #expect(shelf.idleCount == 2)
    }

    @Test("An object made under other raster settings is never handed out under the standard ones, nor the reverse")
    func settingsAreNotMixed() throws {
        let shelf = TextShelf(capacity: 4)
        let hinted = TextRasterSettings(hintStyle: .full, hintsMetrics: true, antialias: .none, roundsGlyphPositions: true)
        let other = try TextRasterSettings.$current.withValue(hinted) { try shelf.take() }
        #expect(other.drawsWith == hinted)
        shelf.put(other)
        let standard = try shelf.take()
        #expect(standard !== other)
        #expect(standard.drawsWith == .standard)
        shelf.put(standard)
        let again = try TextRasterSettings.$current.withValue(hinted) { try shelf.take() }
        #expect(again === other)
    }
}

/// A counter for threads.
final class SharedCount: @unchecked Sendable {
    // @unchecked: `count` is only touched while holding `lock`.
    private let lock = NSLock()
    private var count = 0
    func add() {
        lock.lock()
        count += 1
        lock.unlock()
    }
    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}
