import Foundation
import TestSupport
import Testing

/// An animated golden holds at most as many pictures as a render writes (10,000): a committed APNG or WebP of more is
/// refused from its headers, before any picture is compared (found in the hostile pass after issue 34: two 2 × 2 px
/// APNGs of 32,000 frames took 38 s of CPU with `--report html`, which the Action always passes, and 100,000 did not
/// finish in 300 s).
@Suite("Animated goldens: the frame limit")
struct AnimationFrameLimitTests {
    /// Writes `<out>.png` (an APNG) and `<out>.webp`, `frames` pictures of 2 × 2 px each, every picture of the
    /// `shade` one differing in its first pixel.
    static let manyFrames = #"""
        import struct, sys, zlib
        from PIL import Image
        frames, out, shade = int(sys.argv[1]), sys.argv[2], int(sys.argv[3])
        def chunk(kind, body):
            return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
        raw = bytearray(b"\0" + b"\0\0\0\xff" * 2 + b"\0" + b"\0\0\0\xff" * 2)
        raw[1] = shade
        data = zlib.compress(bytes(raw))
        png = [b"\x89PNG\r\n\x1a\n", chunk(b"IHDR", struct.pack(">IIBBBBB", 2, 2, 8, 6, 0, 0, 0)),
               chunk(b"acTL", struct.pack(">II", frames, 0))]
        sequence = 0
        for index in range(frames):
            png.append(chunk(b"fcTL", struct.pack(">IIIIIHHBB", sequence, 2, 2, 0, 0, 1, 100, 0, 0)))
            sequence += 1
            if index == 0:
                png.append(chunk(b"IDAT", data))
            else:
                png.append(chunk(b"fdAT", struct.pack(">I", sequence) + data))
                sequence += 1
        png.append(chunk(b"IEND", b""))
        open(out + ".png", "wb").write(b"".join(png))
        images = [Image.new("RGBA", (2, 2), (shade, 0, i % 256, 255)) for i in range(frames)]
        images[0].save(out + ".webp", save_all=True, append_images=images[1:], duration=10, loop=0, lossless=True)
        """#

    /// Two goldens of 10,001 pictures: exit 2 naming the file and the count, with the HTML report asked for.
    ///
    /// On main the pair was compared: exit 1 (the pictures differ), its time growing with the square of the count.
    @Test(arguments: ["png", "webp"])
    func anAnimationOfMorePicturesThanARenderWritesIsRefused(ext: String) throws {
        let work = try temporaryFolder()
        for (name, shade) in [("expected", 0), ("actual", 200)] {
            try FileManager.default.createDirectory(at: work.appendingPathComponent(name), withIntermediateDirectories: true)
            let made = try runProcess(
                URL(fileURLWithPath: "/usr/bin/env"),
                ["python3", "-c", Self.manyFrames, "10001", work.appendingPathComponent("\(name)/s").path, "\(shade)"])
            #expect(made.status == 0, "\(made)")
            for other in ["png", "webp"] where other != ext {
                try FileManager.default.removeItem(at: work.appendingPathComponent("\(name)/s.\(other)"))
            }
        }
        let run = try runTool([
            "compare", work.appendingPathComponent("expected").path, work.appendingPathComponent("actual").path, "--report", "html",
            work.appendingPathComponent("report").path,
        ])
        #expect(!run.trapped && run.status == 2, "\(run)")
        #expect(run.stderr.contains("s.\(ext): it holds 10001 pictures, more than the 10000 frames a render writes"), "\(run.stderr)")
    }

    /// 10,000 pictures, as many as a render may write, are compared: exit 1, every moment differs.
    @Test func anAnimationOfAsManyPicturesAsARenderWritesIsCompared() throws {
        let work = try temporaryFolder()
        for (name, shade) in [("expected", 0), ("actual", 200)] {
            try FileManager.default.createDirectory(at: work.appendingPathComponent(name), withIntermediateDirectories: true)
            let made = try runProcess(
                URL(fileURLWithPath: "/usr/bin/env"),
                ["python3", "-c", Self.manyFrames, "10000", work.appendingPathComponent("\(name)/s").path, "\(shade)"])
            #expect(made.status == 0, "\(made)")
            try FileManager.default.removeItem(at: work.appendingPathComponent("\(name)/s.webp"))
        }
        let run = try runTool(["compare", work.appendingPathComponent("expected").path, work.appendingPathComponent("actual").path])
        #expect(run.status == 1, "\(run)")
        #expect(run.stdout.contains("1 of 1 file differs"), "\(run)")
    }
}
