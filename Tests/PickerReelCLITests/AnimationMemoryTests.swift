import Foundation
import TestSupport
import Testing

/// Issue 34, finding 4: `compare` of animated goldens stays within `--memory`.
///
/// Sizes come from headers (a change of
/// size is reported without decoding), animations are compared one picture at a time, the HTML report's diff
/// pictures are drawn again rather than kept, and a pair too large for the budget is refused naming its size.
///
/// The animations: the seed demo at scale 6, 20 frames a second (1,313 × 316 px, 70 frames), rendered once as APNG
/// and WebP, against the same spec with red labels (29 differing moments) and with "Mouth" for "Month" (1,312 px
/// wide). Peaks are the tool's own resident memory (`peakMemory`); the margin over the budget is the process's
/// own memory (about 20 MB: code, tables) and the measurement's slack.
@Suite(
    "Memory budget: compare of animations",
    .enabled(if: !builtWithSanitizer, "a sanitizer's shadow memory, not the pictures, sets the peak"))
struct AnimationMemoryTests {
    /// The folder holding `a/a.png`, `a/a.webp`, `red/…` and `mouth/…`, rendered once for the suite.
    static let animations: Result<URL, any Error> = Result {
        let folder = try temporaryFolder()
        let text = try String(contentsOfFile: fixture("seed-demo.json"), encoding: .utf8)
            .replacingOccurrences(of: "\"scale\": 2", with: "\"scale\": 6")
            .replacingOccurrences(of: "\"fps\": 30", with: "\"fps\": 20")
        let specs = [
            try writeSpec(text, named: "a.json", in: folder),
            try writeSpec(text.replacingOccurrences(of: "\"accent\"", with: "\"red\""), named: "red.json", in: folder),
            try writeSpec(text.replacingOccurrences(of: "\"Month\"", with: "\"Mouth\""), named: "mouth.json", in: folder),
        ]
        let run = try runTool(["render"] + specs + ["-f", "apng,webp", "-o", folder.path, "-q"], timeLimit: 300)
        guard run.status == 0 else { throw RenderFailed(message: run.stderr) }
        return folder
    }

    /// 64 MiB, and the margin a peak may exceed it by.
    static let budget = ["--memory", "64M"]
    static let allowed = (64 << 20) + 32_000_000

    /// Two APNGs or two WebPs that differ in every moment, compared with `--memory 64M`.
    ///
    /// On main every picture of both was decoded and held: 120 MB (APNG) and 124 MB (WebP); now 31 and 34 MB.
    @Test(arguments: ["png", "webp"])
    func twoAnimationsAreComparedOnePictureAtATime(ext: String) throws {
        let folder = try Self.animations.get()
        let expected = folder.appendingPathComponent("a/a.\(ext)").path
        let actual = folder.appendingPathComponent("red/red.\(ext)").path
        let peak = try peakMemory(["compare", expected, actual] + Self.budget)
        #expect(peak.status == 1)
        #expect(peak.peakBytes < Self.allowed, "peak \(peak.peakBytes) B")
        let run = try runTool(["compare", expected, actual] + Self.budget)
        #expect(run.stdout.contains("29 of 29 moments differ: 0 s 18,938 px"), "\(run)")
    }

    /// `--report html`, which the Action always passes, draws a diff animation and a strip: the diff pictures are
    /// drawn again from the two files as each is needed, and the strip holds as many moments as fit.
    ///
    /// On main every pair's diff picture was kept as well: 217 MB; now 68 MB.
    @Test func theHTMLReportOfTwoAnimationsStaysWithinTheBudget() throws {
        let folder = try Self.animations.get()
        let work = try temporaryFolder()
        let arguments = [
            "compare", folder.appendingPathComponent("a/a.png").path, folder.appendingPathComponent("red/red.png").path, "--report", "html",
        ]
        let peak = try peakMemory(arguments + [work.appendingPathComponent("report").path] + Self.budget)
        #expect(peak.status == 1)
        #expect(peak.peakBytes < Self.allowed, "peak \(peak.peakBytes) B")
        for file in ["report/index.html", "report/files/diff/a.png", "report/files/diff/a-strip.png"] {
            #expect(FileManager.default.fileExists(atPath: work.appendingPathComponent(file).path), "\(file)")
        }
    }

    /// Three folders each holding such a pair are compared one pair after the other when two do not fit together.
    ///
    /// On main two pairs at once on two cores, each holding every picture: 214 MB; now 38 MB.
    @Test func threeFoldersOfAnimationsShareTheBudget() throws {
        let folder = try Self.animations.get()
        let work = try temporaryFolder()
        for side in ["expected", "actual"] {
            for spec in ["x", "y", "z"] {
                let target = work.appendingPathComponent("\(side)/\(spec)")
                try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
                let source = folder.appendingPathComponent(side == "expected" ? "a/a.png" : "red/red.png")
                try FileManager.default.copyItem(at: source, to: target.appendingPathComponent("anim.png"))
            }
        }
        let peak = try peakMemory(
            ["compare", work.appendingPathComponent("expected").path, work.appendingPathComponent("actual").path] + Self.budget)
        #expect(peak.status == 1)
        #expect(peak.peakBytes < Self.allowed, "peak \(peak.peakBytes) B")
    }

    /// A golden whose canvas differs from the render's is reported from the two headers, neither decoded.
    ///
    /// On main both were decoded whole first: 120 MB (the issue's 8192² case: 1.59 GB); now 24 MB.
    @Test(arguments: ["png", "webp"])
    func aChangeOfSizeIsReportedFromTheHeaders(ext: String) throws {
        let folder = try Self.animations.get()
        let arguments = [
            "compare", folder.appendingPathComponent("a/a.\(ext)").path, folder.appendingPathComponent("mouth/mouth.\(ext)").path,
        ]
        let peak = try peakMemory(arguments + Self.budget)
        #expect(peak.status == 1)
        #expect(peak.peakBytes < 40_000_000, "peak \(peak.peakBytes) B")
        let run = try runTool(arguments + Self.budget)
        #expect(run.stdout.contains("the size changed from 1313×316 px to 1312×316 px"), "\(run)")
    }

    /// Small files that declare large pictures (as the issue's 1.1 MB APNGs and 242-byte WebPs of four 8192² frames
    /// did): four frames of 2,048² px each, whose comparison one picture at a time takes about 135 MB, are refused
    /// with `--memory 64M` before a picture is decoded, naming the file, its size and the budget.
    ///
    /// On main both were decoded whole: 188 MB (APNG), 204 MB (WebP); now refused at 20 MB.
    @Test(arguments: ["png", "webp"])
    func aPairTooLargeForTheBudgetIsRefusedUpFront(ext: String) throws {
        let work = try temporaryFolder()
        for (name, shade) in [("expected", 0), ("actual", 100)] {
            let made = try runProcess(
                URL(fileURLWithPath: "/usr/bin/env"),
                ["python3", "-c", Self.largeAnimations, "2048", "4", work.appendingPathComponent(name).path, "\(shade)"])
            #expect(made.status == 0, "\(made)")
        }
        let arguments = ["compare", work.appendingPathComponent("expected.\(ext)").path, work.appendingPathComponent("actual.\(ext)").path]
        let peak = try peakMemory(arguments + Self.budget)
        #expect(peak.status == 2)
        #expect(peak.peakBytes < 64 << 20, "peak \(peak.peakBytes) B")
        let run = try runTool(arguments + Self.budget + ["--report", "html", work.appendingPathComponent("report").path])
        #expect(!run.trapped && run.status == 2, "\(run)")
        #expect(run.stderr.contains("expected.\(ext): comparing it with "), "\(run.stderr)")
        #expect(run.stderr.contains("4 and 4 pictures of 2048 × 2048 px, one at a time, takes about "), "\(run.stderr)")
        #expect(run.stderr.contains("more than the memory budget (64 MiB; --memory) with the diff pictures"), "\(run.stderr)")
    }

    /// A folder of PNG frames against such an animation is refused before a frame is read to find its holds.
    ///
    /// On main the animation and every frame were decoded: 155 MB for three frames against four; now refused at 22 MB.
    @Test func aFolderOfFramesTooLargeForTheBudgetIsRefusedUpFront() throws {
        let work = try temporaryFolder()
        let made = try runProcess(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", "-c", Self.largeAnimations, "2048", "4", work.appendingPathComponent("animation").path, "0"])
        #expect(made.status == 0, "\(made)")
        let frames = work.appendingPathComponent("frames")
        try FileManager.default.createDirectory(at: frames, withIntermediateDirectories: true)
        for index in 0..<3 {
            // The APNG's first frame as a still: the same header and data, its acTL and fcTL left out.
            let still = try Self.stillOfFirstFrame(Data(contentsOf: work.appendingPathComponent("animation.png")))
            try still.write(to: frames.appendingPathComponent(String(format: "frame-%04d.png", index)))
        }
        let arguments = ["compare", frames.path, work.appendingPathComponent("animation.png").path] + Self.budget
        let peak = try peakMemory(arguments)
        #expect(peak.status == 2)
        #expect(peak.peakBytes < 64 << 20, "peak \(peak.peakBytes) B")
        let run = try runTool(arguments)
        #expect(run.stderr.contains("frames: comparing it with "), "\(run.stderr)")
        #expect(run.stderr.contains("3 and 4 pictures of 2048 × 2048 px"), "\(run.stderr)")
    }

    /// The chunks of `apng` without acTL, fcTL and fdAT: a still PNG of its first frame.
    static func stillOfFirstFrame(_ apng: Data) -> Data {
        let bytes = [UInt8](apng)
        var still = Data(bytes[0..<8])
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            if !["acTL", "fcTL", "fdAT"].contains(type) { still.append(contentsOf: bytes[offset..<(offset + 12 + length)]) }
            offset += 12 + length
        }
        return still
    }

    /// `compare --memory` takes the sizes `render --memory` takes, with the same message for one it does not; on main
    /// compare had no `--memory` ("unknown option").
    @Test(arguments: ["10M", "lots", "2T", ""])
    func compareTakesTheMemoryBudgetAsRenderDoes(_ value: String) throws {
        let folder = try Self.animations.get()
        let paths = [folder.appendingPathComponent("a/a.png").path, folder.appendingPathComponent("a/a.png").path]
        let refused = try runTool(["compare"] + paths + ["--memory", value])
        let rendered = try runTool(["render", "--memory", value, "-o", try temporaryFolder().path])
        #expect(refused.status == 2 && rendered.status == 2, "\(refused) \(rendered)")
        #expect(refused.stderr.contains("--memory \(value): expected a size of at least 64M"), "\(refused.stderr)")
        #expect(
            refused.stderr.replacingOccurrences(of: "compare", with: "render") == rendered.stderr,
            "\(refused.stderr) against \(rendered.stderr)")
        let help = try runTool(["compare", "--help"])
        #expect(help.stdout.contains("--memory SIZE"), "\(help.stdout)")
        let taken = try runTool(["compare"] + paths + ["--memory", "1.5G"])
        #expect(taken.status == 0, "\(taken)")
    }

    /// Writes NAME.png (an APNG) and NAME.webp (lossless, through Pillow) of FRAMES frames of SIDE² px, each one
    /// colour (shifted by SHADE): files of kilobytes that decode to SIDE² × 4 bytes a frame.
    static let largeAnimations = #"""
        import struct, sys, zlib
        from PIL import Image
        side, frames, out, shade = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
        colors = [(200, (40 * i + shade) % 256, 90, 255) for i in range(frames)]
        def chunk(kind, body):
            return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
        def frame_data(color):
            squeeze = zlib.compressobj(9)
            row = b"\x00" + bytes(color) * side
            return b"".join(squeeze.compress(row) for _ in range(side)) + squeeze.flush()
        png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", side, side, 8, 6, 0, 0, 0))
        png += chunk(b"acTL", struct.pack(">II", frames, 0))
        sequence = 0
        for index, color in enumerate(colors):
            png += chunk(b"fcTL", struct.pack(">IIIIIHHBB", sequence, side, side, 0, 0, 1, 10, 0, 0))
            sequence += 1
            if index == 0:
                png += chunk(b"IDAT", frame_data(color))
            else:
                png += chunk(b"fdAT", struct.pack(">I", sequence) + frame_data(color))
                sequence += 1
        png += chunk(b"IEND", b"")
        open(out + ".png", "wb").write(png)
        images = [Image.new("RGBA", (side, side), color) for color in colors]
        images[0].save(out + ".webp", save_all=True, append_images=images[1:], duration=100, loop=0, lossless=True)
        """#
}
