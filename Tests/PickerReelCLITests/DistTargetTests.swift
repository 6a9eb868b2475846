import Foundation
import TestSupport
import Testing

/// What `make dist` refuses before touching anything, and that it writes the same bytes twice from one commit.
///
/// It runs the script `make dist` runs (scripts/make-dist.sh TOOL DIST). The .deb on a clean Debian 12 root is
/// `make dist-test`'s (scripts/dist-check.sh).
@Suite("make dist", .serialized)
struct DistTargetTests {
    static let script = repositoryRoot.appendingPathComponent("scripts/make-dist.sh").path

    static func makeDist(tool: String, dist: URL) throws -> ProcessRun {
        try runProgram(Self.script, [tool, dist.path], timeLimit: 900)
    }

    @Test func aDistFolderHoldingOtherFilesIsRefusedAndLeftAsItWas() throws {
        let dist = try temporaryFolder().appendingPathComponent("release")
        try FileManager.default.createDirectory(at: dist, withIntermediateDirectories: true)
        try Data("mine\n".utf8).write(to: dist.appendingPathComponent("notes.txt"))
        try Data("old\n".utf8).write(to: dist.appendingPathComponent("debian-packages.txt"))
        let run = try Self.makeDist(tool: try toolURL().path, dist: dist)
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("\(dist.path) holds \(dist.path)/notes.txt, which make dist did not write"), "\(run.stderr)")
        #expect(try String(contentsOf: dist.appendingPathComponent("notes.txt"), encoding: .utf8) == "mine\n")
        #expect(try String(contentsOf: dist.appendingPathComponent("debian-packages.txt"), encoding: .utf8) == "old\n")
    }

    @Test func aDistThatIsALinkOrAFileIsRefused() throws {
        let folder = try temporaryFolder()
        let target = folder.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        try Data("old\n".utf8).write(to: target.appendingPathComponent("debian-packages.txt"))
        let link = folder.appendingPathComponent("dist")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        let linked = try Self.makeDist(tool: try toolURL().path, dist: link)
        #expect(linked.status == 2)
        #expect(linked.stderr.contains("\(link.path) is a symbolic link"), "\(linked.stderr)")
        #expect(try String(contentsOf: target.appendingPathComponent("debian-packages.txt"), encoding: .utf8) == "old\n")

        let file = folder.appendingPathComponent("file")
        try Data("x".utf8).write(to: file)
        let filed = try Self.makeDist(tool: try toolURL().path, dist: file)
        #expect(filed.status == 2)
        #expect(filed.stderr.contains("\(file.path) is not a folder"), "\(filed.stderr)")
    }

    @Test func aToolThatIsNotBuiltIsRefused() throws {
        let folder = try temporaryFolder()
        let run = try Self.makeDist(tool: folder.appendingPathComponent("pickerreel").path, dist: folder.appendingPathComponent("dist"))
        #expect(run.status == 2)
        #expect(run.stderr.contains("is not a built tool: run make build CONFIG=release first"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("dist").path))
    }

    @Test func twoRunsFromOneCommitWriteTheSameBytesAndThePackageNamesItsLibrariesAndFonts() throws {
        // The release tool, as `make dist` builds it (nothing to do after `make test` built it).
        let build = try runProgram(
            "make", ["-C", repositoryRoot.path, "--no-print-directory", "build", "CONFIG=release"], timeLimit: 1_200)
        try #require(build.status == 0, "\(build.stderr)")
        let tool = repositoryRoot.appendingPathComponent(".build/static/release/pickerreel").path
        let folder = try temporaryFolder()
        let first = try Self.makeDist(tool: tool, dist: folder.appendingPathComponent("first"))
        try #require(first.status == 0, "\(first.stderr)")
        let second = try Self.makeDist(tool: tool, dist: folder.appendingPathComponent("second"))
        try #require(second.status == 0, "\(second.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("first").path).sorted()
        #expect(
            names.contains { $0.hasSuffix(".deb") } && names.contains { $0.hasSuffix(".tar.gz") } && names.contains("debian-packages.txt"))
        for name in names {
            let one = try Data(contentsOf: folder.appendingPathComponent("first/\(name)"))
            let two = try Data(contentsOf: folder.appendingPathComponent("second/\(name)"))
            #expect(one == two, "\(name) differs between two runs")
        }
        // Linked (cairo), opened with dlopen (FFmpeg, librsvg, libmicrohttpd), and the fonts of install-dependencies.sh.
        let packages = try String(contentsOf: folder.appendingPathComponent("first/debian-packages.txt"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        for package in ["libcairo2", "libavcodec59", "librsvg2-2", "libmicrohttpd12", "fontconfig", "fonts-inter", "fonts-noto-core"] {
            #expect(packages.contains(package), "debian-packages.txt lacks \(package): \(packages)")
        }
    }
}
