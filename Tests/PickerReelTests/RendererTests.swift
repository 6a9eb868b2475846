import Foundation
import TestSupport
import Testing

@testable import PickerReel

/// The library's entry points, as another package calls them.
@Suite("Renderer")
struct RendererTests {
    /// A video written through the library and the tool gets the format's fixed encoder threads, whatever the
    /// machine: three frame threads for x264, two tile and row threads for libvpx (the bytes depend on the count).
    @Test func videosAreEncodedWithEachFormatsFixedThreadCount() throws {
        #expect(try VideoOptions().encoderOptions(for: .mp4).threadCount == 3)
        #expect(try VideoOptions(chroma: .yuv444, crf: 18).encoderOptions(for: .mp4).threadCount == 3)
        #expect(try VideoOptions().encoderOptions(for: .webm).threadCount == 2)
    }

    /// Threads take the runs of identical frames longest first, ties in frame order, so the long holds are shared
    /// out first and none is left to one thread at the end; every run is still written once.
    @Test func holdsAreTakenLongestFirst() throws {
        let runs = [0..<19, 19..<20, 20..<21, 21..<29, 29..<30, 30..<49]
        #expect(Renderer.longestFirst(runs) == [0..<19, 30..<49, 21..<29, 19..<20, 20..<21, 29..<30])
        let seed = Renderer.holdRuns(of: try Renderer(.seedDemo).timeline)
        let taken = Renderer.longestFirst(seed)
        #expect(taken.sorted { $0.lowerBound < $1.lowerBound } == seed)
        #expect(zip(taken, taken.dropFirst()).allSatisfy { $0.count >= $1.count })
    }

    /// The snippet of issue 10 and the README's "Use it from Swift", as written.
    @Test func theReadmeSnippetRuns() throws {
        var spec = try PickerSpec(
            items: ["Day", "Week", "Month"], initial: "Day",
            changes: [.select("Week", after: 0.3), .select("Month", after: 0.6, curve: .easeInOut)])
        spec.style.highlight.color = .indigo
        let renderer = try Renderer(spec)
        let png: Data = try renderer.png(at: 0.5)
        let gif: Data = try renderer.gif()
        let folder = try temporaryFolder().appendingPathComponent("period")
        try renderer.write(formats: [.png, .gif], to: folder)
        let json: Data = try spec.jsonData()
        #expect(try PickerSpec(json: json) == spec)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(gif.starts(with: Array("GIF89a".utf8)))
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(files.contains("period.gif") && files.filter { $0.hasPrefix("frame-") }.count == renderer.frameCount)
    }

    @Test func aSpecMadeInvalidInCodeThrowsItsSpecError() throws {
        var spec = try PickerSpec(items: ["A", "B"])
        spec.style.highlight.opacity = 1.5
        #expect {
            try Renderer(spec)
        } throws: { error in
            (error as? SpecError)?.description == "style.highlight.opacity: expected a number from 0 to 1, found the number 1.5"
        }
        spec.style.highlight.opacity = nil
        spec.items.append("A")
        #expect(throws: SpecError.self) { try Renderer(spec) }
    }

    /// The last frame is the settled state at every entry point: `at: duration` and `frame: last` agree.
    @Test(arguments: ["seed-demo", "numbers-vertical"])
    func theEndOfTheAnimationIsTheLastFrame(name: String) throws {
        let renderer = try Renderer(try fixtureSpec(name))
        let last = try renderer.image(frame: renderer.frameCount - 1)
        #expect(try renderer.image(at: renderer.duration) == last)
        #expect(try renderer.image(at: renderer.duration + 100) == last)
        #expect(try renderer.png(at: renderer.duration) == renderer.png(frame: renderer.frameCount - 1))
        #expect(try renderer.image(at: 0) == renderer.image(frame: 0))
    }

    /// When the last frame comes before everything has settled (fps 1 with no tail: one frame; fps 2: two), every
    /// entry point shows the settled state from its time: `frame --time`, the frame files and the animated SVG agree.
    @Test(arguments: [(1.0, 0.0), (2.0, 0.25)])
    func aLastFrameBeforeSettlingIsTheSettledStateFromItsTime(fps: Double, after: Double) throws {
        var spec = try PickerSpec(items: ["Day", "Week"], initial: "Day", changes: [.select("Week", after: after)])
        spec.tail = 0
        spec.output.fps = fps
        spec.output.scale = 1
        let renderer = try Renderer(spec)
        let last = renderer.frameCount - 1
        let lastTime = Double(last) / fps
        #expect(lastTime < renderer.timeline.settleTime)
        #expect(try renderer.png(at: lastTime) == renderer.png(frame: last))
        #expect(try renderer.svg(at: lastTime) == renderer.svg(frame: last))
        // Just before it, the motion still shows.
        if last > 0 { #expect(try renderer.image(at: lastTime - 0.01) != renderer.image(frame: last)) }
        let animated = String(decoding: try renderer.animatedSVG(), as: UTF8.self)
        // One frame: nothing moves; two: the highlight still jumps to its place at the last frame's time.
        #expect(animated.contains("<animate") == (last > 0))
    }

    @Test func momentsOutsideTheAnimationAreErrorsNotTraps() throws {
        let renderer = try Renderer(.seedDemo)
        for time in [-0.001, -.infinity, .nan, .infinity] {
            #expect(throws: RenderError.self) { try renderer.image(at: time) }
        }
        for frame in [-1, renderer.frameCount, .max, .min] {
            #expect(throws: RenderError.self) { try renderer.png(frame: frame) }
        }
    }

    /// A renderer is `Sendable`: many threads at once get the pictures one thread gets.
    @Test func manyThreadsAtOnceGetTheSameBytesAsOne() throws {
        let renderer = try Renderer(try fixtureSpec("numbers-vertical"))
        let frames = Array(stride(from: 0, to: renderer.frameCount, by: 7))
        let expected = try frames.map { try renderer.png(frame: $0) }
        let results = ResultBox(count: frames.count)
        DispatchQueue.concurrentPerform(iterations: frames.count * 3) { job in
            let index = job % frames.count
            results.set(index, try? renderer.png(frame: frames[index]))
        }
        #expect(results.values == expected.map(Optional.some))
    }

    /// The built-in demo is the fixture the docs show, not a second copy that could drift.
    @Test func theBuiltInSeedDemoIsTheFixture() throws {
        #expect(PickerSpec.seedDemo == (try fixtureSpec("seed-demo")))
        #expect(try PickerSpec.seedDemo.jsonData() == (try fixtureSpec("seed-demo").jsonData()))
    }

    @Test func writingReplacesOnlyTheFilesOfTheFormatsWritten() throws {
        let renderer = try Renderer(try fixtureSpec("numbers-vertical"))
        let folder = try temporaryFolder().appendingPathComponent("numbers")
        try renderer.write(formats: [.png], to: folder)
        let pngs = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".png") }.sorted()
        try renderer.write(formats: [.gif, .sheet], to: folder)
        let after = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(after.filter { $0.hasPrefix("frame-") } == pngs)
        #expect(after.contains("numbers.gif") && after.contains("numbers-sheet.png"))
    }

    /// Every rename of the switch failing in turn, through `write` itself: each failure leaves the folder as it was.
    ///
    /// A file of the user's beside the render keeps the switch file by file (the next test covers the exchange of a
    /// folder the render owns entirely).
    @Test func aWriteThatFailsAtAnyRenameLeavesTheFolderAsItWas() throws {
        var spec = try fixtureSpec("seed-demo")
        spec.output.fps = 4
        let renderer = try Renderer(spec)
        let folder = try temporaryFolder().appendingPathComponent("seed")
        try renderer.write(formats: [.png, .gif], to: folder)
        try Data("mine".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        let before = try contents(of: folder)
        var changed = spec
        changed.style.highlight.color = .red
        let other = try Renderer(changed)
        var failing = 1
        while true {
            var options = WriteOptions()
            options.failsRename = RenameFaults(failing: failing).shouldFail
            do {
                try other.write(formats: [.png, .gif], to: folder, options: options)
                break
            } catch {
                #expect(try contents(of: folder) == before, "rename \(failing)")
            }
            failing += 1
            try #require(failing < 200)
        }
        #expect(try contents(of: folder) != before)
        #expect(failing > 2 * renderer.frameCount)
    }

    /// A render again into a folder holding only an earlier render of the same formats exchanges the folder whole,
    /// and either of its two renames failing still leaves the new render (through the switch file by file).
    @Test(arguments: [nil, 1, 2]) func aWriteIntoAFolderItOwnsEntirelyGivesTheWholeNewRender(failing: Int?) throws {
        var spec = try fixtureSpec("seed-demo")
        spec.output.fps = 4
        let folder = try temporaryFolder().appendingPathComponent("seed")
        try Renderer(spec).write(formats: [.png, .gif], to: folder)
        spec.style.highlight.color = .red
        let other = try Renderer(spec)
        let expected = try temporaryFolder().appendingPathComponent("seed")
        try other.write(formats: [.png, .gif], to: expected)
        var options = WriteOptions()
        let faults = RenameFaults(failing: failing ?? 0)
        options.failsRename = faults.shouldFail
        try other.write(formats: [.png, .gif], to: folder, options: options)
        #expect(try contents(of: folder) == contents(of: expected))
        #expect(failing == nil ? faults.attempts == 2 : faults.attempts > 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.deletingLastPathComponent().path) == ["seed"])
    }

    @Test func aNameWhoseAnimationFileWouldBeAFrameIsRefused() throws {
        let renderer = try Renderer(.seedDemo)
        let folder = try temporaryFolder().appendingPathComponent("x")
        #expect(throws: RenderError.self) {
            try renderer.write(formats: [.svg, .svgAnimated], to: folder, options: WriteOptions(name: "frame-0001"))
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }

    func contents(of folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            files[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return files
    }
    /// Progress counts every frame file and every frame an animation encoder draws, once, up to the total it gives.
    @Test func progressCountsEveryFrameOnceUpToItsTotal() throws {
        let renderer = try Renderer(try fixtureSpec("seed-demo"))
        let calls = ProgressLog()
        let options = WriteOptions(jobs: 2) { done, total in calls.add(done, total) }
        let formats: [OutputFormat] = [.png, .svg, .gif, .apng, .webp, .mp4, .webm, .sheet, .svgAnimated]
        try renderer.write(formats: formats, to: try temporaryFolder().appendingPathComponent("progress"), options: options)
        let frames = renderer.frameCount
        let expected = frames * 7
        #expect(calls.totals == [expected])
        #expect(calls.done.sorted() == Array(1...expected))
    }

}

/// Results written by several threads, one slot each.
final class ResultBox: @unchecked Sendable {
    // @unchecked: `slots` is only touched while holding `lock`.
    private let lock = NSLock()
    private var slots: [Data?]
    private var conflicts = false

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: Data?) {
        lock.lock()
        if let existing = slots[index], existing != value { conflicts = true }
        slots[index] = conflicts ? nil : value
        lock.unlock()
    }

    var values: [Data?] {
        lock.lock()
        defer { lock.unlock() }
        return slots
    }
}

/// What a progress callback was called with, from any thread.
final class ProgressLog: @unchecked Sendable {
    // @unchecked: the arrays are only touched while holding `lock`.
    private let lock = NSLock()
    private var doneValues: [Int] = []
    private var totalValues: Set<Int> = []

    func add(_ done: Int, _ total: Int) {
        lock.lock()
        doneValues.append(done)
        totalValues.insert(total)
        lock.unlock()
    }

    var done: [Int] {
        lock.lock()
        defer { lock.unlock() }
        return doneValues
    }

    var totals: [Int] {
        lock.lock()
        defer { lock.unlock() }
        return Array(totalValues)
    }
}
