// Encodes PNG frames, or a spec's frames rendered in memory, into an MP4 or WebM with VideoEncoder, for
// Benchmarks/video_vs_ffmpeg.py.
//
//     video-bench FRAMES_DIR FPS OUTPUT.(mp4|webm) [options]
//     video-bench --spec SPEC.json OUTPUT.(mp4|webm) [options]
//     options: --chroma 420|444|alpha|rgb  --crf N  --threads N  --matte RRGGBB
//
// PNG frames are the folder's .png files in name order, frame k at k / FPS, each shown for 1 / FPS; a
// background thread decodes them a few frames ahead (libdeflate). With --spec, FrameDrawer draws the frames
// on the encoding thread, as a render would. Prints the size and where the time went. Exit status 0 on
// success, 1 on failure, 2 on bad arguments.
import Foundation
import PickerKit
import PickerRender
import PickerVideo

func fail(_ message: String, status: Int32) -> Never {
    // write(2), not FileHandle: a closed or full standard error must not trap.
    let line = Array("video-bench: \(message)\n".utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    exit(status)
}

let usage = """
    usage: video-bench FRAMES_DIR FPS OUTPUT.(mp4|webm) [options]
           video-bench --spec SPEC.json OUTPUT.(mp4|webm) [options]
    options: --chroma 420|444|alpha|rgb  --crf N  --threads N  --matte RRGGBB
    """
var positional: [String] = []
var specPath: String?
var options = VideoEncoderOptions()
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--spec":
        guard let value = arguments.popFirst() else { fail("--spec needs a spec file", status: 2) }
        specPath = value
    case "--chroma":
        switch arguments.popFirst() {
        case "420": options.chroma = .yuv420
        case "444": options.chroma = .yuv444
        case "alpha": options.chroma = .yuva420
        case "rgb": options.chroma = .rgb
        default: fail("--chroma needs 420, 444, alpha or rgb", status: 2)
        }
    case "--crf":
        guard let value = arguments.popFirst().flatMap(Int.init) else { fail("--crf needs a whole number", status: 2) }
        options.crf = value
    case "--threads":
        guard let value = arguments.popFirst().flatMap(Int.init) else { fail("--threads needs a whole number", status: 2) }
        options.threadCount = value
    case "--matte":
        guard let value = arguments.popFirst().flatMap({ UInt32($0, radix: 16) }) else {
            fail("--matte needs a colour as RRGGBB", status: 2)
        }
        options.matte = RGBAColor(hex: value)
    default:
        positional.append(argument)
    }
}
guard let output = positional.last, positional.count == (specPath == nil ? 3 : 1) else { fail(usage, status: 2) }
if output.hasSuffix(".webm") {
    options.format = .webm
} else if output.hasSuffix(".mp4") {
    options.format = .mp4
} else {
    fail("the output must end in .mp4 or .webm", status: 2)
}

/// The frames to encode: how many, at what rate, how to get frame k, and what the time spent getting them
/// was called.
@MainActor func frameSource() throws -> (
    count: Int, fps: Double, frame: (Int) throws -> RGBAImage, seconds: () -> TimeInterval, what: String
) {
    if let specPath {
        let spec = try PickerSpec.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: specPath))), file: specPath)
        let drawer = try FrameDrawer(spec: spec, file: specPath)
        let timeline = drawer.plan.timeline
        var rendering: TimeInterval = 0
        let frame: (Int) throws -> RGBAImage = { index in
            let started = Date()
            defer { rendering += Date().timeIntervalSince(started) }
            return try drawer.image(state: timeline.state(forFrame: index))
        }
        return (timeline.frameCount, timeline.fps, frame, { rendering }, "rendering")
    }
    guard let fps = Double(positional[1]), fps > 0 else { fail(usage, status: 2) }
    let folder = URL(fileURLWithPath: positional[0])
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".png") }.sorted()
    guard !names.isEmpty else { fail("\(folder.path): no .png files", status: 1) }
    let prefetcher = FramePrefetcher(paths: names.map { folder.appendingPathComponent($0).path })
    return (names.count, fps, prefetcher.frame, { prefetcher.decodingSeconds }, "decoding PNGs on another thread")
}

do {
    let started = Date()
    let source = try frameSource()
    var waiting: TimeInterval = 0
    let video = try VideoEncoder(options: options).encode(frameCount: source.count, fps: source.fps) { index in
        let asked = Date()
        defer { waiting += Date().timeIntervalSince(asked) }
        return try source.frame(index)
    }
    try Data(video.bytes).write(to: URL(fileURLWithPath: output), options: .atomic)
    let seconds = Date().timeIntervalSince(started)
    func format(_ value: TimeInterval) -> String { NumberText.fixed(value, digits: 2) }
    print(
        "\(output): \(video.bytes.count) bytes, \(video.frameCount) frames, \(video.width) × \(video.height) \(video.chroma.pixelFormatName) at \(video.frameRate) fps, \(format(seconds)) s (\(format(source.seconds())) s \(source.what), \(format(seconds - waiting)) s encoding)"
    )
    for warning in video.warnings { print("warning: \(warning)") }
} catch {
    fail("\(error)", status: 1)
}
