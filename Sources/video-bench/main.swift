// Encodes a folder of PNG frames into an MP4 or WebM with VideoEncoder, for Benchmarks/video_vs_ffmpeg.py.
//
//     video-bench FRAMES_DIR FPS OUTPUT.(mp4|webm) [--chroma 420|444|alpha|rgb] [--crf N] [--threads N] [--matte RRGGBB]
//
// Frames are the folder's .png files in name order, frame k at k / FPS, each shown for 1 / FPS. Exit status 0
// on success, 1 on failure, 2 on bad arguments.
import Foundation
import PickerKit
import PickerRender
import PickerVideo

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data("video-bench: \(message)\n".utf8))
    exit(status)
}

let usage = "usage: video-bench FRAMES_DIR FPS OUTPUT.(mp4|webm) [--chroma 420|444|alpha|rgb] [--crf N] [--threads N] [--matte RRGGBB]"
var positional: [String] = []
var options = VideoEncoderOptions()
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
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
guard positional.count == 3, let fps = Double(positional[1]), fps > 0 else { fail(usage, status: 2) }
let output = positional[2]
if output.hasSuffix(".webm") {
    options.format = .webm
} else if output.hasSuffix(".mp4") {
    options.format = .mp4
} else {
    fail("the output must end in .mp4 or .webm", status: 2)
}
let folder = URL(fileURLWithPath: positional[0])
let names: [String]
do {
    names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".png") }.sorted()
} catch {
    fail("\(folder.path): cannot list it (\(error.localizedDescription))", status: 1)
}
guard !names.isEmpty else { fail("\(folder.path): no .png files", status: 1) }
let paths = names.map { folder.appendingPathComponent($0).path }

do {
    let started = Date()
    // Time spent decoding PNGs, so the encoder's own time can be told apart.
    var reading: TimeInterval = 0
    let video = try VideoEncoder(options: options).encode(frameCount: paths.count, fps: fps) {
        let readStarted = Date()
        defer { reading += Date().timeIntervalSince(readStarted) }
        return try PNGFile.read(paths[$0])
    }
    try Data(video.bytes).write(to: URL(fileURLWithPath: output), options: .atomic)
    let seconds = Date().timeIntervalSince(started)
    let figures = [seconds, reading, seconds - reading].map { String(format: "%.2f", $0) }
    print(
        "\(output): \(video.bytes.count) bytes, \(video.frameCount) frames, \(video.width) × \(video.height) \(video.chroma.pixelFormatName) at \(video.frameRate) fps, \(figures[0]) s (\(figures[1]) s reading PNGs, \(figures[2]) s encoding)"
    )
    for warning in video.warnings { print("warning: \(warning)") }
} catch {
    fail("\(error)", status: 1)
}
