import Foundation
import Testing

/// The second hostile pass, through the binary: the new formats at their limits, specs named twice, and pictures
/// that `compare` must not take for what they are not.
@Suite("Hostile pass 2")
struct HostileFormatTests {
    static let small =
        #"{"items":["A","B"],"selection":{"initial":"A","sequence":[{"select":"B","after":0.1}],"tail":0.1},"output":{"scale":0.5}}"#

    /// The same file given twice (as a glob and a name do: `render specs/*.json specs/a.json`) said "several specs
    /// are named" and rendered nothing; however it is spelt, it is one spec, rendered once.
    @Test(arguments: ["same", "dot-slash", "through-a-linked-folder"])
    func theSameSpecGivenTwiceIsRenderedOnce(spelling: String) throws {
        let work = try temporaryFolder()
        let spec = try writeSpec(Self.small, named: "a.json", in: work)
        var second = spec
        switch spelling {
        case "dot-slash": second = "./a.json"
        case "through-a-linked-folder":
            try FileManager.default.createSymbolicLink(atPath: work.appendingPathComponent("here").path, withDestinationPath: work.path)
            second = "here/a.json"
        default: break
        }
        let output = work.appendingPathComponent("out")
        let run = try runTool(["render", spec, second, "-o", output.path, "--format", "png,webp"], in: work, timeLimit: 60)
        #expect(!run.trapped && run.status == 0, "\(run)")
        #expect(run.errorLines.count == 1, "one summary line: \(run)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: output.path) == ["a"])
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("a/a.webp").path))
    }

    /// A hard link or a symbolic link to the same file is the same spec too.
    @Test func aLinkToASpecGivenBesideItIsRenderedOnce() throws {
        let work = try temporaryFolder()
        let spec = try writeSpec(Self.small, named: "a.json", in: work)
        let link = work.appendingPathComponent("b/a.json")
        try FileManager.default.createDirectory(at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: spec)
        let output = work.appendingPathComponent("out")
        let run = try runTool(["render", spec, link.path, "-o", output.path, "-q"], timeLimit: 60)
        #expect(!run.trapped && run.status == 0, "\(run)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: output.path) == ["a"])
    }

    /// Two different files with the same name still clash; the message names both, on one line.
    @Test func twoSpecsOfTheSameNameAreRefusedNamingBoth() throws {
        let work = try temporaryFolder()
        for folder in ["one", "two"] {
            try FileManager.default.createDirectory(at: work.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        let first = try writeSpec(Self.small, named: "one/x.json", in: work)
        let second = try writeSpec(Self.small.replacingOccurrences(of: "\"B\"", with: "\"C\""), named: "two/x.json", in: work)
        let output = work.appendingPathComponent("out")
        let run = try runTool(["render", first, second, "-o", output.path], timeLimit: 60)
        #expect(!run.trapped && run.status == 2, "\(run)")
        #expect(run.errorLines.count == 1, "\(run)")
        #expect(run.stderr.contains(first) && run.stderr.contains(second), "\(run)")
        #expect(run.stderr.contains("\"x\""), "\(run)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    /// A picture of 16,384 px a side is within the limits, but WebP stops at 16,383: the message said the picture
    /// was "larger than allowed (at most 16384 px a side)", contradicting itself, and named no format.
    @Test func aWebPOneColumnWiderThanTheFormatAllowsSaysWhy() throws {
        let work = try temporaryFolder()
        let spec = try writeSpec(
            #"{"items":[""],"style":{"padding":0,"segmentPadding":{"horizontal":1024}},"selection":{"tail":0},"output":{"scale":8}}"#,
            named: "wide.json", in: work)
        #expect(try runTool(["validate", spec], timeLimit: 60).stdout.contains("16384 × 165 px"))
        let output = work.appendingPathComponent("out")
        let run = try runTool(["render", spec, "-o", output.path, "--format", "webp"], timeLimit: 120)
        #expect(!run.trapped && run.status == 2, "\(run)")
        #expect(run.errorLines.count == 1, "\(run)")
        #expect(run.stderr.hasPrefix("pickerreel: error: \(spec): "), "\(run)")
        #expect(run.stderr.contains("WebP") && run.stderr.contains("16,383"), "\(run)")
        #expect(!run.stderr.contains("at most 16384"), "\(run)")
        #expect(((try? FileManager.default.subpathsOfDirectory(atPath: output.path)) ?? []).isEmpty)
    }
}
