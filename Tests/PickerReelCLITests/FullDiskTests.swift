import Foundation
import Testing

/// A render that runs out of disk space part-way: a tiny tmpfs stands in for a full disk.
@Suite("Full disk")
struct FullDiskTests {
    /// Mounts a tmpfs of `kilobytes` at `existing` (or a new folder), or nil where mounting is not allowed (not
    /// root, no CAP_SYS_ADMIN): the test is then skipped, and says so.
    static func mountTinyDisk(kilobytes: Int, at existing: URL? = nil) -> URL? {
        guard getuid() == 0, let folder = try? existing ?? temporaryFolder() else { return nil }
        let mount = Process()
        mount.executableURL = URL(fileURLWithPath: "/bin/mount")
        mount.arguments = ["-t", "tmpfs", "-o", "size=\(kilobytes)k", "tmpfs", folder.path]
        mount.standardError = Pipe()
        guard (try? mount.run()) != nil else { return nil }
        mount.waitUntilExit()
        return mount.terminationStatus == 0 ? folder : nil
    }

    static func unmount(_ folder: URL) {
        let umount = Process()
        umount.executableURL = URL(fileURLWithPath: "/bin/umount")
        umount.arguments = [folder.path]
        try? umount.run()
        umount.waitUntilExit()
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
}
