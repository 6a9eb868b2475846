import Foundation
import TestSupport
import Testing

/// A render that runs out of disk space part-way: a tiny tmpfs stands in for a full disk.
@Suite("Full disk")
struct FullDiskTests {
    /// Mounts a tmpfs of `kilobytes` at `existing` (or a new folder), or nil where mounting is not allowed (not
    /// root, no CAP_SYS_ADMIN): the test is then skipped, and says so.
    static func mountTinyDisk(kilobytes: Int, at existing: URL? = nil) -> URL? {
        guard getuid() == 0, let folder = try? existing ?? temporaryFolder() else { return nil }
        let mount = try? runProcess(
            URL(fileURLWithPath: "/bin/mount"), ["-t", "tmpfs", "-o", "size=\(kilobytes)k", "tmpfs", folder.path])
        return mount?.status == 0 ? folder : nil
    }

    static func unmount(_ folder: URL) {
        _ = try? runProcess(URL(fileURLWithPath: "/bin/umount"), [folder.path])
    }

    static let canMount: Bool = {
        guard let probe = mountTinyDisk(kilobytes: 64) else { return false }
        unmount(probe)
        return true
    }()

    @Test(.enabled(if: canMount, "needs root and permission to mount a tmpfs"))
    func runningOutOfSpaceMidRenderLeavesTheFolderAsItWas() throws {
        let disk = try #require(Self.mountTinyDisk(kilobytes: 400))
        defer { Self.unmount(disk) }
        let output = disk.appendingPathComponent("seed-demo")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        try Data("approved".utf8).write(to: output.appendingPathComponent("frame-0000.png"))
        let before = try snapshot(of: disk)
        // The seed demo's frames take about 1 MB: more than the disk holds. The disk is also a mount point, which
        // the output may be now that staging happens inside it.
        let run = try runTool(["render", fixture("seed-demo.json"), "-o", disk.path])
        #expect(run.status == 2)
        #expect(run.stderr.lowercased().contains("no space left"), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        #expect(try snapshot(of: disk) == before)
    }

    /// The new formats run out of space as the frames do: one line naming the file, exit 2, the disk as it was.
    @Test(.enabled(if: canMount, "needs root and permission to mount a tmpfs"), arguments: ["apng", "webp", "mp4", "webm"])
    func anAnimationThatDoesNotFitLeavesTheFolderAsItWas(format: String) throws {
        let disk = try #require(Self.mountTinyDisk(kilobytes: 12))
        defer { Self.unmount(disk) }
        let output = disk.appendingPathComponent("seed-demo")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        try Data("approved".utf8).write(to: output.appendingPathComponent(OutputFormatName.file(format, name: "seed-demo")))
        let before = try snapshot(of: disk)
        let run = try runTool(["render", fixture("seed-demo.json"), "-o", disk.path, "--format", format])
        #expect(run.status == 2, "\(run.stderr)")
        #expect(
            run.stderr.contains("No space left") && run.stderr.contains(OutputFormatName.file(format, name: "seed-demo")), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        #expect(try snapshot(of: disk) == before)
    }

    /// `compare --update` into goldens on a full disk: nothing changes, nothing hidden is left.
    @Test(.enabled(if: canMount, "needs root and permission to mount a tmpfs"))
    func anUpdateThatDoesNotFitLeavesTheGoldensAsTheyWere() throws {
        let work = try temporaryFolder()
        let renders = try batchRenders(in: work)
        let disk = try #require(Self.mountTinyDisk(kilobytes: 400))
        defer { Self.unmount(disk) }
        let goldens = disk.appendingPathComponent("goldens")
        let spec = try writeSpec(#"{"items":["A","B"],"output":{"scale":1}}"#, named: "seed-demo.json", in: work)
        #expect(try runTool(["render", spec, "-o", goldens.path, "-q"]).status == 0)
        let before = try snapshot(of: disk)
        let run = try runTool(["compare", goldens.path, renders.actual.path, "--update"])
        #expect(run.status == 2, "\(run.stdout) \(run.stderr)")
        #expect(run.stderr.contains("No space left") && run.stderr.contains("nothing was changed"), "\(run.stderr)")
        #expect(try snapshot(of: disk) == before)
    }
}
