import Foundation
import TestSupport
import Testing

/// Issue 34, finding 9: option values within the limits a spec has.
///
/// `--every 0.001` on a 2.5-hour spec planned 8.94 million moments (710 MB and 25 s before the first file, then
/// some 40 minutes of writing); `--times 1e308` gave a 404-byte message naming a 309-digit file; `--times 0x10` was
/// read as 16 s; a `style.font.file` outside the root was refused as "an icon or image". Now the moments count
/// against a spec's frame limit and are refused up front, numbers in options are read by the spec's own grammar,
/// messages quote a bounded prefix of a value, and each names its field. All through the built binary.
@Suite("Option limits")
struct OptionLimitTests {
    /// A spec of 150 changes 60 s apart at 1 fps: 9,000.4 s, 9,001 frames, within every spec limit.
    static func longSpec(in folder: URL) throws -> String {
        let changes = (0..<150).map { #"{"select":"\#($0 % 2 == 0 ? "b" : "a")","after":60}"# }.joined(separator: ",")
        return try writeSpec(
            #"{"items":["a","b"],"selection":{"sequence":[\#(changes)],"tail":0.05},"output":{"fps":1}}"#, named: "long.json", in: folder)
    }

    @Test func everyOnATwoAndAHalfHourSpecIsRefusedUpFrontWritingNothing() throws {
        let work = try temporaryFolder()
        let spec = try Self.longSpec(in: work)
        #expect(try runTool(["validate", spec]).status == 0)
        let out = work.appendingPathComponent("out")
        let run = try runTool(["render", spec, "--every", "0.001", "-o", out.path], timeLimit: 60)
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains("long.json: --every 0.001: 9000"), "\(run)")
        #expect(run.stderr.contains("at most 10000"), "\(run)")
        #expect(run.seconds < 10 * testTimeScale, "refused after \(run.seconds) s")
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("long").path))
        // The same count in a shard's cost, without listing the moments.
        let sharded = try runTool(["render", spec, "--every", "0.001", "-o", out.path, "--shard", "1/2"], timeLimit: 60)
        #expect(sharded.status == 2 && sharded.seconds < 10 * testTimeScale, "\(sharded)")
        // A step that keeps the count within the limit renders.
        let fine = try runTool(["render", spec, "--every", "1000", "-o", out.path, "-q"], timeLimit: 120)
        #expect(fine.status == 0, "\(fine)")
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("long/long.9000.000s.png").path))
    }

    @Test func moreTimesThanASpecHasFramesAreRefused() throws {
        let work = try temporaryFolder()
        let spec = try writeSpec(#"{"items":["a","b"]}"#, named: "s.json", in: work)
        let list = (0...10_000).map { "\(Double($0) / 10_000)" }.joined(separator: ",")
        let run = try runTool(["render", spec, "--times", list, "-o", work.appendingPathComponent("out").path])
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains("--times: 10001 moments; at most 10000"), "\(run)")
        #expect(run.stderr.utf8.count < 400, "\(run.stderr.utf8.count) bytes of message")
    }

    @Test(arguments: [
        (["--times", "1e308"], "--times: '1e308' is not a decimal number of seconds from 0 to 10000"),
        (["--times", "0x10"], "--times: '0x10' is not a decimal number"),
        (["--times", "0,inf"], "--times: 'inf' is not a decimal number"),
        (["--times", "nan"], "--times: 'nan' is not a decimal number"),
        (["--every", "0x10"], "--every 0x10: expected a decimal number of seconds"),
        (["--every", "infinity"], "--every infinity: expected a decimal number of seconds"),
        (["--every", "+1"], "--every +1: expected a decimal number of seconds"),
        (["--memory", "0x100M"], "--memory 0x100M: expected a size"),
    ])
    func numbersInRenderOptionsAreDecimalAndFinite(arguments: [String], message: String) throws {
        let work = try temporaryFolder()
        let spec = try writeSpec(#"{"items":["a","b"]}"#, named: "s.json", in: work)
        let out = work.appendingPathComponent("out")
        let run = try runTool(["render", spec, "-o", out.path] + arguments)
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.hasPrefix("pickerreel: error: \(message)"), "\(run)")
        #expect(run.stderr.utf8.count < 300, "\(run.stderr.utf8.count) bytes of message: \(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test func numbersInFrameAndCompareOptionsAreDecimalToo() throws {
        let work = try temporaryFolder()
        let spec = try writeSpec(#"{"items":["a","b"]}"#, named: "s.json", in: work)
        let frame = try runTool(["frame", spec, "--time", "0x1p-1", "-o", work.appendingPathComponent("f.png").path])
        #expect(frame.status == 2 && frame.stderr.contains("--time 0x1p-1: expected a decimal number of seconds"), "\(frame)")
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("f.png").path))
        let compare = try runTool(["compare", spec, spec, "--threshold", "0x0.1p0"])
        #expect(compare.status == 2 && compare.stderr.contains("--threshold 0x0.1p0: expected a number from 0 to 1"), "\(compare)")
    }

    @Test func aHugeValueIsQuotedByABoundedPrefix() throws {
        let work = try temporaryFolder()
        let spec = try writeSpec(#"{"items":["a","b"]}"#, named: "s.json", in: work)
        let huge = String(repeating: "9", count: 100_000)
        for arguments in [["--every", huge], ["--times", huge], ["--jobs", huge], ["--crf", huge], ["--format", huge]] {
            let run = try runTool(["render", spec, "-o", work.appendingPathComponent("out").path] + arguments)
            #expect(run.status == 2, "\(arguments[0]): \(run.stderr.prefix(300))")
            #expect(run.stderr.utf8.count < 400, "\(arguments[0]): \(run.stderr.utf8.count) bytes of message")
            #expect(run.stderr.contains(arguments[0]), "\(arguments[0]) not named: \(run.stderr.prefix(300))")
        }
    }

    @Test func aFontFileOutsideTheRootIsRefusedAsAFontFile() throws {
        let work = try temporaryFolder()
        let root = work.appendingPathComponent("repo")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try Data(contentsOf: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"))
            .write(to: work.appendingPathComponent("outside.ttf"))
        let spec = try writeSpec(#"{"items":["a","b"],"style":{"font":{"file":"../outside.ttf"}}}"#, named: "s.json", in: root)
        let run = try runTool(["validate", spec, "--root", root.path])
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains("style.font.file"), "\(run)")
        #expect(run.stderr.contains("a font file must be inside it"), "\(run)")
        #expect(!run.stderr.contains("icon or image"), "\(run)")
    }
}
