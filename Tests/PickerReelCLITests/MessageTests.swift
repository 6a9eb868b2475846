import Foundation
import PickerKit
import TestSupport
import Testing

@testable import PickerReelCLI

/// Answers that misled (issue 9): each names what the input is and what to do, on one bounded line, without blocking.
@Suite("Messages that say what is wrong")
struct MessageTests {
    static let spec = #"{"items":["Day","Week"],"selection":{"tail":0.1},"output":{"scale":1}}"#

    /// A FIFO blocked `open` until a writer came; now every command refuses it by its type.
    @Test(arguments: ["validate", "render", "layout", "timeline"])
    func aFIFOAsTheSpecIsNamedAndNeverBlocks(command: String) throws {
        let work = try temporaryFolder()
        let fifo = work.appendingPathComponent("spec.json")
        #expect(mkfifo(fifo.path, 0o644) == 0)
        let arguments = command == "render" ? [command, fifo.path, "-o", work.appendingPathComponent("out").path] : [command, fifo.path]
        let run = try runTool(arguments, timeLimit: 20)
        #expect(!run.timedOut, "\(run)")
        #expect(run.status == 2, "\(run)")
        #expect(
            run.stderr
                == "pickerreel: error: \(fifo.path): (the whole document): cannot read the spec: it is a pipe (FIFO), not a file; save the spec to a file first\n"
        )
    }

    /// Every command's failure starts with the same prefix (compare, merge-reports, preview and usage errors said
    /// `pickerreel COMMAND: error:` where validate said `pickerreel: error:`).
    @Test(arguments: [
        ["validate", "missing.json"], ["render", "missing.json"], ["layout", "missing.json"], ["timeline", "missing.json"],
        ["frame", "missing.json"], ["compare", "missing-a", "missing-b"], ["merge-reports", "missing.json"],
        ["preview", "missing.json"], ["render", "--no-such-option"], ["compare", "--no-such-option"], ["no-such-command"],
    ])
    func everyCommandFailsWithOnePrefix(arguments: [String]) throws {
        let work = try temporaryFolder()
        let run = try runTool(arguments, in: work, timeLimit: 20)
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.hasPrefix("pickerreel: error: "), "\(run.stderr)")
    }

    /// A font family that is not installed is drawn in another, and every command that draws or checks the spec says
    /// which, as one warning line, and still succeeds.
    @Test(arguments: ["validate", "render", "frame"])
    func theFontFallbackWarningIsPrintedByEveryCommandThatDraws(_ command: String) throws {
        let work = try temporaryFolder()
        let spec = try writeSpec(#"{"items":["A","B"],"style":{"font":{"family":"No Such Family 12345"}}}"#, named: "nofont.json", in: work)
        var arguments = [command, spec]
        if command == "render" { arguments += ["-o", work.appendingPathComponent("out").path] }
        if command == "frame" { arguments += ["--time", "0", "-o", work.appendingPathComponent("frame.png").path] }
        let run = try runTool(arguments)
        #expect(run.status == 0, "\(run)")
        let warnings = run.stderr.split(separator: "\n").filter { $0.contains("warning") }
        #expect(warnings.count == 1, "\(run.stderr)")
        #expect(
            warnings.first?.hasPrefix(
                "pickerreel: warning: \(spec): the font family \"No Such Family 12345\" is not installed; using \"") == true,
            "\(run.stderr)")
        // A render that finds the spec up to date still says it.
        if command == "render" {
            let again = try runTool(arguments)
            #expect(again.stderr.contains("up to date") && again.stderr.contains("is not installed; using"), "\(again.stderr)")
        }
    }

    /// The line a render ends with: frames, formats, files drawn, megabytes and seconds with two decimals, folder.
    ///
    /// Four frames showing one picture are drawn once, however many threads write them (two chunks drew it twice).
    @Test func aRenderSaysWhatItWroteOnOneLine() throws {
        let work = try temporaryFolder()
        let spec = work.appendingPathComponent("days.json")
        try Data(Self.spec.utf8).write(to: spec)
        let output = work.appendingPathComponent("out")
        let run = try runTool(["render", spec.path, "-o", output.path, "--format", "png,gif", "-j", "2"], timeLimit: 60)
        #expect(run.status == 0, "\(run)")
        let pattern = #/^days: (\d+) frames \(png, gif; (\d+) frame files drawn, \d+\.\d\d MB\) in \d+\.\d\d s → (.+)\n$/#
        let match = try #require(run.stderr.wholeMatch(of: pattern), "\(run.stderr)")
        #expect(Int(match.1) == 4 && Int(match.2) == 1, "\(run.stderr)")
        #expect(match.3 == Substring(output.appendingPathComponent("days").relativePath))
    }

    @Test(arguments: [
        (0.0, 2, "0.00"), (0.65, 2, "0.65"), (0.004, 2, "0.00"), (0.006, 2, "0.01"), (9.999, 2, "10.00"), (1234.5, 1, "1234.5"),
        (3.0, 0, "3"), (-1.26, 1, "-1.3"), (-0.001, 2, "-0.00"), (12.345678, 3, "12.346"),
    ])
    func fixedDecimalsWriteWhatPrintfWrites(value: Double, digits: Int, expected: String) {
        #expect(NumberText.fixed(value, digits: digits) == expected)
        #expect(String(format: "%.\(digits)f", value) == expected)
    }

    @Test func aDeviceAsTheSpecIsNamed() throws {
        let run = try runTool(["validate", "/dev/zero"], timeLimit: 20)
        #expect(!run.timedOut && run.status == 2, "\(run)")
        #expect(run.stderr == "pickerreel: error: /dev/zero: (the whole document): cannot read the spec: it is a device, not a file\n")
    }

    /// `… | pickerreel validate /dev/stdin`: the descriptor is a pipe.
    @Test(arguments: ["/dev/stdin", "/dev/fd/0"])
    func aPipeAsTheSpecIsNamed(path: String) throws {
        let run = try runTool(["validate", path], input: Data(Self.spec.utf8), timeLimit: 20)
        #expect(!run.timedOut && run.status == 2, "\(run)")
        #expect(run.stderr.contains("\(path): (the whole document): cannot read the spec: it is a pipe (FIFO), not a file"), "\(run)")
    }

    @Test func aBatchOutputThatIsAFileIsOneClearLine() throws {
        let work = try temporaryFolder()
        let specs = try ["one", "two", "three"].map { try writeSpec(Self.spec, named: "\($0).json", in: work) }
        let file = work.appendingPathComponent("taken")
        try Data("mine".utf8).write(to: file)
        let run = try runTool(["render"] + specs + ["-o", file.path], timeLimit: 60)
        #expect(run.status == 2, "\(run)")
        #expect(
            run.stderr == "pickerreel: error: \(file.path): is a file, not a folder; -o names the folder that gets one folder per spec\n")
        #expect(try Data(contentsOf: file) == Data("mine".utf8))
    }

    @Test(arguments: [1, 2])
    func aDanglingSymbolicLinkAsTheOutputSaysSo(specCount: Int) throws {
        let work = try temporaryFolder()
        let specs = try (0..<specCount).map { try writeSpec(Self.spec, named: "spec\($0).json", in: work) }
        let link = work.appendingPathComponent("out")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: work.appendingPathComponent("gone").path)
        let run = try runTool(["render"] + specs + ["-o", link.path], timeLimit: 60)
        #expect(run.status == 2, "\(run)")
        #expect(
            run.stderr
                == "pickerreel: error: \(link.path): is a symbolic link to a folder that does not exist; create it or choose another -o\n")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: work.path).sorted() == ["out"]
                + specs.map { URL(fileURLWithPath: $0).lastPathComponent })
    }

    /// A 100,000-character key was echoed whole, twice (the key and its did-you-mean list): a 200 KB line.
    @Test func aHugeUnknownKeyGivesABoundedLine() throws {
        let work = try temporaryFolder()
        let key = String(repeating: "k", count: 100_000)
        let spec = try writeSpec(#"{"items":["A"],"\#(key)":1}"#, named: "key.json", in: work)
        let run = try runTool(["validate", spec], timeLimit: 20)
        #expect(run.status == 2, "\(run)")
        #expect(run.errorLines.count == 1, "\(run)")
        #expect(run.stderr.hasPrefix("pickerreel: error: \(spec): "), "\(run)")
        #expect(run.stderr.utf8.count <= 1_200, "\(run.stderr.utf8.count) bytes")
    }

    /// A GIF pixel is opaque or transparent: a matte with alpha cannot be honoured, so it is refused, not ignored.
    @Test(arguments: ["#10101080", "clear", "#FFF0"])
    func aGIFMatteWithAlphaIsRefused(matte: String) throws {
        let work = try temporaryFolder()
        let spec = try writeSpec(Self.spec, named: "spec.json", in: work)
        let output = work.appendingPathComponent("out")
        let run = try runTool(["render", spec, "-o", output.path, "--format", "gif", "--gif-matte", matte], timeLimit: 60)
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.hasPrefix("pickerreel: error: --gif-matte \(matte): expected an opaque colour"), "\(run)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    /// A batch with something wrong in several specs: every line names the spec it is about.
    @Test func everyMessageOfABatchNamesItsSpec() throws {
        let work = try temporaryFolder()
        let broken = [
            "syntax": #"{"items": ["A",]}"#,
            "nul": #"{"items": ["A\u0000B"]}"#,
            "typo": #"{"items": ["A"], "stlye": {}}"#,
        ]
        let bad = try broken.keys.sorted().map { try writeSpec(broken[$0] ?? "", named: "\($0).json", in: work) }
        let good = try writeSpec(Self.spec, named: "good.json", in: work)
        let output = work.appendingPathComponent("out")
        let run = try runTool(["render", good] + bad + ["-o", output.path], timeLimit: 60)
        #expect(run.status == 2, "\(run)")
        #expect(run.errorLines.count == bad.count, "\(run)")
        for path in bad {
            #expect(run.errorLines.filter { $0.contains(path) }.count == 1, "\(path): \(run)")
        }
        #expect(run.errorLines.allSatisfy { line in bad.contains { line.hasPrefix("pickerreel: error: \($0): ") } }, "\(run)")

        // Failures found while rendering name their spec too: too many frames, a folder where one spec's frame goes,
        // a font that is not installed.
        let long = try writeSpec(#"{"items": ["A"], "selection": {"tail": 60}, "output": {"fps": 240}}"#, named: "long.json", in: work)
        let blocked = output.appendingPathComponent("blocked/frame-0000.png")
        try FileManager.default.createDirectory(at: blocked, withIntermediateDirectories: true)
        let blockedSpec = try writeSpec(Self.spec, named: "blocked.json", in: work)
        let fontSpec = try writeSpec(
            #"{"items":["A"],"style":{"font":{"family":"No Such Font Family"}},"selection":{"tail":0.1}}"#, named: "font.json", in: work)
        let rendering = try runTool(["render", good, long, blockedSpec, fontSpec, "-o", output.path], timeLimit: 60)
        #expect(rendering.status == 2, "\(rendering)")
        let messages = rendering.errorLines.filter { $0.hasPrefix("pickerreel: ") }
        #expect(messages.count == 3, "\(rendering)")
        #expect(messages.contains { $0.hasPrefix("pickerreel: error: \(long): output.fps: ") }, "\(rendering)")
        #expect(messages.contains { $0.hasPrefix("pickerreel: error: \(blockedSpec): ") && $0.contains("is a folder") }, "\(rendering)")
        #expect(messages.contains { $0.hasPrefix("pickerreel: warning: \(fontSpec): ") }, "\(rendering)")
    }
}
