import Foundation
import TestSupport
import Testing

/// Issue 23, "Confined reads": every icon and image a spec names resolves inside one root folder (`--root`, by
/// default the repository that holds the spec, or the spec's own folder), and anything else is refused with the JSON
/// path and "outside the root", by the built binary, without the message telling whether the outside file exists.
@Suite("Confined reads")
struct ConfinedReadTests {
    static let icon = #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>"#

    /// A repository-like folder: `repo/.git`, `repo/icons/sun.svg` and `repo/specs/`, inside a scratch folder that
    /// also holds `outside.svg` beside `repo`.
    struct Layout {
        var work: URL
        var repo: URL { work.appendingPathComponent("repo") }
        var specs: URL { repo.appendingPathComponent("specs") }
        var outside: URL { work.appendingPathComponent("outside.svg") }

        init(git: Bool = true) throws {
            work = try temporaryFolder()
            let manager = FileManager.default
            try manager.createDirectory(at: repo.appendingPathComponent("icons"), withIntermediateDirectories: true)
            try manager.createDirectory(at: specs, withIntermediateDirectories: true)
            if git { try manager.createDirectory(at: repo.appendingPathComponent(".git"), withIntermediateDirectories: true) }
            try Data(ConfinedReadTests.icon.utf8).write(to: repo.appendingPathComponent("icons/sun.svg"))
            try Data(ConfinedReadTests.icon.utf8).write(to: outside)
        }

        /// A spec in `specs/` whose first item's `field` is `path`.
        func spec(_ field: String, _ path: String, named name: String = "a.json") throws -> String {
            let escaped = path.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            return try writeSpec(#"{"items":[{"value":"a","\#(field)":"\#(escaped)"},"b"]}"#, named: name, in: specs)
        }
    }

    /// The one line a refused path gives: the spec, the field, the path as written and the root.
    func expectOutside(_ run: ProcessRun, spec: String, field: String, root: URL, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(run.status == 2, "\(run)", sourceLocation: sourceLocation)
        #expect(!run.trapped && !run.timedOut, "\(run)", sourceLocation: sourceLocation)
        #expect(run.errorLines.count == 1, "\(run)", sourceLocation: sourceLocation)
        #expect(run.stderr.contains(spec), "\(run)", sourceLocation: sourceLocation)
        #expect(run.stderr.contains(field), "\(run)", sourceLocation: sourceLocation)
        #expect(run.stderr.contains("outside the root \(root.resolvingSymlinksInPath().path)"), "\(run)", sourceLocation: sourceLocation)
    }

    @Test(arguments: ["/etc/passwd", "/proc/self/environ", "/proc/kmsg", "/dev/zero"])
    func anAbsolutePathIsRefused(path: String) throws {
        let layout = try Layout()
        let spec = try layout.spec("image", path)
        for command in [["validate", spec], ["render", spec, "-o", layout.work.appendingPathComponent("out").path, "-q"]] {
            let run = try runTool(command, timeLimit: 30)
            expectOutside(run, spec: spec, field: "items[0].image", root: layout.repo)
            #expect(!run.stderr.contains("root:"), "the outside file's bytes must not reach the message: \(run)")
        }
        #expect(!FileManager.default.fileExists(atPath: layout.work.appendingPathComponent("out").path))
    }

    /// `/tmp/…png`: a file that exists and one that does not give the same message, so nothing is learnt about it.
    @Test func anAbsolutePathGivesTheSameMessageWhetherItExistsOrNot() throws {
        let layout = try Layout()
        let target = layout.work.appendingPathComponent("runner-private.png")
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]).write(to: target)
        let spec = try layout.spec("image", target.path)
        let existing = try runTool(["validate", spec], timeLimit: 30)
        expectOutside(existing, spec: spec, field: "items[0].image", root: layout.repo)
        try FileManager.default.removeItem(at: target)
        let missing = try runTool(["validate", spec], timeLimit: 30)
        #expect(existing.stderr == missing.stderr)
    }

    @Test func climbingOutOfTheRootIsRefusedTheSameWhetherTheFileExistsOrNot() throws {
        let layout = try Layout()
        let spec = try layout.spec("icon", "../../outside.svg")
        let existing = try runTool(["validate", spec], timeLimit: 30)
        expectOutside(existing, spec: spec, field: "items[0].icon", root: layout.repo)
        try FileManager.default.removeItem(at: layout.outside)
        let missing = try runTool(["validate", spec], timeLimit: 30)
        #expect(existing.stderr == missing.stderr)
        // Climbing out and back in leaves the root on the way: refused too, as the kernel resolves it.
        let back = try layout.spec("icon", "../../repo/icons/sun.svg", named: "back.json")
        expectOutside(try runTool(["validate", back], timeLimit: 30), spec: back, field: "items[0].icon", root: layout.repo)
    }

    @Test func aLinkInsideThatLeadsOutsideIsRefusedTheSameWhetherItsTargetExistsOrNot() throws {
        let layout = try Layout()
        let manager = FileManager.default
        try manager.createSymbolicLink(
            atPath: layout.repo.appendingPathComponent("icons/abs.svg").path, withDestinationPath: layout.outside.path)
        try manager.createSymbolicLink(
            atPath: layout.repo.appendingPathComponent("icons/rel.svg").path, withDestinationPath: "../../outside.svg")
        try manager.createSymbolicLink(atPath: layout.repo.appendingPathComponent("up").path, withDestinationPath: "..")
        for (name, path) in [("abs.json", "../icons/abs.svg"), ("rel.json", "../icons/rel.svg"), ("up.json", "../up/outside.svg")] {
            let spec = try layout.spec("icon", path, named: name)
            let existing = try runTool(["validate", spec], timeLimit: 30)
            expectOutside(existing, spec: spec, field: "items[0].icon", root: layout.repo)
            let frame = try runTool(["frame", spec, "-t", "0", "-o", layout.work.appendingPathComponent("f.png").path], timeLimit: 30)
            expectOutside(frame, spec: spec, field: "items[0].icon", root: layout.repo)
            try manager.moveItem(at: layout.outside, to: layout.work.appendingPathComponent("moved.svg"))
            let missing = try runTool(["validate", spec], timeLimit: 30)
            #expect(existing.stderr == missing.stderr, "\(name)")
            try manager.moveItem(at: layout.work.appendingPathComponent("moved.svg"), to: layout.outside)
        }
        #expect(!manager.fileExists(atPath: layout.work.appendingPathComponent("f.png").path))
    }

    /// Links that stay inside the root are followed, whether written relative or as an absolute path into the root.
    @Test func aLinkInsideThatStaysInsideIsFollowed() throws {
        let layout = try Layout()
        let manager = FileManager.default
        try manager.createSymbolicLink(atPath: layout.repo.appendingPathComponent("icons/rel.svg").path, withDestinationPath: "sun.svg")
        let absolute = layout.repo.resolvingSymlinksInPath().appendingPathComponent("icons/sun.svg").path
        try manager.createSymbolicLink(atPath: layout.repo.appendingPathComponent("icons/abs.svg").path, withDestinationPath: absolute)
        try manager.createSymbolicLink(atPath: layout.specs.appendingPathComponent("art").path, withDestinationPath: "../icons")
        for (name, path) in [("rel.json", "../icons/rel.svg"), ("abs.json", "../icons/abs.svg"), ("dir.json", "art/sun.svg")] {
            let spec = try layout.spec("icon", path, named: name)
            let run = try runTool(["validate", spec], timeLimit: 30)
            #expect(run.status == 0, "\(name): \(run)")
        }
    }

    @Test func aFIFOIsRefusedWithoutBlocking() throws {
        let layout = try Layout()
        let fifo = layout.repo.appendingPathComponent("icons/pipe.svg").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let spec = try layout.spec("icon", "../icons/pipe.svg")
        let run = try runTool(["validate", spec], timeLimit: 20)
        #expect(!run.timedOut, "\(run)")
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains("items[0].icon") && run.stderr.contains("not a regular file"), "\(run)")
    }

    /// By default the root is the repository that holds the spec (its nearest folder with `.git`), whatever folder
    /// the tool runs in, so `../icons/sun.svg` beside a specs folder works.
    @Test func theDefaultRootIsTheRepositoryThatHoldsTheSpec() throws {
        let layout = try Layout()
        let spec = try layout.spec("icon", "../icons/sun.svg")
        let elsewhere = try temporaryFolder()
        let run = try runTool(["validate", spec], in: elsewhere, timeLimit: 30)
        #expect(run.status == 0, "\(run)")
        let render = try runTool(["render", spec, "-o", elsewhere.appendingPathComponent("out").path, "-q"], in: elsewhere, timeLimit: 60)
        #expect(render.status == 0, "\(render)")
    }

    /// Without a repository above it, the spec's own folder is the root.
    @Test func withoutARepositoryTheRootIsTheSpecsFolder() throws {
        let layout = try Layout(git: false)
        let spec = try layout.spec("icon", "../icons/sun.svg")
        expectOutside(try runTool(["validate", spec], timeLimit: 30), spec: spec, field: "items[0].icon", root: layout.specs)
        try FileManager.default.createDirectory(at: layout.specs.appendingPathComponent("icons"), withIntermediateDirectories: true)
        try Data(Self.icon.utf8).write(to: layout.specs.appendingPathComponent("icons/moon.svg"))
        let inside = try layout.spec("icon", "icons/moon.svg", named: "inside.json")
        #expect(try runTool(["validate", inside], timeLimit: 30).status == 0)
    }

    @Test func rootGivenExplicitly() throws {
        let layout = try Layout(git: false)
        let spec = try layout.spec("icon", "../icons/sun.svg")
        let out = layout.work.appendingPathComponent("out").path
        let frame = layout.work.appendingPathComponent("f.png").path
        for command in [
            ["validate", spec], ["render", spec, "-o", out, "-q"], ["frame", spec, "-t", "0", "-o", frame], ["layout", spec],
        ] {
            let run = try runTool(command + ["--root", layout.repo.path], timeLimit: 60)
            #expect(run.status == 0, "\(command): \(run)")
        }
        // A narrower root refuses what the repository allowed.
        let repoLayout = try Layout()
        let narrow = try repoLayout.spec("icon", "../icons/sun.svg")
        let run = try runTool(["validate", "--root", repoLayout.specs.path, narrow], timeLimit: 30)
        expectOutside(run, spec: narrow, field: "items[0].icon", root: repoLayout.specs)
        // A root that is not a folder is a usage error.
        let missing = try runTool(["validate", "--root", layout.work.appendingPathComponent("nowhere").path, spec], timeLimit: 30)
        #expect(missing.status == 2 && missing.stderr.contains("--root"), "\(missing)")
        #expect(try runTool(["validate", "--root", "", spec], timeLimit: 30).status == 2)
    }
}
