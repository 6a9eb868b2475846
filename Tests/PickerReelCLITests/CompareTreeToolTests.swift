import Foundation
import PickerReelCLI
import TestSupport
import Testing

/// `pickerreel compare` on folder trees through the built tool: the batch layout, exit statuses, quiet and
/// verbose text, nothing to compare, usage errors.
@Suite("pickerreel compare: trees and exit statuses")
struct CompareTreeToolTests {
    @Test("two batch renders (one folder per spec) match with one summary line and exit 0; --verbose prints a line per file")
    func batchLayoutMatches() throws {
        let (expected, actual) = try batchRenders(in: try temporaryFolder())
        let run = try runTool(["compare", expected.path, actual.path])
        #expect(run.status == 0, "\(run.stderr)")
        let frames = try FileManager.default.subpathsOfDirectory(atPath: expected.path).filter { $0.hasSuffix(".png") }.count
        #expect(frames > 200)
        #expect(run.stdout == "All \(frames) files match (yiq, threshold 0.02, no differing pixel allowed).\n")
        let verbose = try runTool(["compare", expected.path, actual.path, "--verbose"])
        // A line per spec, then its frames, the frames of a hold with the same outcome as one line.
        let lines = verbose.stdout.split(separator: "\n")
        #expect(lines.contains("seed-demo: all 102 frames match") && lines.contains { $0.hasPrefix("numbers-vertical: all ") })
        #expect(lines.count > 3 && lines.count < frames, "\(verbose.stdout)")
        #expect(verbose.stdout.contains("  match         seed-demo/frame-0000.png"))
    }

    @Test("a changed, an added, a removed and a resized frame inside spec folders are each reported, exit 1")
    func differencesInSubfolders() throws {
        let folder = try temporaryFolder()
        let (expected, actual) = try batchRenders(in: folder)
        let seed = actual.appendingPathComponent("seed-demo")
        try FileManager.default.removeItem(at: seed.appendingPathComponent("frame-0003.png"))
        try FileManager.default.copyItem(
            at: seed.appendingPathComponent("frame-0040.png"), to: seed.appendingPathComponent("frame-0002.png.new"))
        try FileManager.default.removeItem(at: seed.appendingPathComponent("frame-0002.png"))
        try FileManager.default.moveItem(
            at: seed.appendingPathComponent("frame-0002.png.new"), to: seed.appendingPathComponent("frame-0002.png"))
        try FileManager.default.copyItem(
            at: seed.appendingPathComponent("frame-0040.png"), to: seed.appendingPathComponent("frame-9999.png"))
        let numbers = actual.appendingPathComponent("numbers-vertical/frame-0000.png")
        try FileManager.default.removeItem(at: numbers)
        try FileManager.default.copyItem(at: seed.appendingPathComponent("frame-0040.png"), to: numbers)

        let run = try runTool(["compare", expected.path, actual.path])
        #expect(run.status == 1, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("numbers-vertical: 1 of 187 frames differs (1 size changed), first at frame 0, size "))
        #expect(lines[1].hasPrefix("seed-demo: 3 of 103 frames differ (1 in pixels, 1 added, 1 removed), first at frame 2, largest "))
        #expect(lines[2].hasPrefix("4 of "))
        // --verbose lists each of them under its spec.
        let verbose = try runTool(["compare", expected.path, actual.path, "--verbose"]).stdout
        #expect(verbose.contains("\n  size changed  numbers-vertical/frame-0000.png: the size changed from "))
        #expect(verbose.contains("\n  differs       seed-demo/frame-0002.png: "))
        #expect(verbose.contains("\n  removed       seed-demo/frame-0003.png: only in EXPECTED (438×106 px)\n"))
        #expect(verbose.contains("\n  added         seed-demo/frame-9999.png: only in ACTUAL (438×106 px)\n"))
    }

    @Test("two empty folders are not a green: exit 2 with one line, unless --allow-empty")
    func emptyInput() throws {
        let folder = try temporaryFolder()
        let expected = folder.appendingPathComponent("e")
        let actual = folder.appendingPathComponent("a")
        try FileManager.default.createDirectory(at: expected, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: actual, withIntermediateDirectories: true)
        let run = try runTool(["compare", expected.path, actual.path])
        #expect(run.status == 2)
        #expect(
            run.stderr
                == "pickerreel: error: nothing to compare: no PNG files in \(expected.path) or \(actual.path); pass --allow-empty to accept that\n"
        )
        let allowed = try runTool(["compare", expected.path, actual.path, "--allow-empty"])
        #expect(allowed.status == 0)
        #expect(allowed.stdout == "Nothing compared: no PNG files in \(expected.path) or \(actual.path).\n")
    }

    @Test("a FIFO as ACTUAL is refused at once with what it is, not \"permission denied\"")
    func fifo() throws {
        let folder = try temporaryFolder()
        let frame = folder.appendingPathComponent("a.png").path
        #expect(try runTool(["frame", fixture("seed-demo.json"), "--time", "0", "-o", frame]).status == 0)
        let fifo = folder.appendingPathComponent("fifo.png").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let run = try runTool(["compare", frame, fifo])
        #expect(run.status == 2)
        #expect(
            run.stderr == "pickerreel: error: \(fifo): it is a pipe or FIFO, not a regular file; save the picture to a file first\n"
        )
    }

    @Test(
        "usage errors exit 2 with the command's prefix and a pointer to --help",
        arguments: [
            (["only-one.png"], "give two paths, EXPECTED and ACTUAL; found 1: only-one.png"),
            (["a", "b", "--metric", "lab"], "--metric lab: expected oklab or yiq"),
            (["a", "b", "--threshold", "2"], "--threshold 2: expected a number from 0 to 1"),
            (["a", "b", "--threshold", "0.1", "--threshold", "0.2"], "--threshold is given twice; give it once"),
            (
                ["a", "b", "--max-diff-pixels", "1", "--max-diff-ratio", "0.1"],
                "--max-diff-pixels and --max-diff-ratio cannot be used together"
            ),
            (["a", "b", "--report", "xml"], "--report xml: expected json, junit FILE, github or html DIR"),
            (["a", "b", "--report", "html"], "--report html needs a folder: --report html DIR"),
            (["a", "b", "--report", "json", "--report", "json"], "--report json is given twice"),
            (["a", "b", "--colour"], "unknown option '--colour'"),
        ])
    func usageErrors(arguments: [String], message: String) throws {
        let run = try runTool(["compare"] + arguments)
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "pickerreel: error: \(message)\nRun 'pickerreel compare --help' for usage.\n")
    }

    @Test("--help lists every option of the table, and exits 0")
    func help() throws {
        let run = try runTool(["compare", "--help"])
        #expect(run.status == 0)
        for option in [
            "--metric", "--threshold", "--max-diff-pixels", "--max-diff-ratio", "--diff", "--report", "--update", "--allow-empty",
            "--verbose",
        ] {
            #expect(run.stdout.contains(option))
        }
    }

    @Test("the parser: reports with and without paths, in order; flags; the metric's default threshold when none is given")
    func parser() throws {
        let command = try CommandParser.parse([
            "compare", "e", "a", "--report", "html", "out/report", "--report=junit", "out/junit.xml", "-r", "github", "--report",
            "json=r.json",
            "--metric", "oklab", "--update", "--allow-empty", "-v",
        ])
        var expected = CompareOptions(expected: "e", actual: "a")
        expected.reports = [.html(folder: "out/report"), .junit(path: "out/junit.xml"), .github, .json(path: "r.json")]
        expected.metric = .oklab
        expected.update = true
        expected.allowsEmpty = true
        expected.verbose = true
        #expect(command == .compare(expected))
        #expect(
            try CommandParser.parse(["compare", "--", "-e.png", "-a.png"]) == .compare(CompareOptions(expected: "-e.png", actual: "-a.png"))
        )
        // Standard output is the annotations' with --report github: JSON there would be mixed with them.
        #expect(throws: UsageError.self) { try CommandParser.parse(["compare", "e", "a", "--report", "github", "--report", "json"]) }
        var json = CompareOptions(expected: "e", actual: "a")
        json.reports = [.json(path: "r.json")]
        json.tolerance = .ratio(0.01)
        #expect(try CommandParser.parse(["compare", "e", "a", "--report", "json=r.json", "--max-diff-ratio=0.01"]) == .compare(json))
    }
}
