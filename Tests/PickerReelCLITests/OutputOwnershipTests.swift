import Foundation
import TestSupport
import Testing

/// A render replaces only the files of the formats it writes, and never a file that merely looks like a frame
/// (issue 9): files of other formats and the user's own files survive.
///
/// Each render is a batch with a one-frame spec beside, as CI renders `specs/*.json`, so that every build of the tool
/// (also those that wrote a lone spec straight into -o) writes into out/period/.
@Suite("Which files a render may replace")
struct OutputOwnershipTests {
    static let spec =
        #"{"items":["Day","Week"],"selection":{"initial":"Day","sequence":[{"select":"Week","after":0.1}],"tail":0.1},"output":{"scale":1}}"#

    /// `render period.json tiny.json`, written into `work`.
    static func batch(in work: URL) throws -> [String] {
        [
            "render", try writeSpec(spec, named: "period.json", in: work),
            try writeSpec(CommitScenario.tinySpec, named: "tiny.json", in: work),
        ]
    }

    @Test func aGIFRenderAfterAPNGRenderKeepsThePNGFrames() throws {
        let work = try temporaryFolder()
        let output = work.appendingPathComponent("out")
        let batch = try Self.batch(in: work) + ["-o", output.path, "-q"]
        #expect(try runTool(batch, timeLimit: 60).status == 0)
        let frames = try snapshot(of: output)
        #expect(frames.keys.contains("period/frame-0000.png"), "\(frames.keys.sorted())")
        let run = try runTool(batch + ["--format", "gif"], timeLimit: 60)
        #expect(run.status == 0, "\(run)")
        var after = try snapshot(of: output)
        #expect(after.removeValue(forKey: "period/period.gif")?.starts(with: Array("GIF89a".utf8)) == true)
        #expect(after.removeValue(forKey: "tiny/tiny.gif") != nil)
        // The manifests now describe the GIF render; every other file is as it was.
        let manifests = ["period/pickerreel-manifest.json", "tiny/pickerreel-manifest.json"]
        #expect(manifests.allSatisfy { after[$0] != nil && after[$0] != frames[$0] })
        #expect(after.filter { !manifests.contains($0.key) } == frames.filter { !manifests.contains($0.key) })
        // And a PNG render after that keeps the GIF.
        #expect(try runTool(batch, timeLimit: 60).status == 0)
        #expect(try snapshot(of: output).keys.contains("period/period.gif"))
    }

    /// Names that `Character.isNumber` takes for digits: Arabic-Indic digits, Roman numerals, fullwidth digits.
    static let lookalikes = [
        "frame-١٢٣٤.png", "frame-ⅠⅡⅢⅣ.png", "frame-１２３４.png", "frame-0001.png.bak", "frame-00001.png", "Frame-0001.png",
    ]

    @Test func userFilesThatLookLikeFramesSurviveARender() throws {
        let work = try temporaryFolder()
        let folder = work.appendingPathComponent("out/period")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in Self.lookalikes { try Data("mine: \(name)".utf8).write(to: folder.appendingPathComponent(name)) }
        let run = try runTool(
            try Self.batch(in: work) + ["-o", work.appendingPathComponent("out").path, "--format", "png,svg", "-q"], timeLimit: 60)
        #expect(run.status == 0, "\(run)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(names.contains("frame-0000.png") && names.contains("frame-0000.svg"), "\(names.sorted())")
        for name in Self.lookalikes {
            #expect(try Data(contentsOf: folder.appendingPathComponent(name)) == Data("mine: \(name)".utf8), "\(name)")
        }
    }
}

/// `-o` on a mount point, as `docker run -v "$PWD/out:/out" … -o /out` gives.
///
/// Staging beside the destination crossed file systems (EXDEV). A tmpfs stands in for the volume.
@Suite("Output on a mount point")
struct MountPointTests {
    @Test(.enabled(if: FullDiskTests.canMount, "needs root and permission to mount a tmpfs"))
    func aRenderIntoAMountPointSucceedsAndReplacesItsFrames() throws {
        let volume = try #require(FullDiskTests.mountTinyDisk(kilobytes: 8_192))
        defer { FullDiskTests.unmount(volume) }
        let work = try temporaryFolder()
        let spec = try writeSpec(OutputOwnershipTests.spec, named: "period.json", in: work)
        for _ in 0..<2 {
            let run = try runTool(["render", spec, "-o", volume.path, "--format", "png,gif"], timeLimit: 60)
            #expect(run.status == 0, "\(run)")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: volume.appendingPathComponent("period").path)
        #expect(names.contains("frame-0000.png") && names.contains("period.gif"), "\(names.sorted())")
        #expect(!names.contains { $0.hasPrefix(".") }, "\(names.sorted())")
    }

    /// The spec's own folder is the mount point (`-v …:/out/period`): staging must live inside it.
    ///
    /// A batch, so that every build writes into out/period/.
    @Test(.enabled(if: FullDiskTests.canMount, "needs root and permission to mount a tmpfs"))
    func aRenderWhoseSpecFolderIsAMountPointSucceeds() throws {
        let work = try temporaryFolder()
        let folder = work.appendingPathComponent("out/period")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let volume = try #require(FullDiskTests.mountTinyDisk(kilobytes: 8_192, at: folder))
        defer { FullDiskTests.unmount(volume) }
        let batch = try OutputOwnershipTests.batch(in: work)
        for _ in 0..<2 {
            let run = try runTool(batch + ["-o", work.appendingPathComponent("out").path], timeLimit: 60)
            #expect(run.status == 0, "\(run)")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(names.contains("frame-0000.png"), "\(names.sorted())")
        #expect(!names.contains { $0.hasPrefix(".") }, "\(names.sorted())")
    }
}
