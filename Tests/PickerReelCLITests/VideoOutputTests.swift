import Foundation
import PickerKit
import PickerRender
import TestSupport
import Testing

/// MP4 and WebM as the tool writes them: the same frames as the PNGs, at the spec's rate, the options honoured.
///
/// Videos are read back with the ffmpeg and ffprobe executables (installed with the libav development packages),
/// which are independent of the tool's in-process libavcodec calls.
@Suite(.serialized)
struct VideoOutputTests {
    /// Renders `spec` with `arguments` into a new folder and returns the spec's output folder.
    func render(_ spec: String, _ arguments: [String]) throws -> URL {
        let folder = try temporaryFolder()
        let run = try runTool(["render", spec, "-o", folder.path, "--quiet"] + arguments)
        #expect(run.status == 0, "\(run.stderr)")
        return folder.appendingPathComponent(URL(fileURLWithPath: spec).deletingPathExtension().lastPathComponent)
    }

    /// Every frame of `video`, decoded to RGBA at `width` × `height` (the picture's size; padding cropped by ffmpeg).
    func decodedFrames(_ video: URL, width: Int, height: Int, decoder: String? = nil) throws -> [RGBAImage] {
        var arguments = ["-v", "error"]
        if let decoder { arguments += ["-c:v", decoder] }
        arguments += ["-i", video.path, "-vf", "crop=\(width):\(height):0:0", "-f", "rawvideo", "-pix_fmt", "rgba", "-"]
        let bytes = [UInt8](try runProgram("ffmpeg", arguments).checkedOutput())
        let size = width * height * 4
        try #require(size > 0 && bytes.count % size == 0, "\(bytes.count) bytes are not whole frames")
        return stride(from: 0, to: bytes.count, by: size).compactMap {
            RGBAImage(width: width, height: height, pixels: Array(bytes[$0..<$0 + size]))
        }
    }

    /// The PNG frames the tool wrote into `folder`, in order.
    func pngFrames(in folder: URL) throws -> [RGBAImage] {
        let decoder = try PNGDecoder()
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("frame-") }.sorted()
        return try names.map { name in
            let path = folder.appendingPathComponent(name).path
            return try #require(try decoder.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), path: path))
        }
    }

    /// The mean absolute difference per channel of `a` over `matte` and `b` (opaque), in 0…255.
    func meanDifference(_ a: RGBAImage, over matte: (Double, Double, Double), _ b: RGBAImage) -> Double {
        var total = 0.0
        let backdrop = [matte.0, matte.1, matte.2]
        for index in 0..<a.width * a.height {
            let alpha = Double(a.pixels[index * 4 + 3]) / 255
            for channel in 0..<3 {
                let expected = Double(a.pixels[index * 4 + channel]) * alpha + backdrop[channel] * (1 - alpha)
                total += abs(expected - Double(b.pixels[index * 4 + channel]))
            }
        }
        return total / Double(a.width * a.height * 3)
    }

    @Test("MP4 and WebM hold every PNG frame, in order, at the spec's frame rate", arguments: ["mp4", "webm"])
    func videosHoldThePNGFrames(format: String) throws {
        let folder = try render(fixture("seed-demo.json"), ["--format", "png,\(format)"])
        let pngs = try pngFrames(in: folder)
        let video = folder.appendingPathComponent("seed-demo.\(format)")
        let probe = try VideoProbe(video)
        #expect(probe.codec == (format == "mp4" ? "h264" : "vp9"))
        #expect(probe.pixelFormat == "yuv420p")
        #expect(probe.frameRate == "30/1")
        #expect(probe.frameCount == pngs.count)
        // N frames at 30 fps play for N / 30 s.
        #expect(abs(probe.duration - Double(pngs.count) / 30) < 0.0005, "duration \(probe.duration)")
        let decoded = try decodedFrames(video, width: pngs[0].width, height: pngs[0].height)
        try #require(decoded.count == pngs.count)
        // Frame by frame, the decoded video is its PNG within 4:2:0 coding noise (thin blue text loses some
        // saturation: about 1.6 of 255 on average), and it is nearer its own PNG than the frames either side
        // whenever those show another picture: no frame is dropped, doubled or shifted.
        var worst = 0.0
        for index in pngs.indices {
            let own = meanDifference(pngs[index], over: (255, 255, 255), decoded[index])
            worst = max(worst, own)
            for neighbour in [index - 1, index + 1] where pngs.indices.contains(neighbour) && pngs[neighbour] != pngs[index] {
                let other = meanDifference(pngs[neighbour], over: (255, 255, 255), decoded[index])
                #expect(own < other, "decoded frame \(index) is \(own) from its PNG and \(other) from frame \(neighbour)'s")
            }
        }
        #expect(worst < 2.5, "worst frame's mean difference \(worst)")
    }

    @Test("A clear background is blended over the video matte, or kept clear in an alpha WebM")
    func matteAndAlpha() throws {
        let folder = try temporaryFolder()
        let spec = folder.appendingPathComponent("clear.json")
        try Data(
            #"{"items": ["A", "B"], "selection": {"initial": "A", "sequence": [{"select": "B", "after": 0.1}], "tail": 0.1}, "style": {"background": "clear"}, "animation": {"duration": 0.1}, "output": {"fps": 10}}"#
                .utf8
        ).write(to: spec)
        let black = try render(spec.path, ["--format", "png,mp4", "--video-matte", "#000000"])
        let pngs = try pngFrames(in: black)
        let (width, height) = (pngs[0].width, pngs[0].height)
        let overBlack = try decodedFrames(black.appendingPathComponent("clear.mp4"), width: width, height: height)
        #expect(meanDifference(pngs[0], over: (0, 0, 0), overBlack[0]) < 2)
        #expect(meanDifference(pngs[0], over: (255, 255, 255), overBlack[0]) > 20)

        let alpha = try render(spec.path, ["--format", "webm", "--video-chroma", "alpha"])
        let probe = try VideoProbe(alpha.appendingPathComponent("clear.webm"))
        #expect(probe.alphaMode == "1")
        // libvpx's own decoder reads the alpha plane (FFmpeg's native VP9 decoder drops it).
        let frames = try decodedFrames(alpha.appendingPathComponent("clear.webm"), width: width, height: height, decoder: "libvpx-vp9")
        try #require(frames.count == pngs.count)
        var alphaError = 0
        for index in 0..<width * height { alphaError += abs(Int(frames[0].pixels[index * 4 + 3]) - Int(pngs[0].pixels[index * 4 + 3])) }
        #expect(Double(alphaError) / Double(width * height) < 3, "mean alpha error \(Double(alphaError) / Double(width * height))")
        let clearCorner = Int(frames[0].pixels[3])
        #expect(clearCorner < 8, "the clear corner's alpha is \(clearCorner)")
    }

    @Test("4:4:4 and RGB chroma, and the CRF, reach the encoder")
    func chromaAndQuality() throws {
        let spec = fixture("seed-demo.json")
        let sharp = try render(spec, ["--format", "mp4", "--video-chroma", "444"])
        #expect(try VideoProbe(sharp.appendingPathComponent("seed-demo.mp4")).pixelFormat == "yuv444p")
        let rgb = try render(spec, ["--format", "webm", "--video-chroma", "rgb"])
        #expect(try VideoProbe(rgb.appendingPathComponent("seed-demo.webm")).pixelFormat == "gbrp")
        let small = try render(spec, ["--format", "mp4", "--crf", "45"])
        let standard = try render(spec, ["--format", "mp4"])
        let smallSize = try Data(contentsOf: small.appendingPathComponent("seed-demo.mp4")).count
        let standardSize = try Data(contentsOf: standard.appendingPathComponent("seed-demo.mp4")).count
        #expect(smallSize < standardSize, "CRF 45: \(smallSize) bytes, CRF 20: \(standardSize)")
    }

    @Test("A render of the same spec writes the same video bytes", arguments: ["mp4", "webm"])
    func videosAreByteIdenticalRunToRun(format: String) throws {
        let first = try render(fixture("seed-demo.json"), ["--format", format])
        let second = try render(fixture("seed-demo.json"), ["--format", format, "-j", "1"])
        let name = "seed-demo.\(format)"
        #expect(try Data(contentsOf: first.appendingPathComponent(name)) == Data(contentsOf: second.appendingPathComponent(name)))
    }

    @Test(
        "Video options a format cannot honour are refused before anything is written",
        arguments: [
            (["--format", "mp4", "--video-chroma", "alpha"], "--video-chroma alpha needs WebM"),
            (["--format", "mp4", "--video-chroma", "rgb"], "--video-chroma rgb needs WebM"),
            (["--format", "webm", "--video-chroma", "422"], "--video-chroma 422: expected 420, 444, alpha or rgb"),
            (["--format", "mp4", "--crf", "52"], "--crf 52: expected a whole number from 0 to 51 (MP4)"),
            (["--format", "webm", "--crf", "64"], "--crf 64: expected a whole number from 0 to 63"),
            (["--format", "webm", "--video-matte", "#00000080"], "--video-matte #00000080: expected an opaque colour"),
        ])
    func refusedOptions(arguments: [String], message: String) throws {
        let folder = try temporaryFolder()
        let run = try runTool(["render", fixture("seed-demo.json"), "-o", folder.path] + arguments)
        #expect(run.status == 2)
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
}

/// What ffprobe says about a video's first stream.
struct VideoProbe {
    let codec: String
    let pixelFormat: String
    let frameRate: String
    let frameCount: Int
    let duration: Double
    let alphaMode: String?

    init(_ video: URL) throws {
        let json = try JSONSerialization.jsonObject(
            with: try runProgram("ffprobe", ["-v", "error", "-count_frames", "-show_streams", "-show_format", "-of", "json", video.path])
                .checkedOutput())
        let root = try #require(json as? [String: Any])
        let stream = try #require((root["streams"] as? [[String: Any]])?.first)
        let format = try #require(root["format"] as? [String: Any])
        codec = stream["codec_name"] as? String ?? ""
        pixelFormat = stream["pix_fmt"] as? String ?? ""
        frameRate = stream["r_frame_rate"] as? String ?? ""
        frameCount = Int(stream["nb_read_frames"] as? String ?? "") ?? -1
        duration = Double(format["duration"] as? String ?? "") ?? -1
        alphaMode = (stream["tags"] as? [String: String])?["alpha_mode"] ?? (stream["tags"] as? [String: String])?["ALPHA_MODE"]
    }
}
