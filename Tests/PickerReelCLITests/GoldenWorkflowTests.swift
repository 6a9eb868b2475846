import Foundation
import TestSupport
import Testing

/// What the tool does for goldens in CI, through the built binary: moments named as `assertPickerSnapshot` names
/// them, `--update --fail-on-change`, an update that would copy a render into itself, a quoted glob, and the
/// built-in demo said aloud.
@Suite("Goldens in CI, through the tool")
struct GoldenWorkflowTests {
    static let spec =
        #"{"items": ["A", "B"], "selection": {"initial": "A", "sequence": [{"select": "B", "after": 0.1}], "tail": 0.1}, "style": {"highlight": {"color": "gray"}}, "output": {"fps": 10, "scale": 1}, "variants": {"colorScheme": ["light", "dark"]}}"#

    func folderWithSpec() throws -> URL {
        let work = try temporaryFolder()
        try Data(Self.spec.utf8).write(to: work.appendingPathComponent("period.json"))
        return work
    }

    @Test func timesWriteOnlyThoseMomentsNamedAsTheSnapshotAssertionNamesThem() throws {
        let work = try folderWithSpec()
        let run = try runTool(["render", "period.json", "-o", "out", "--times", "0,0.5,1.2", "-q"], in: work)
        #expect(run.status == 0, "\(run.stderr)")
        for name in ["period", "period-dark"] {
            let files = try FileManager.default.contentsOfDirectory(atPath: work.appendingPathComponent("out/\(name)").path).sorted()
            #expect(files == ["\(name).0.000s.png", "\(name).0.500s.png", "\(name).1.200s.png", "pickerreel-manifest.json"], "\(files)")
        }
        // The picture at 0.5 s is the frame `frame --time 0.5` draws.
        let frame = try runTool(["frame", "period.json", "--time", "0.5", "-o", "frame.png"], in: work)
        #expect(frame.status == 0)
        #expect(try runTool(["compare", "frame.png", "out/period/period.0.500s.png"], in: work).status == 0)
        // --every: 0, 0.1, … through the end; a render of every frame afterwards leaves one layout, not both.
        let every = try runTool(["render", "period.json", "-o", "out", "--every", "0.1", "--variant", "default", "-q"], in: work)
        #expect(every.status == 0, "\(every.stderr)")
        let moments = try FileManager.default.contentsOfDirectory(atPath: work.appendingPathComponent("out/period").path).sorted()
        #expect(
            moments.first == "period.0.000s.png" && moments.contains("period.0.100s.png") && !moments.contains("period.1.200s.png"),
            "\(moments)")
        #expect(try runTool(["render", "period.json", "-o", "out", "--variant", "default", "-q"], in: work).status == 0)
        let frames = try FileManager.default.contentsOfDirectory(atPath: work.appendingPathComponent("out/period").path)
        #expect(frames.allSatisfy { $0.hasPrefix("frame-") || $0 == "pickerreel-manifest.json" }, "\(frames)")
        let help = try runTool(["render", "--help"])
        #expect(
            help.stdout.contains("--times LIST") && help.stdout.contains("--every SECONDS") && help.stdout.contains("<name>.0.500s.png"))
        let bad = try runTool(["render", "period.json", "-o", "out", "--times", "0,0.0001"], in: work)
        #expect(bad.status == 2 && bad.stderr.contains("same millisecond"), "\(bad.stderr)")
        let svg = try runTool(["render", "period.json", "-o", "out", "--times", "0", "--format", "png,svg"], in: work)
        #expect(svg.status == 2 && svg.stderr.contains("--times writes PNG pictures"), "\(svg.stderr)")
    }

    @Test func updateWithFailOnChangeWritesTheGoldensAndExitsOne() throws {
        let work = try folderWithSpec()
        #expect(try runTool(["render", "period.json", "-o", "goldens", "-q"], in: work).status == 0)
        let changed = Self.spec.replacingOccurrences(of: "gray", with: "indigo")
        try Data(changed.utf8).write(to: work.appendingPathComponent("period.json"))
        #expect(try runTool(["render", "period.json", "-o", "out", "-q"], in: work).status == 0)
        let update = try runTool(["compare", "goldens", "out", "--update", "--fail-on-change"], in: work)
        #expect(update.status == 1, "\(update.stdout)\(update.stderr)")
        #expect(update.stdout.contains("Updated goldens"))
        #expect(try runTool(["compare", "goldens", "out"], in: work).status == 0, "the new goldens were written")
        let again = try runTool(["compare", "goldens", "out", "--update", "--fail-on-change"], in: work)
        #expect(again.status == 0, "nothing changed the second time: \(again.stdout)")
        let alone = try runTool(["compare", "goldens", "out", "--fail-on-change"], in: work)
        #expect(alone.status == 2 && alone.stderr.contains("--fail-on-change goes with --update"), "\(alone.stderr)")
    }

    @Test func anUpdateOfTheGoldensFromInsideThemIsRefusedAndChangesNothing() throws {
        let work = try folderWithSpec()
        #expect(try runTool(["render", "period.json", "-o", "goldens", "-q"], in: work).status == 0)
        #expect(try runTool(["render", "period.json", "-o", "goldens/new", "--times", "0", "-q"], in: work).status == 0)
        let goldens = work.appendingPathComponent("goldens")
        let before = try snapshot(of: goldens)
        for (expected, actual) in [
            ("goldens", "goldens/new"), ("goldens", "goldens"), ("goldens/period", "goldens"), ("goldens", "./goldens/"),
        ] {
            let run = try runTool(["compare", expected, actual, "--update"], in: work)
            #expect(run.status == 2, "\(expected) \(actual): \(run.stdout)")
            #expect(run.stderr.hasPrefix("pickerreel: error: --update: "), "\(run.stderr)")
            #expect(try snapshot(of: goldens) == before)
        }
    }

    @Test func aQuotedGlobSaysTheShellExpandsIt() throws {
        let work = try folderWithSpec()
        for pattern in ["specs/*.json", "period?.json"] {
            let run = try runTool(["render", pattern, "-o", "out"], in: work)
            #expect(run.status == 2)
            #expect(run.stderr.contains("does not expand * or ?, the shell does: leave the pattern unquoted"), "\(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1, "one message: \(run.stderr)")
        }
        // A file whose name holds a * is still a file.
        try Data(Self.spec.utf8).write(to: work.appendingPathComponent("odd*.json"))
        #expect(try runTool(["render", "odd*.json", "-o", "out", "-q"], in: work).status == 0)
    }

    @Test func renderWithNoSpecSaysItRendersTheBuiltInDemo() throws {
        let work = try temporaryFolder()
        let run = try runTool(["render", "-o", "out", "--format", "sheet"], in: work)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("pickerreel render: no spec given; rendering the built-in seed demo"), "\(run.stderr)")
        let quiet = try runTool(["render", "-o", "out", "--format", "sheet", "-q"], in: work)
        #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet.stderr)")
    }
}
