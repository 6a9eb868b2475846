import AnimationTestSupport
import Foundation
import TestSupport
import Testing

/// `--format lottie`: one Lottie JSON document per spec-variant, played by rlottie (an independent player, PyPI's
/// rlottie-python) and read by PyPI's `lottie` package, through the built binary as a user runs it.
///
/// The pictures of every cross-format fixture are checked at their moments in `CrossFormatTests` (`LottieRow`); here
/// every frame of the seed demo goes through `pickerreel compare`, with the tolerance rlottie's own glyph
/// anti-aliasing needs, and the hostile cases of the new format.
@Suite("Lottie")
struct LottieTests {
    /// rlottie's frames of the seed demo against the tool's PNG frames, through `compare`: YIQ threshold 0.1 and at
    /// most 40 differing pixels a frame (measured: at most 21 of 46,428, glyph edges that rlottie anti-aliases on its
    /// own; the default threshold 0.02 counts 57).
    static let seedDemoTolerance = ["--threshold", "0.1", "--max-diff-pixels", "40"]

    @Test func theSeedDemoPlaysInRlottieFrameForFrameAsThePNGFramesShowIt() throws {
        let work = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let output = work.appendingPathComponent("out")
        let render = try runTool(
            ["render", fixture("seed-demo.json"), "-o", output.path, "--format", "lottie,svg-animated,png", "-q"], timeLimit: 120)
        try #require(render.status == 0, "\(render)")
        let folder = output.appendingPathComponent("seed-demo")
        let lottiePath = folder.appendingPathComponent("seed-demo.lottie.json").path
        let document = try Data(contentsOf: URL(fileURLWithPath: lottiePath))
        let json = try #require(try JSONSerialization.jsonObject(with: document) as? [String: Any])
        let frames = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("frame-") }.sorted()
        #expect(frames.count == 102)
        #expect(json["fr"] as? Int == 30 && json["ip"] as? Int == 0 && json["op"] as? Int == frames.count, "\(json.keys)")
        #expect(json["w"] as? Int == 438 && json["h"] as? Int == 106)

        // Every frame as rlottie plays it, named as the PNG frames, compared by the tool itself.
        let expected = work.appendingPathComponent("expected/seed-demo")
        let played = work.appendingPathComponent("rlottie/seed-demo")
        for made in [expected, played] { try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true) }
        for frame in frames {
            try FileManager.default.copyItem(at: folder.appendingPathComponent(frame), to: expected.appendingPathComponent(frame))
        }
        let printed = try RlottiePlayer.writeFrames(of: lottiePath, frameNumbers: Array(0..<frames.count), into: played)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(printed.utf8)) as? [String: Any])
        #expect(abs(((report["duration"] as? Double) ?? 0) - 102.0 / 30) < 1e-3, "rlottie plays \(report)")
        let reading = try #require(report["lottie"] as? [String: Any])
        #expect(reading["error"] == nil, "the lottie package could not read it: \(reading)")
        #expect(reading["layers"] as? Int == (json["layers"] as? [Any])?.count && reading["outPoint"] as? Double == 102, "\(reading)")
        let compared = try runTool(
            ["compare", expected.deletingLastPathComponent().path, played.deletingLastPathComponent().path] + Self.seedDemoTolerance)
        #expect(compared.status == 0, "\(compared)")

        // The check can fail: the same comparison with the Lottie of a blue highlight fails.
        let spec = try String(contentsOfFile: fixture("seed-demo.json"), encoding: .utf8)
        let blue = spec.replacingOccurrences(of: "\"color\": \"gray\"", with: "\"color\": \"blue\"")
        try #require(blue != spec)
        let darker = try writeSpec(blue, named: "seed-demo.json", in: work)
        let mutatedOutput = work.appendingPathComponent("mutated")
        let mutatedRender = try runTool(["render", darker, "-o", mutatedOutput.path, "--format", "lottie", "-q"], timeLimit: 120)
        try #require(mutatedRender.status == 0, "\(mutatedRender)")
        try FileManager.default.removeItem(at: played)
        try FileManager.default.createDirectory(at: played, withIntermediateDirectories: true)
        _ = try RlottiePlayer.writeFrames(
            of: mutatedOutput.appendingPathComponent("seed-demo/seed-demo.lottie.json").path, frameNumbers: Array(0..<frames.count),
            into: played)
        let caught = try runTool(
            ["compare", expected.deletingLastPathComponent().path, played.deletingLastPathComponent().path] + Self.seedDemoTolerance)
        #expect(caught.status == 1, "a highlight of another colour passes: \(caught)")
    }

    /// The README's figure: the seed demo's Lottie is at most three times its animated SVG, and compresses as JSON
    /// does (gzip -9 to under a third).
    @Test func theSeedDemoLottieIsAtMostThreeTimesItsAnimatedSVG() throws {
        let work = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let render = try runTool(["render", fixture("seed-demo.json"), "-o", work.path, "--format", "lottie,svg-animated", "-q"])
        try #require(render.status == 0, "\(render)")
        let lottie = work.appendingPathComponent("seed-demo/seed-demo.lottie.json")
        let lottieBytes = try Data(contentsOf: lottie).count
        let svgBytes = try Data(contentsOf: work.appendingPathComponent("seed-demo/seed-demo.svg")).count
        #expect(lottieBytes <= 3 * svgBytes, "\(lottieBytes) B of Lottie against \(svgBytes) B of animated SVG")
        let gzip = try runProgram("gzip", ["-9c", lottie.path])
        #expect(
            gzip.status == 0 && gzip.standardOutput.count * 3 < lottieBytes, "gzip -9: \(gzip.standardOutput.count) B of \(lottieBytes)")
    }

    /// The same bytes run to run and at any number of jobs, as every format.
    @Test func theLottieIsTheSameBytesRunToRunAndAtAnyNumberOfJobs() throws {
        let work = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let specs = [fixture("seed-demo.json"), repositoryRoot.appendingPathComponent("Fixtures/gallery/appearance.json").path]
        var documents: [[String: Data]] = []
        for (index, jobs) in ["1", "4"].enumerated() {
            let output = work.appendingPathComponent("run\(index)")
            let run = try runTool(["render"] + specs + ["-o", output.path, "--format", "lottie", "-j", jobs, "-q"], timeLimit: 120)
            try #require(run.status == 0, "\(run)")
            documents.append(try snapshot(of: output).filter { $0.key.hasSuffix(".lottie.json") })
        }
        #expect(documents[0].count == 2 && documents[0] == documents[1])
    }

    // MARK: Hostile

    /// A misspelt format is a usage error that lists lottie among the formats.
    @Test func aMisspeltFormatIsExitTwoListingLottie() throws {
        let work = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let run = try runTool(["render", fixture("seed-demo.json"), "-o", work.path, "--format", "lotie"])
        #expect(!run.trapped && run.status == 2, "\(run)")
        #expect(run.stderr.contains("unknown format 'lotie'") && run.stderr.contains("lottie"), "\(run)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: work.path).isEmpty)
    }

    /// `--times` writes PNG pictures of moments; asked for with only a Lottie it is a usage error, nothing written.
    @Test func timesWithOnlyALottieIsExitTwo() throws {
        let work = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let run = try runTool(["render", fixture("seed-demo.json"), "-o", work.path, "--format", "lottie", "--times", "0,0.5"])
        #expect(!run.trapped && run.status == 2 && run.stderr.contains("--times"), "\(run)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: work.path).isEmpty)
    }

    /// A spec name that fits every other file but makes `<name>.lottie.json` longer than 255 bytes is refused
    /// before anything is written, naming the length.
    @Test func aNameTooLongForTheLottieFileIsRefusedBeforeWriting() throws {
        let work = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        // 244 bytes: `<name>-sheet.png` is 254, `<name>.lottie.json` 256.
        let spec = try writeSpec(#"{ "items": ["A", "B"] }"#, named: String(repeating: "a", count: 244) + ".json", in: work)
        let output = work.appendingPathComponent("out")
        let run = try runTool(["render", spec, "-o", output.path, "--format", "lottie"])
        #expect(!run.trapped && run.status == 2 && run.errorLines.count == 1, "\(run)")
        #expect(run.stderr.contains("256 bytes") && run.stderr.contains("255"), "\(run)")
        #expect(((try? FileManager.default.subpathsOfDirectory(atPath: output.path)) ?? []).isEmpty)
        #expect(try runTool(["render", spec, "-o", output.path, "--format", "sheet", "-q"]).status == 0)
    }

    /// A bad spec rendered as Lottie is exit 2 naming the field, and the output folder stays exactly as it was.
    @Test func aBadSpecLeavesAnEarlierLottieAsItWas() throws {
        let work = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let spec = try writeSpec(#"{ "items": ["A", "B"] }"#, named: "pick.json", in: work)
        let output = work.appendingPathComponent("out")
        try #require(try runTool(["render", spec, "-o", output.path, "--format", "lottie", "-q"]).status == 0)
        let before = try snapshot(of: output)
        try writeSpec(#"{ "items": ["A", "B"], "style": { "highlight": { "opacity": 1.5 } } }"#, named: "pick.json", in: work)
        let run = try runTool(["render", spec, "-o", output.path, "--format", "lottie"])
        #expect(!run.trapped && run.status == 2 && run.stderr.contains("style.highlight.opacity"), "\(run)")
        #expect(try snapshot(of: output) == before)
    }

    /// A `<name>.lottie.json` that is a link out of the output folder is replaced, never written through.
    @Test func aLottieFileThatIsALinkIsReplacedNotWrittenThrough() throws {
        let work = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let spec = try writeSpec(#"{ "items": ["A", "B"] }"#, named: "pick.json", in: work)
        let outside = work.appendingPathComponent("outside.txt")
        try Data("keep me".utf8).write(to: outside)
        let folder = work.appendingPathComponent("out/pick")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("pick.lottie.json").path, withDestinationPath: outside.path)
        let run = try runTool(["render", spec, "-o", work.appendingPathComponent("out").path, "--format", "lottie", "-q"])
        #expect(!run.trapped && run.status == 0, "\(run)")
        #expect(try String(contentsOf: outside, encoding: .utf8) == "keep me")
        let written = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("pick.lottie.json").path)
        #expect(written[.type] as? FileAttributeType == .typeRegular)
    }
}
