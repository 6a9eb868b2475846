import Foundation
import TestSupport
import Testing

/// Valid specs and arguments at the edges that trapped or hung the tool (issue 9, "Crashes and hangs"), run through
/// the binary as a user runs it: each must be answered, quickly, without a trap.
@Suite("Hostile input")
struct HostileInputTests {
    /// An empty label and no padding: a canvas of zero width, which the contact sheet divided by.
    static let emptyLabelNoPadding = #"{"items":[""],"style":{"padding":0}}"#

    /// A spec whose name is as long as a file name may be (250 bytes, with `.json`): its new output folder is
    /// made and filled, though a staging folder beside it would need a longer name than the file system allows.
    @Test func aSpecWithTheLongestNameRendersIntoANewFolder() throws {
        let work = try temporaryFolder()
        let name = String(repeating: "n", count: 245)
        let spec = try writeSpec(#"{"items":["A","B"],"selection":{"tail":0}}"#, named: name + ".json", in: work)
        let output = work.appendingPathComponent("out")
        let run = try runTool(["render", spec, "-o", output.path, "-q"], timeLimit: 60)
        #expect(run.status == 0, "\(run)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: output.path) == [name])
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent(name + "/frame-0000.png").path))
    }

    @Test func theSheetOfAnEmptyLabelWithNoPaddingIsDrawn() throws {
        let work = try temporaryFolder()
        let spec = try writeSpec(Self.emptyLabelNoPadding, named: "empty.json", in: work)
        let run = try runTool(["render", spec, "-o", work.appendingPathComponent("out").path, "--format", "sheet"], timeLimit: 60)
        #expect(!run.trapped, "\(run)")
        #expect(run.status == 0, "\(run)")
        let sheet = try Data(contentsOf: work.appendingPathComponent("out/empty/empty-sheet.png"))
        #expect(sheet.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(try runTool(["validate", spec], timeLimit: 60).status == 0)
    }

    /// Segment padding so small that the canvas is a few hundred ulps wide: the sheet's column count was infinite
    /// (1e-300, a trap) or about 10¹² (7e-23, a loop that never ended).
    @Test(arguments: ["1e-300", "7e-23"])
    func aVanishingSegmentPaddingMakesASheetQuickly(horizontal: String) throws {
        let work = try temporaryFolder()
        let spec = try writeSpec(
            #"{"items":[""],"style":{"padding":0,"segmentPadding":{"horizontal":\#(horizontal)}}}"#, named: "thin.json", in: work)
        let run = try runTool(["render", spec, "-o", work.appendingPathComponent("out").path, "--format", "sheet"], timeLimit: 30)
        #expect(!run.timedOut, "\(run)")
        #expect(!run.trapped, "\(run)")
        #expect(run.status == 0, "\(run)")
        #expect(FileManager.default.fileExists(atPath: work.appendingPathComponent("out/thin/thin-sheet.png").path))
    }

    /// K and N at Int.max: K × count overflowed.
    @Test func int64MaxShardsOfTwoSpecsRenderEachOnceAndLeaveTheLastEmpty() throws {
        let work = try temporaryFolder()
        let first = try writeSpec(#"{"items":["A","B"],"output":{"scale":1}}"#, named: "first.json", in: work)
        let second = try writeSpec(#"{"items":["C","D"],"output":{"scale":1}}"#, named: "second.json", in: work)
        var rendered: [String] = []
        // Int.max shards of two specs: the first two hold one spec each, and every other one is empty.
        for index in ["1", "2", "\(Int.max)"] {
            let output = work.appendingPathComponent("out-\(index)")
            let run = try runTool(["render", first, second, "-o", output.path, "--shard", "\(index)/\(Int.max)", "-q"], timeLimit: 60)
            #expect(!run.trapped, "\(run)")
            #expect(run.status == 0, "\(run)")
            // Beside the spec folders, each shard's record of what it rendered (`SelectiveCompareTests`).
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: output.path)) ?? []
            #expect(entries.contains("pickerreel-shard-\(index)-of-\(Int.max).json"), "\(entries)")
            rendered += entries.filter { !$0.hasPrefix("pickerreel-shard-") }
        }
        #expect(rendered.sorted() == ["first", "second"])
    }

    /// One letter with 300,000 combining accents was one grapheme, so "at most 200 characters" let a 600 KB label
    /// through, whose per-frame SVGs were 17 MB each; characters are now code points, as the schema counts them.
    @Test func aLabelOfOneLetterAndThousandsOfAccentsIsTooLong() throws {
        let work = try temporaryFolder()
        let accents = String(repeating: "\u{301}", count: 300_000)
        let spec = try writeSpec(#"{"items":["e\#(accents)"]}"#, named: "accents.json", in: work)
        let run = try runTool(["validate", spec], timeLimit: 60)
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr == "pickerreel: error: \(spec): items[0]: expected a label of at most 200 characters, found 300001 characters\n")
        // A label of 200 code points, each letter with its accent, is at the limit.
        let accented = String(repeating: "e\u{301}", count: 100)
        let atLimit = try writeSpec(
            #"{"items":["\#(accented)"],"style":{"font":{"size":8}},"output":{"scale":0.25}}"#, named: "limit.json", in: work)
        #expect(try runTool(["validate", atLimit], timeLimit: 60).status == 0)
    }

    /// A file name of 255 bytes, the most a name may have: the temporary file beside it was named after it and longer.
    @Test func frameWritesToTheLongestFileNameAllowed() throws {
        let work = try temporaryFolder()
        let spec = try writeSpec(#"{"items":["A","B"]}"#, named: "spec.json", in: work)
        let name = String(repeating: "n", count: 251) + ".png"
        let run = try runTool(["frame", spec, "--index", "0", "-o", work.appendingPathComponent(name).path], timeLimit: 60)
        #expect(run.status == 0, "\(run)")
        #expect(try Data(contentsOf: work.appendingPathComponent(name)).starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(try FileManager.default.contentsOfDirectory(atPath: work.path).sorted() == [name, "spec.json"])
    }

    /// Pango stops at a NUL, so "Mon\u0000day" was drawn as "Mon": the spec is refused, naming the field.
    @Test(arguments: ["validate", "render"])
    func aNULInALabelIsExitTwoWithItsPath(command: String) throws {
        let work = try temporaryFolder()
        let spec = try writeSpec(#"{"items":["Day","Mon\u0000day"]}"#, named: "nul.json", in: work)
        let output = work.appendingPathComponent("out")
        let arguments = command == "render" ? ["render", spec, "-o", output.path] : ["validate", spec]
        let run = try runTool(arguments, timeLimit: 60)
        #expect(!run.trapped, "\(run)")
        #expect(run.status == 2, "\(run)")
        #expect(run.errorLines.count == 1, "\(run)")
        #expect(run.stderr.hasPrefix("pickerreel: error: \(spec): items[1]: "), "\(run)")
        #expect(run.stderr.contains("NUL"), "\(run)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    /// A spec file named with 246 bytes before ".json" is a valid name, but its contact sheet would be
    /// `<name>-sheet.png`, 256 bytes: the render is refused before anything is written, naming the length.
    @Test func aSpecNameTooLongForItsSheetIsRefusedBeforeWriting() throws {
        let work = try temporaryFolder()
        let spec = try writeSpec(#"{"items":["A","B"]}"#, named: String(repeating: "s", count: 246) + ".json", in: work)
        let output = work.appendingPathComponent("out")
        let run = try runTool(["render", spec, "-o", output.path, "--format", "png,sheet"], timeLimit: 60)
        #expect(!run.trapped, "\(run)")
        #expect(run.status == 2, "\(run)")
        #expect(run.errorLines.count == 1, "\(run)")
        #expect(run.stderr.contains("256 bytes long; file systems allow 255"), "\(run)")
        let written = (try? FileManager.default.subpathsOfDirectory(atPath: output.path)) ?? []
        #expect(written.isEmpty, "\(written)")
    }
}
