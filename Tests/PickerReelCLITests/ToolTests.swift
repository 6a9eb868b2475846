import Foundation
import PickerKit
import PickerReel
import TestSupport
import Testing

@testable import PickerReelCLI

/// The built tool, run as a user runs it.
@Suite("pickerreel tool")
struct ToolTests {
    @Test func rendersTheExampleSpecsIntoTheirFolders() throws {
        let folder = try temporaryFolder()
        let run = try runTool([
            "render", fixture("seed-demo.json"), fixture("numbers-vertical.json"), "-o", folder.path, "--format", "png,svg",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let seed = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("seed-demo").path)
        #expect(seed.filter { $0.hasSuffix(".png") }.count == 102)
        #expect(seed.filter { $0.hasSuffix(".svg") }.count == 102)
        #expect(seed.contains("frame-0000.png") && seed.contains("frame-0101.png"))
        let numbers = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("numbers-vertical").path)
        #expect(numbers.count == 2 * 187 + 1, "the frames and pickerreel-manifest.json")
        #expect(run.stderr.contains("seed-demo: 102 frames"))
    }

    @Test func theDefaultRenderIsTheSeedDemoInOutput() throws {
        let folder = try temporaryFolder()
        let run = try runTool(["render", "--quiet"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty)
        let frames = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("Output/seed-demo").path)
        #expect(frames.count == 102 + 1, "the frames and pickerreel-manifest.json")
    }

    @Test func rendersAreByteIdenticalRunToRun() throws {
        let first = try temporaryFolder()
        let second = try temporaryFolder()
        #expect(try runTool(["render", fixture("numbers-vertical.json"), "-o", first.path, "--format", "png,svg", "-q"]).status == 0)
        #expect(try runTool(["render", fixture("numbers-vertical.json"), "-o", second.path, "--format", "png,svg", "-q"]).status == 0)
        #expect(try snapshot(of: first) == snapshot(of: second))
    }

    /// Every format, twice, and once more on one thread: the same bytes (the frames of a render drawn in parallel
    /// are the frames drawn one after another).
    @Test func everyFormatIsByteIdenticalRunToRunAndAtAnyNumberOfJobs() throws {
        let formats = OutputFormat.allCases.map(\.rawValue).joined(separator: ",")
        var snapshots: [[String: Data]] = []
        for jobs in ["2", "2", "1"] {
            let folder = try temporaryFolder()
            let run = try runTool(
                [
                    "render", fixture("seed-demo.json"), fixture("numbers-vertical.json"), "-o", folder.path, "--format", formats, "-j",
                    jobs, "-q",
                ])
            #expect(run.status == 0, "\(run.stderr)")
            snapshots.append(try snapshot(of: folder))
        }
        // PNG and SVG frames, the eight animation files (the Lottie among them), the two manifests (the same bytes
        // too), the two spec folders.
        #expect(snapshots[0].count == 2 * (102 + 187) + 2 * 8 + 2 + 2)
        #expect(snapshots[0] == snapshots[1])
        #expect(snapshots[0] == snapshots[2])
    }

    /// The gallery's specs with shadows, icons and emoji: cairo names the pictures it embeds in an SVG after a
    /// process-wide counter (`image191`), so frames drawn on other threads, or later in a process, were named
    /// differently (50 of the appearance spec's 65 SVG frames differed between `-j 1` and `-j 2`).
    @Test func svgFramesWithEmbeddedPicturesAreByteIdenticalAtAnyNumberOfJobs() throws {
        let specs = ["appearance", "segmented", "emoji"].map { repositoryRoot.appendingPathComponent("Fixtures/gallery/\($0).json").path }
        var snapshots: [[String: Data]] = []
        for jobs in ["1", "2"] {
            let folder = try temporaryFolder()
            let run = try runTool(["render"] + specs + ["-o", folder.path, "--format", "svg,svg-animated", "-j", jobs, "-q"])
            #expect(run.status == 0, "\(run.stderr)")
            snapshots.append(try snapshot(of: folder))
        }
        #expect(snapshots[0].keys.contains { $0.hasSuffix("frame-0020.svg") })
        let differing = snapshots[0].keys.filter { snapshots[0][$0] != snapshots[1][$0] }.sorted()
        #expect(differing.count == 0, "such as \(differing.prefix(3))")
    }

    @Test func layoutPrintsTheDocumentedJSON() throws {
        let run = try runTool(["layout", fixture("numbers-vertical.json")])
        #expect(run.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let canvas = try #require(json["canvas"] as? [String: Any])
        #expect(canvas["scale"] as? Double == 1)
        let segments = try #require(json["segments"] as? [[String: Any]])
        #expect(segments.count == 5)
        #expect(segments[0]["item"] as? Int == 1)
        #expect(Set(segments[0].keys) == ["item", "x", "y", "width", "height"])
        // Equal distribution: every segment the same size; vertical: same x, growing y.
        #expect(Set(segments.map { $0["width"] as? Double ?? -1 }).count == 1)
        #expect((segments[1]["y"] as? Double ?? 0) > (segments[0]["y"] as? Double ?? 0))
    }

    @Test func timelinePrintsEveryFrameWithNullWhenHidden() throws {
        let run = try runTool(["timeline", fixture("numbers-vertical.json")])
        #expect(run.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(json["fps"] as? Double == 60)
        let frames = try #require(json["frames"] as? [[String: Any]])
        #expect(frames.count == 187)
        // Nothing is selected at first, so the first frame's highlight is an explicit null.
        #expect(frames[0]["highlight"] is NSNull)
        let visible = try #require(frames[60]["highlight"] as? [String: Any])
        #expect(Set(visible.keys) == ["x", "y", "width", "height", "cornerRadius", "opacity"])
        #expect(frames.last?["highlight"] is NSNull)
    }

    @Test func frameWritesOnePNGOrSVG() throws {
        let folder = try temporaryFolder()
        let png = folder.appendingPathComponent("moving.png").path
        let svg = folder.appendingPathComponent("moving.svg").path
        #expect(try runTool(["frame", fixture("seed-demo.json"), "--time", "0.78", "-o", png]).status == 0)
        #expect(try runTool(["frame", fixture("seed-demo.json"), "--index", "3", "-o", svg]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: png)).starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(String(decoding: try Data(contentsOf: URL(fileURLWithPath: svg)), as: UTF8.self).contains("<svg"))
        let tooFar = try runTool(["frame", fixture("seed-demo.json"), "--index", "102", "-o", png])
        #expect(tooFar.status == 2)
        #expect(tooFar.stderr.contains("this spec has 102 frames (0 to 101)"))
    }

    @Test func validateReportsEachSpec() throws {
        let folder = try temporaryFolder()
        let bad = folder.appendingPathComponent("bad.json")
        try Data(#"{"items": ["A"], "style": {"highlight": {"opacity": 2}}}"#.utf8).write(to: bad)
        let run = try runTool(["validate", fixture("seed-demo.json"), bad.path])
        #expect(run.status == 2)
        #expect(run.stdout.contains("seed-demo.json: ok"))
        #expect(
            run.stderr == "pickerreel: error: \(bad.path): style.highlight.opacity: expected a number from 0 to 1, found the number 2\n")
    }

    @Test func helpAndUsageErrors() throws {
        let help = try runTool(["--help"])
        #expect(help.status == 0 && help.stdout.contains("Commands:"))
        let renderHelp = try runTool(["render", "--help"])
        #expect(renderHelp.status == 0 && renderHelp.stdout.hasPrefix("Usage: pickerreel render"))
        let wrong = try runTool(["render", "--fromat", "svg"])
        #expect(wrong.status == 2)
        #expect(wrong.stderr.contains("unknown option '--fromat' (did you mean '--format'?)"))
        #expect(try runTool(["frobnicate"]).status == 2)
    }

    /// Each command's usage line names every option its help lists: it is made from the option table (render's
    /// hand-written line had lost --memory and others).
    @Test func everyCommandsUsageLineNamesEveryOptionItLists() throws {
        let help = try runTool(["--help"])
        let commands =
            help.stdout.components(separatedBy: "Commands:\n").last?.split(separator: "\n")
            .prefix { $0.hasPrefix("  ") }.compactMap { $0.split(separator: " ").first.map(String.init) } ?? []
        #expect(commands.count >= 8, "\(help.stdout)")
        for command in commands {
            let run = try runTool([command, "--help"])
            #expect(run.status == 0, "\(command): \(run)")
            let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
            let usage = try #require(lines.first, "\(command)")
            let listed = lines.drop { $0 != "Options:" }.dropFirst().prefix { $0.hasPrefix("  ") }
                .compactMap { $0.split(separator: " ").first { $0.hasPrefix("--") } }
                .map { String($0).trimmingCharacters(in: CharacterSet(charactersIn: ",")) }
            #expect(!listed.isEmpty, "\(command): no options listed")
            for option in listed where option != "--help" {
                let short = lines.first { $0.contains(" \(option)") && $0.hasPrefix("  -") && !$0.hasPrefix("  --") }
                    .flatMap { $0.split(separator: ",").first }.map { $0.trimmingCharacters(in: .whitespaces) }
                #expect(
                    usage.contains("[\(option)") || usage.contains("[\(short ?? option) ") || usage.contains("[\(short ?? option)]"),
                    "pickerreel \(command) --help: the usage line does not name \(option): \(usage)")
            }
        }
    }

    @Test func aMissingSpecFileIsExitTwoWithItsName() throws {
        let run = try runTool(["render", "/nonexistent/spec.json", "-o", try temporaryFolder().path])
        #expect(run.status == 2)
        #expect(run.stderr == "pickerreel: error: /nonexistent/spec.json: (the whole document): cannot read the spec: no such file\n")
    }

    @Test func aFailedRenderLeavesTheOutputFolderAsItWas() throws {
        let folder = try temporaryFolder()
        let output = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: output.appendingPathComponent("big"), withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: output.appendingPathComponent("big/frame-0000.png"))
        let bad = folder.appendingPathComponent("big.json")
        try Data(#"{"items": ["A"], "selection": {"tail": 60}, "output": {"fps": 240}}"#.utf8).write(to: bad)
        let before = try snapshot(of: folder)
        let run = try runTool(["render", bad.path, "-o", output.path])
        #expect(run.status == 2)
        #expect(run.stderr.contains("output.fps"))
        #expect(try snapshot(of: folder) == before)
    }

    @Test func anOutputPathThatIsAFileIsExitTwo() throws {
        let folder = try temporaryFolder()
        let file = folder.appendingPathComponent("taken")
        try Data("x".utf8).write(to: file)
        let run = try runTool(["render", fixture("seed-demo.json"), "-o", file.path])
        #expect(run.status == 2)
        // One message, not one per spec, naming the path and what -o must be.
        #expect(
            run.stderr == "pickerreel: error: \(file.path): is a file, not a folder; -o names the folder that gets one folder per spec\n")
        #expect(try snapshot(of: folder) == ["taken": Data("x".utf8)])
    }

    @Test func anOutputFolderThatCannotBeCreatedIsExitTwoAndNothingIsWritten() throws {
        // A path below a file can never be created, whoever runs the test (root ignores permission bits).
        let folder = try temporaryFolder()
        let file = folder.appendingPathComponent("plain-file")
        try Data("x".utf8).write(to: file)
        let run = try runTool(["render", fixture("seed-demo.json"), "-o", file.appendingPathComponent("frames").path])
        #expect(run.status == 2)
        #expect(run.stderr.contains("plain-file/frames: cannot create the folder (Not a directory)"), "\(run.stderr)")
        #expect(try snapshot(of: folder) == ["plain-file": Data("x".utf8)])
    }
}

@Suite("Progress")
struct ProgressTests {
    @Test func aTerminalGetsAProgressLineAndAPipeDoesNot() throws {
        let folder = try temporaryFolder()
        let tool = try toolURL().path
        // `script` gives the tool a pseudo-terminal, as an interactive shell would.
        let terminal = try runProcess(
            URL(fileURLWithPath: "/usr/bin/script"),
            ["-qec", "\(tool) render \(fixture("numbers-vertical.json")) -o \(folder.path)/tty", "/dev/null"])
        let text = terminal.stdout
        #expect(terminal.status == 0)
        #expect(text.contains("numbers-vertical: frame "), "\(text)")
        let piped = try runTool(["render", fixture("numbers-vertical.json"), "-o", folder.appendingPathComponent("pipe").path])
        #expect(!piped.stderr.contains("frame 1 of"))
        #expect(piped.stderr.hasPrefix("numbers-vertical: 187 frames"))
    }
}

@Suite("GIF output")
struct GIFOutputTests {
    @Test func renderWritesALoopingGIFByteIdenticalRunToRun() throws {
        let first = try temporaryFolder()
        let second = try temporaryFolder()
        for folder in [first, second] {
            let run = try runTool(["render", fixture("seed-demo.json"), "-o", folder.path, "--format", "gif", "-q"])
            #expect(run.status == 0, "\(run.stderr)")
        }
        let bytes = try Data(contentsOf: first.appendingPathComponent("seed-demo/seed-demo.gif"))
        #expect(bytes.starts(with: Array("GIF89a".utf8)))
        // The NETSCAPE2.0 application extension with a loop count of 0: loop forever.
        let netscape = Data("NETSCAPE2.0".utf8)
        let range = try #require(bytes.range(of: netscape))
        #expect(bytes[range.upperBound + 2] == 0 && bytes[range.upperBound + 3] == 0)
        #expect(bytes == (try Data(contentsOf: second.appendingPathComponent("seed-demo/seed-demo.gif"))))
        #expect(bytes.count < 60_000)
    }

    @Test func gifMatteIsParsed() throws {
        guard case .render(let options) = try CommandParser.parse(["render", "--gif-matte", "#101010"]) else {
            Issue.record("expected render")
            return
        }
        #expect(options.gifMatte == .color(.hex("#101010")))
        #expect(throws: UsageError.self) { try CommandParser.parse(["render", "--gif-matte", "bluish"]) }
        // A matte is the page the GIF sits on: it has no alpha to ignore silently (issue 9).
        #expect(throws: UsageError.self) { try CommandParser.parse(["render", "--gif-matte", "#10101080"]) }
        #expect(throws: UsageError.self) { try CommandParser.parse(["render", "--gif-matte", "clear"]) }
    }
}
