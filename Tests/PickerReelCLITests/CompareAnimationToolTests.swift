import AnimationTestSupport
import Foundation
import TestSupport
import Testing

/// `pickerreel compare` of animated goldens (APNG, WebP) through the built tool: compared in time, timing changes in
/// words, differing moments with their times, trees of animations, and the diff animation and strip.
@Suite("pickerreel compare: animations")
struct CompareAnimationToolTests {
    /// The seed demo with `change` applied to its JSON text, written to `folder/name.json`, rendered there as
    /// `formats` (extra arguments after them); returns the folder holding the outputs (`folder/out-name/name/`).
    func render(
        _ name: String, in folder: URL, formats: String = "apng", extra: [String] = [], change: (String) -> String = { $0 }
    ) throws -> URL {
        let text = try String(contentsOfFile: fixture("seed-demo.json"), encoding: .utf8)
        let changed = change(text)
        let spec = folder.appendingPathComponent("\(name).json")
        try changed.write(to: spec, atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("out-\(name)")
        let run = try runTool(["render", spec.path, "--format", formats, "-o", output.path, "-q"] + extra)
        guard run.status == 0 else { throw RenderFailed(message: run.stderr) }
        return output.appendingPathComponent(name)
    }

    @Test func theSameSpecRenderedTwiceAsAPNGMatches() throws {
        let folder = try temporaryFolder()
        let first = try render("first", in: folder).appendingPathComponent("first.png")
        let second = try render("second", in: folder).appendingPathComponent("second.png")
        let run = try runTool(["compare", first.path, second.path, "--verbose"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        // The same render twice is the same bytes: a match without decoding either animation.
        #expect(run.stdout.contains("match         first.png: 0 pixels differ (0%)"), "\(run.stdout)")
    }

    @Test func aChangedSpecNamesTheDifferingMomentsWithTheirTimes() throws {
        let folder = try temporaryFolder()
        let expected = try render("expected", in: folder).appendingPathComponent("expected.png")
        let actual = try render("actual", in: folder) { $0.replacingOccurrences(of: "\"Month\"", with: "\"Mouth\"") }
            .appendingPathComponent("actual.png")
        let run = try runTool(["compare", expected.path, actual.path])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("45 of 45 moments differ: 0 s 44 px, 0.633 s 44 px"), "\(run.stdout)")
        #expect(!run.stdout.contains("fps"), "the timing is the same, so it is not mentioned: \(run.stdout)")

        let json = try runTool(["compare", expected.path, actual.path, "--report", "json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let file = try #require((report["files"] as? [[String: Any]])?.first)
        let animation = try #require(file["animation"] as? [String: Any])
        let moments = try #require(animation["differingMoments"] as? [[String: Any]])
        #expect(moments.count == 45)
        #expect(moments.first?["time"] as? Double == 0)
        #expect(moments.first?["differentPixels"] as? Int == 44)
        #expect(animation["timingChange"] == nil)
        #expect(file["differentPixels"] as? Int == moments.compactMap { $0["differentPixels"] as? Int }.max())
    }

    @Test func aDifferentFrameRateIsReportedInWords() throws {
        let folder = try temporaryFolder()
        let expected = try render("expected", in: folder).appendingPathComponent("expected.png")
        let actual = try render("actual", in: folder) { $0.replacingOccurrences(of: "\"fps\": 30", with: "\"fps\": 60") }
            .appendingPathComponent("actual.png")
        let run = try runTool(["compare", expected.path, actual.path, "--report", "junit", "junit.xml"], in: folder)
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("expected.png: 30 fps → 60 fps, 3.40 s → 3.37 s, 102 frames → 202 frames; "), "\(run.stdout)")
        let junit = try String(contentsOf: folder.appendingPathComponent("junit.xml"), encoding: .utf8)
        #expect(junit.contains("30 fps → 60 fps, 3.40 s → 3.37 s"), "\(junit)")

        // Every report says it: the GitHub annotation, the HTML report, the JSON record.
        let others = try runTool(
            ["compare", expected.path, actual.path, "--report", "github", "--report", "html", "html", "--report", "json=report.json"],
            in: folder)
        #expect(others.status == 1, "\(others.stdout)\(others.stderr)")
        #expect(others.stdout.contains("::error file=") && others.stdout.contains("30 fps → 60 fps, 3.40 s → 3.37 s"), "\(others.stdout)")
        let html = try String(contentsOf: folder.appendingPathComponent("html/index.html"), encoding: .utf8)
        #expect(html.contains("30 fps → 60 fps, 3.40 s → 3.37 s"))
        let report =
            try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("report.json"))) as? [String: Any]
        let animation = (report?["files"] as? [[String: Any]])?.first?["animation"] as? [String: Any]
        #expect(animation?["timingChange"] as? String == "30 fps → 60 fps, 3.40 s → 3.37 s, 102 frames → 202 frames")
        #expect((animation?["expected"] as? [String: Any])?["fps"] as? Double == 30)
        #expect((animation?["actual"] as? [String: Any])?["fps"] as? Double == 60)
    }

    @Test func aDifferentLoopCountAloneIsADifference() throws {
        let folder = try temporaryFolder()
        let expected = try render("expected", in: folder).appendingPathComponent("expected.png")
        let actual = try render("actual", in: folder) {
            $0.replacingOccurrences(of: "\"fps\": 30", with: "\"fps\": 30, \"loop\": 2")
        }.appendingPathComponent("actual.png")
        let run = try runTool(["compare", expected.path, actual.path])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(
            run.stdout.contains("30 fps → 30 fps, 3.40 s → 3.40 s, loops forever → plays 2 times; 45 moments compared, no pixel differs"),
            "\(run.stdout)")
    }

    @Test func anAPNGAgainstAWebPOfTheSameRenderMatches() throws {
        let folder = try temporaryFolder()
        let lossless = try render("demo", in: folder, formats: "apng,webp")
        let exact = try runTool([
            "compare", lossless.appendingPathComponent("demo.png").path, lossless.appendingPathComponent("demo.webp").path,
        ])
        #expect(exact.status == 0, "\(exact.stdout)\(exact.stderr)")

        // Lossy WebP: the same timing, pixels within a tolerance.
        let lossy = try render("lossy", in: folder, formats: "webp", extra: ["--webp-quality", "90"]).appendingPathComponent("lossy.webp")
        let apng = lossless.appendingPathComponent("demo.png").path
        let strict = try runTool(["compare", apng, lossy.path])
        #expect(strict.status == 1, "a lossy WebP differs without a tolerance: \(strict.stdout)")
        #expect(!strict.stdout.contains("fps"), "\(strict.stdout)")
        let tolerant = try runTool(["compare", apng, lossy.path, "--threshold", "0.1", "--max-diff-ratio", "0.02"])
        #expect(tolerant.status == 0, "\(tolerant.stdout)\(tolerant.stderr)")
    }

    @Test func treesOfAnimatedGoldensCompareAsTreesOfPNGsDo() throws {
        let folder = try temporaryFolder()
        let expected = try render("demo", in: folder, formats: "apng,webp").deletingLastPathComponent()
        let same = folder.appendingPathComponent("same")
        try FileManager.default.copyItem(at: expected, to: same)
        let match = try runTool(["compare", expected.path, same.path, "--verbose"])
        #expect(match.status == 0, "\(match.stdout)\(match.stderr)")
        #expect(match.stdout.contains("All 2 files match"), "\(match.stdout)")

        let changed = try render("demo2", in: folder, formats: "webp") {
            $0.replacingOccurrences(of: "\"opacity\": 0.4", with: "\"opacity\": 0.5")
        }
        let actual = folder.appendingPathComponent("actual")
        try FileManager.default.copyItem(at: expected, to: actual)
        let webp = actual.appendingPathComponent("demo/demo.webp")
        try FileManager.default.removeItem(at: webp)
        try FileManager.default.copyItem(at: changed.appendingPathComponent("demo2.webp"), to: webp)
        let run = try runTool(["compare", expected.path, actual.path, "--verbose"])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("match         demo/demo.png: 0 pixels differ"), "\(run.stdout)")
        #expect(run.stdout.contains("differs       demo/demo.webp: 45 of 45 moments differ: 0 s 1,754 px"), "\(run.stdout)")
    }

    @Test func diffWritesAnAnimationAndAStripOfTheDifferingMoments() throws {
        let folder = try temporaryFolder()
        let expected = try render("expected", in: folder).appendingPathComponent("expected.png")
        let actual = try render("actual", in: folder) { $0.replacingOccurrences(of: "\"opacity\": 0.4", with: "\"opacity\": 0.5") }
            .appendingPathComponent("actual.png")
        let diff = folder.appendingPathComponent("diff/demo.png")
        let run = try runTool(["compare", expected.path, actual.path, "--diff", diff.path])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("diff in \(diff.path)"), "\(run.stdout)")
        let chunks = try APNGChunkReader([UInt8](try Data(contentsOf: diff)))
        #expect(chunks.width == 438 && chunks.height == 106)
        #expect(chunks.frameCount >= 1)
        let strip = [UInt8](try Data(contentsOf: folder.appendingPathComponent("diff/demo-strip.png")))
        let number = { (offset: Int) in strip[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        // 45 differing moments, the first 12 side by side.
        #expect(number(16) == 438 * 12 && number(20) == 106)
    }

    @Test func updateReplacesAnAnimatedGoldenWholeThenItMatches() throws {
        let folder = try temporaryFolder()
        let expected = try render("demo", in: folder, formats: "apng,webp").deletingLastPathComponent()
        let other = folder.appendingPathComponent("changed")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        let changed = try render("demo", in: other, formats: "apng,webp") {
            $0.replacingOccurrences(of: "\"opacity\": 0.4", with: "\"opacity\": 0.5")
        }.deletingLastPathComponent()
        let update = try runTool(["compare", expected.path, changed.path, "--update"])
        #expect(update.status == 0, "\(update.stdout)\(update.stderr)")
        #expect(update.stdout.contains("Updated \(expected.path): 2 replaced."), "\(update.stdout)")
        for name in ["demo/demo.png", "demo/demo.webp"] {
            let updated = try Data(contentsOf: expected.appendingPathComponent(name))
            #expect(updated == (try Data(contentsOf: changed.appendingPathComponent(name))), "\(name) is ACTUAL's file")
        }
        #expect(try runTool(["compare", expected.path, changed.path]).status == 0)
    }

    @Test func aFramesFolderAgainstAnAnimationComparesEachFrameAtItsTime() throws {
        let folder = try temporaryFolder()
        let render = try render("demo", in: folder, formats: "png,apng,webp")
        let frames = folder.appendingPathComponent("frames")
        try FileManager.default.createDirectory(at: frames, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: render.path) where name.hasPrefix("frame-") {
            try FileManager.default.copyItem(at: render.appendingPathComponent(name), to: frames.appendingPathComponent(name))
        }
        for animation in ["demo.png", "demo.webp"] {
            let path = render.appendingPathComponent(animation).path
            let forward = try runTool(["compare", frames.path, path, "--verbose"])
            #expect(forward.status == 0, "\(forward.stdout)\(forward.stderr)")
            #expect(forward.stdout.contains("frames: 45 moments compared, no pixel differs (30 fps, 3.40 s"), "\(forward.stdout)")
            let backward = try runTool(["compare", path, frames.path])
            #expect(backward.status == 0, "\(backward.stdout)\(backward.stderr)")
        }
        // Frame 30 (1 s) swapped for frame 60: the moment at 1 s differs.
        try FileManager.default.removeItem(at: frames.appendingPathComponent("frame-0030.png"))
        try FileManager.default.copyItem(
            at: render.appendingPathComponent("frame-0060.png"), to: frames.appendingPathComponent("frame-0030.png"))
        let run = try runTool(["compare", frames.path, render.appendingPathComponent("demo.png").path])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("frames: 1 of 47 moments differ: 1 s "), "\(run.stdout)")
    }

    @Test func mergedReportsKeepTheTimingWordsAndMoments() throws {
        let folder = try temporaryFolder()
        let expected = try render("expected", in: folder).appendingPathComponent("expected.png")
        let actual = try render("actual", in: folder) { $0.replacingOccurrences(of: "\"fps\": 30", with: "\"fps\": 60") }
            .appendingPathComponent("actual.png")
        let shard = folder.appendingPathComponent("shard.json").path
        let compare = try runTool(["compare", expected.path, actual.path, "--report", "json=\(shard)"])
        #expect(compare.status == 1, "\(compare.stderr)")
        let merged = try runTool(["merge-reports", shard])
        #expect(merged.status == 1, "\(merged.stderr)")
        let line = try #require(compare.stdout.split(separator: "\n").first)
        #expect(merged.stdout.contains(line), "merged: \(merged.stdout)\none compare: \(compare.stdout)")
        #expect(line.contains("30 fps → 60 fps"))
    }

    @Test func aStillPictureAgainstAnAnimationIsExitTwoNamingBoth() throws {
        let folder = try temporaryFolder()
        let animation = try render("demo", in: folder).appendingPathComponent("demo.png")
        let still = folder.appendingPathComponent("still.png")
        let frame = try runTool(["frame", fixture("seed-demo.json"), "--time", "0", "-o", still.path])
        #expect(frame.status == 0, "\(frame.stderr)")
        let run = try runTool(["compare", still.path, animation.path])
        #expect(run.status == 2)
        #expect(
            run.stderr.contains("\(still.path) is a still picture but \(animation.path) is an animation (APNG or WebP)"), "\(run.stderr)")
    }
}
