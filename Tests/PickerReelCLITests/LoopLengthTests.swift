import AnimationTestSupport
import Foundation
import PickerKit
import PickerRender
import TestSupport
import Testing

/// One loop for every animated format: N frames at `fps` play for N / fps, each frame (the last, settled one
/// included) on screen for 1 / fps, in the GIF, APNG, WebP, video and animated SVG the tool writes.
///
/// The spec lasts T = 0.2 + 0.35 + 0.61 = 1.16 s, so it has N = ⌊1.16 × 30 + 0.5⌋ + 1 = 36 frames, the last at
/// 35 / 30 = 1.1667 s, after T: a format that loops at T skips the last frame's span.
@Suite("One loop for every animated format")
struct LoopLengthTests {
    static let spec = """
        {
          "items": ["One", "Two"],
          "selection": { "initial": "One", "sequence": [{ "select": "Two", "after": 0.2 }], "tail": 0.61 },
          "style": { "background": "white", "highlight": { "color": "black" }, "labelColor": "gray" },
          "animation": { "curve": "linear", "duration": 0.35 },
          "output": { "fps": 30, "scale": 2 }
        }
        """
    /// N / fps.
    static let loop = 36.0 / 30

    /// Renders the spec as `formats` into a new folder; returns the folder the files are in.
    func render(_ formats: String) throws -> URL {
        let folder = try temporaryFolder()
        let spec = folder.appendingPathComponent("loop.json")
        try Data(Self.spec.utf8).write(to: spec)
        let run = try runTool(["render", spec.path, "-o", folder.appendingPathComponent("out").path, "--format", formats, "-q"])
        try #require(run.status == 0, "\(run.stderr)")
        return folder.appendingPathComponent("out/loop")
    }

    @Test func everyAnimatedFormatLoopsAfterNFramesAtItsRate() throws {
        let folder = try render("gif,apng,webp,webm,svg-animated")
        let gif = try DecodedGIF(Array(try Data(contentsOf: folder.appendingPathComponent("loop.gif"))))
        #expect(gif.frames.map(\.delay).reduce(0, +) == 120, "GIF delays in cs: \(gif.frames.map(\.delay))")
        let apng = try APNGChunkReader(Array(try Data(contentsOf: folder.appendingPathComponent("loop.png"))))
        let apngLength = apng.frames.map(\.delay).reduce(0, +)
        #expect(abs(apngLength - Self.loop) < 1e-6, "APNG delays add up to \(apngLength) s")
        let webp = try DecodedWebP(Array(try Data(contentsOf: folder.appendingPathComponent("loop.webp"))))
        #expect(webp.durations.reduce(0, +) == 1200, "WebP durations in ms: \(webp.durations)")
        let printed = try runProcess(
            URL(fileURLWithPath: "/usr/bin/ffprobe"),
            ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", folder.appendingPathComponent("loop.webm").path]
        ).stdout
        let videoLength = try #require(Double(printed.trimmingCharacters(in: .whitespacesAndNewlines)), "ffprobe printed \(printed)")
        #expect(abs(videoLength - Self.loop) < 0.002, "the WebM lasts \(videoLength) s")
        let svg = try String(contentsOf: folder.appendingPathComponent("loop.svg"), encoding: .utf8)
        let durations = Set(svg.matches(of: /dur="([^"]*)"/).map { String($0.output.1) })
        #expect(durations == ["1.2s"], "the animated SVG's animations last \(durations)")
    }

    /// Chromium paused within the last frame's span, after T, shows the last PNG frame, not the first.
    @Test(arguments: [1.17, 1.19])
    func theAnimatedSVGShowsTheLastFrameForItsWholeSpan(time: Double) throws {
        guard Chromium.path != nil else {
            Issue.record("Chromium is not installed; `make test` installs it (scripts/install-dependencies.sh --test)")
            return
        }
        let folder = try render("png,svg-animated")
        let svg = try String(contentsOf: folder.appendingPathComponent("loop.svg"), encoding: .utf8)
        let frames = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".png") }.sorted()
        try #require(frames.count == 36, "\(frames)")
        let last = folder.appendingPathComponent(frames[35])
        let expected = try PNGFile.read(last.path)
        let cropped = try pausedSVGPicture(
            svg: svg, time: time, width: expected.width, height: expected.height, scale: 2, in: folder)
        let actual = folder.appendingPathComponent("chromium-cropped.png")
        try AtomicFile.write(try PNGFile.encode(cropped), to: actual.path)
        // Another rasteriser's edges: pixelmatch's own threshold and 0.5% of pixels, as the other browser tests.
        let compare = try runTool([
            "compare", last.path, actual.path, "--threshold", "0.1", "--max-diff-ratio", "0.005", "--report", "json",
        ])
        #expect(compare.status == 0, "at \(time) s Chromium does not show the last frame \(frames[35]): \(compare.stdout)")
    }
}
