import Foundation
import PickerReel
import Synchronization
import TestSupport
import Testing

/// The public API the command-line tool is built on: a plan without drawing, and a batch of specs written side by
/// side with its name checks, manifests and up-to-date check.
@Suite("Render batch and plan")
struct RenderBatchTests {
    /// A plan has the layout, timeline, size and warnings of the renderer made from the same spec.
    @Test func aPlanAgreesWithTheRenderer() throws {
        let spec = PickerSpec.seedDemo
        let variant = spec.variants.last
        let plan = try Renderer.Plan(spec, variant: variant)
        let renderer = try Renderer(spec, variant: variant)
        #expect(plan.layout == renderer.layout)
        #expect(plan.timeline.frameCount == renderer.frameCount && plan.timeline.duration == renderer.duration)
        #expect(plan.pixelSize == renderer.pixelSize)
        #expect(plan.warnings == renderer.warnings)
        #expect(plan.spec == renderer.spec)
    }

    /// Two entries named alike would write into one folder: the batch refuses them, naming both files.
    @Test func entriesWithOneFolderNameAreRefused() throws {
        let entries = [
            RenderBatch.Entry(name: "demo", spec: .seedDemo, file: "a/demo.json"),
            RenderBatch.Entry(name: "demo", spec: .seedDemo, file: "b/demo.json"),
        ]
        #expect(
            throws: RenderError.invalidOption(
                "a/demo.json and b/demo.json are both named \"demo\"; their output folders would be the same (rename one)")
        ) { try RenderBatch(entries, formats: [.png]) }
    }

    /// Every entry is written into its folder, each with its manifest; a second write finds them up to date and draws
    /// nothing, unless told to render them anyway.
    @Test func aBatchWritesEachFolderAndSkipsThoseUpToDate() throws {
        let parent = try temporaryFolder()
        let entries = ["one", "two"].map { name in
            RenderBatch.Entry(name: name, spec: .seedDemo, recordedOptions: ["formats": "png"])
        }
        var batch = try RenderBatch(entries, formats: [.png], options: WriteOptions(jobs: 2))
        batch.every = 0.5
        let written = Mutex<[Int]>([])
        let upToDate = Mutex<[Int]>([])
        let failures = batch.write(into: parent) { event in
            switch event {
            case .written(let entry, let summary, _):
                #expect(summary.momentCount != nil)
                written.withLock { $0.append(entry) }
            case .upToDate(let entry, _): upToDate.withLock { $0.append(entry) }
            default: break
            }
        }
        #expect(failures.isEmpty, "\(failures)")
        #expect(written.withLock { $0.sorted() } == [0, 1])
        for entry in entries {
            let files = try FileManager.default.contentsOfDirectory(atPath: parent.appendingPathComponent(entry.name).path)
            #expect(files.contains("pickerreel-manifest.json") && files.contains { $0.hasSuffix("s.png") }, "\(files)")
        }
        written.withLock { $0 = [] }
        #expect(
            batch.write(into: parent) { event in
                if case .upToDate(let entry, _) = event { upToDate.withLock { $0.append(entry) } }
                if case .written(let entry, _, _) = event { written.withLock { $0.append(entry) } }
            }.isEmpty)
        #expect(upToDate.withLock { $0.sorted() } == [0, 1] && written.withLock { $0 }.isEmpty)
        batch.rendersUpToDate = true
        #expect(
            batch.write(into: parent) { event in
                if case .written(let entry, _, _) = event { written.withLock { $0.append(entry) } }
            }.isEmpty)
        #expect(written.withLock { $0.sorted() } == [0, 1])
    }
}
