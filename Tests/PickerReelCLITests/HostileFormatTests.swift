import Foundation
import PickerReel
import TestSupport
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

    /// An animated PNG is never compared by its first frame alone, as a single file or inside a tree.
    ///
    /// Two APNGs whose first frames agree and whose animations do not (another item selected, another colour)
    /// compared as "The file matches": compare read only the first frame. Compare then refused APNGs; now it compares
    /// them in time (issue 27), so the later moments differ.
    @Test(arguments: ["files", "trees"])
    func animatedPNGsAreNotComparedByTheirFirstFrame(_ shape: String) throws {
        let work = try temporaryFolder()
        let pictures = ["a": ("B", "gray"), "b": ("A", "red")].map { name, choice in
            (
                name,
                #"{"items":["A","B"],"selection":{"initial":null,"sequence":[{"select":"\#(choice.0)","after":0.1}],"tail":0.2},"style":{"highlight":{"color":"\#(choice.1)"}},"output":{"fps":30,"scale":1}}"#
            )
        }
        for (name, json) in pictures {
            let folder = work.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let spec = try writeSpec(json, named: "s.json", in: folder)
            #expect(
                try runTool(["render", spec, "-o", folder.appendingPathComponent("out").path, "--format", "apng", "-q"], timeLimit: 60)
                    .status == 0)
        }
        let (expected, actual) =
            shape == "files"
            ? (work.appendingPathComponent("a/out/s/s.png").path, work.appendingPathComponent("b/out/s/s.png").path)
            : (work.appendingPathComponent("a/out").path, work.appendingPathComponent("b/out").path)
        let run = try runTool(["compare", expected, actual, "--verbose"], timeLimit: 60)
        #expect(!run.trapped, "\(run)")
        #expect(run.status == 1, "an animation compared by its first frame: \(run)")
        #expect(run.stderr.isEmpty, "\(run)")
        #expect(run.stdout.contains("s.png: 11 of 12 moments differ: 0.133 s "), "the first moment agrees, the later ones do not: \(run)")
    }

    /// An RGB PNG with a tRNS chunk is read with its transparent colour.
    ///
    /// Such files (one colour transparent, as oxipng, pngcrush and Pillow write pictures whose alpha is all or
    /// nothing) were read as opaque by the fast decoder: one matched an opaque black picture and differed from
    /// the transparent one it is.
    @Test func anRGBPNGWithATransparentColourIsReadWithItsTransparency() throws {
        let work = try temporaryFolder()
        var opaque = RGBAImage(width: 8, height: 8, filledWith: (0, 0, 0, 255))
        opaque.setPixel(x: 0, y: 0, to: (255, 0, 0, 255))
        var clear = RGBAImage(width: 8, height: 8, filledWith: (0, 0, 0, 0))
        clear.setPixel(x: 0, y: 0, to: (255, 0, 0, 255))
        let opaqueBytes = try PNGFile.encode(opaque)
        #expect(opaqueBytes[25] == 2, "the encoder writes an opaque picture as RGB")
        // tRNS after IHDR: black (0, 0, 0) is transparent.
        let body: [UInt8] = Array("tRNS".utf8) + [0, 0, 0, 0, 0, 0]
        let crc = Self.crc32(body)
        let trns = [0, 0, 0, 6] + body + [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
        let paths = ["trns.png", "opaque.png", "clear.png"].map { work.appendingPathComponent($0).path }
        try Data(Array(opaqueBytes[..<33]) + trns + Array(opaqueBytes[33...])).write(to: URL(fileURLWithPath: paths[0]))
        try Data(opaqueBytes).write(to: URL(fileURLWithPath: paths[1]))
        try Data(try PNGFile.encode(clear)).write(to: URL(fileURLWithPath: paths[2]))
        let againstClear = try runTool(["compare", paths[0], paths[2]], timeLimit: 60)
        #expect(againstClear.status == 0, "\(againstClear)")
        let againstOpaque = try runTool(["compare", paths[0], paths[1]], timeLimit: 60)
        #expect(againstOpaque.status == 1, "\(againstOpaque)")
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// An animation whose file would have a frame's name is refused before anything is written.
    ///
    /// A spec named `frame-0003` wrote its APNG as `frame-0003.png`, the name of a PNG frame: a later PNG render of
    /// it replaced the animation with frame 3 (a render must replace only files of the formats it writes).
    @Test(arguments: [("apng", "frame-0003.png"), ("svg-animated", "frame-0003.svg")])
    func anAnimationNamedLikeAFrameIsRefused(format: String, file: String) throws {
        let work = try temporaryFolder()
        let spec = try writeSpec(Self.small, named: "frame-0003.json", in: work)
        let output = work.appendingPathComponent("out")
        let run = try runTool(["render", spec, "-o", output.path, "--format", format], timeLimit: 60)
        #expect(!run.trapped && run.status == 2, "\(run)")
        #expect(run.errorLines.count == 1, "\(run)")
        #expect(run.stderr.contains(file) && run.stderr.contains("frame"), "\(run)")
        #expect(((try? FileManager.default.subpathsOfDirectory(atPath: output.path)) ?? []).isEmpty)
        // Other formats of the same spec have names of their own.
        #expect(try runTool(["render", spec, "-o", output.path, "--format", "png,gif,webp", "-q"], timeLimit: 60).status == 0)
    }

    /// A variant that fails names itself.
    ///
    /// `variants.scale` [1, 8] made an @8x picture too wide for WebP (or for the limits), and the message named
    /// only the file and `output.scale`, which is 1 there.
    @Test(arguments: [("1024", "webp", "WebP holds at most 16,383"), ("1100", "png", "the picture would be 17600")])
    func aFailingVariantIsNamedInItsMessage(padding: String, format: String, problem: String) throws {
        let work = try temporaryFolder()
        let spec = try writeSpec(
            #"{"items":[""],"style":{"padding":0,"segmentPadding":{"horizontal":\#(padding)}},"selection":{"tail":0},"output":{"scale":1},"variants":{"scale":[1,8]}}"#,
            named: "wide.json", in: work)
        let run = try runTool(["render", spec, "-o", work.appendingPathComponent("out").path, "--format", format, "-q"], timeLimit: 120)
        #expect(!run.trapped && run.status == 2, "\(run)")
        #expect(run.errorLines.count == 1, "\(run)")
        #expect(run.stderr.hasPrefix("pickerreel: error: \(spec) (variant @8x): "), "\(run)")
        #expect(run.stderr.contains(problem), "\(run)")
    }

    /// An output path longer than the system allows is one line that ends with the reason, and leaves nothing.
    ///
    /// Beyond PATH_MAX (4,096 bytes) the line was cut at 1,000 characters inside the path, so "File name too long"
    /// never showed; and `frame -o` left the 17 folders it had made for the file behind.
    @Test(arguments: ["render", "frame"])
    func anOutputPathTooLongForTheSystemSaysSoAndLeavesNothing(command: String) throws {
        let work = try temporaryFolder()
        let spec = try writeSpec(Self.small, named: "s.json", in: work)
        let deep = work.appendingPathComponent("deep").appendingPathComponent(
            Array(repeating: String(repeating: "d", count: 250), count: 17).joined(separator: "/"))
        let arguments =
            command == "render"
            ? ["render", spec, "-o", deep.path, "--format", "webm", "-q"]
            : ["frame", spec, "--index", "0", "-o", deep.appendingPathComponent("x.png").path]
        let run = try runTool(arguments, timeLimit: 60)
        #expect(!run.trapped && run.status == 2, "\(run)")
        #expect(run.errorLines.count == 1, "\(run)")
        #expect(run.stderr.utf8.count <= 1_200, "\(run.stderr.utf8.count) bytes")
        #expect(run.stderr.contains("File name too long"), "\(run)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: work.path) == ["s.json"])
    }

    /// A signal while a video, WebP or APNG is being encoded (inside libx264, libvpx, libwebp or the PNG encoder,
    /// on their own threads) ends the tool with 128 + the signal and leaves the folder as it was: no trap at exit,
    /// no half-written animation, no staging left.
    @Test(arguments: [("mp4", SIGTERM), ("webm", SIGINT), ("webp", SIGTERM), ("apng", SIGINT)])
    func aSignalMidEncodeLeavesTheFolderAsItWas(format: String, signal: Int32) throws {
        let work = try temporaryFolder()
        let spec = work.appendingPathComponent("long.json")
        try Data(InterruptTests.longSpec.utf8).write(to: spec)
        let output = work.appendingPathComponent("out")
        let folder = output.appendingPathComponent("long")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = OutputFormatName.file(format, name: "long")
        try Data("approved".utf8).write(to: folder.appendingPathComponent(file))
        let before = try snapshot(of: work)
        let process = Process()
        process.executableURL = try toolURL()
        process.arguments = ["render", spec.path, "-o", output.path, "--format", format, "-q"]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        var staging: [String] = []
        while Date() < deadline && staging.isEmpty && process.isRunning {
            staging = (try FileManager.default.contentsOfDirectory(atPath: folder.path)).filter { $0.hasPrefix(".") }
            if staging.isEmpty { usleep(5_000) }
        }
        #expect(!staging.isEmpty, "the render never started")
        usleep(400_000)
        #expect(process.isRunning, "the encode finished before it could be interrupted")
        kill(process.processIdentifier, signal)
        waitForExit(process)
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationReason == .exit && process.terminationStatus == 128 + signal, "\(message)")
        #expect(!message.contains("Fatal") && !message.contains("crashed") && !message.contains("Backtrac"), "\(message)")
        #expect(message.contains("left as it was: \(folder.path)"), "\(message)")
        #expect(try snapshot(of: work) == before)
    }
}

/// The file names of the animation formats, as the README's table gives them.
enum OutputFormatName {
    static func file(_ format: String, name: String) -> String {
        switch format {
        case "apng": return name + ".png"
        case "svg-animated": return name + ".svg"
        case "sheet": return name + "-sheet.png"
        default: return name + "." + format
        }
    }
}
