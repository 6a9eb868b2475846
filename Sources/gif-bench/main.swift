// Encodes a folder of PNG frames into a GIF with GIFEncoder, for Benchmarks/gif_vs_ffmpeg.py.
//
//     gif-bench FRAMES_DIR FPS OUTPUT.gif [--dithering D] [--speed S] [--matte RRGGBB]
//
// Frames are the folder's .png files in name order, frame k at k / FPS; the animation lasts (count − 1) / FPS,
// as PickerReel's timeline does. Exit status 0 on success, 1 on failure, 2 on bad arguments.
import Foundation
import PickerGIF
import PickerKit
import PickerRender

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data("gif-bench: \(message)\n".utf8))
    exit(status)
}

var positional: [String] = []
var options = GIFEncoderOptions()
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--dithering":
        guard let value = arguments.popFirst().flatMap(Double.init) else { fail("--dithering needs a number from 0 to 1", status: 2) }
        options.dithering = value
    case "--matte":
        guard let value = arguments.popFirst().flatMap({ UInt32($0, radix: 16) }) else {
            fail("--matte needs a colour as RRGGBB", status: 2)
        }
        options.matte = RGBAColor(hex: value)
    case "--speed":
        guard let value = arguments.popFirst().flatMap(Int.init) else { fail("--speed needs a whole number from 1 to 10", status: 2) }
        options.speed = value
    default:
        positional.append(argument)
    }
}
guard positional.count == 3, let fps = Double(positional[1]), fps > 0 else {
    fail("usage: gif-bench FRAMES_DIR FPS OUTPUT.gif [--dithering D] [--speed S] [--matte RRGGBB]", status: 2)
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
    // Time spent decoding PNGs, so the encoder's own time can be told apart (ffmpeg's decoder is faster than
    // reading through Cairo).
    var reading: TimeInterval = 0
    let gif = try GIFEncoder(options: options).encode(frameCount: paths.count, fps: fps, duration: Double(paths.count - 1) / fps) {
        let readStarted = Date()
        defer { reading += Date().timeIntervalSince(readStarted) }
        return try PNGFile.read(paths[$0])
    }
    try Data(gif.bytes).write(to: URL(fileURLWithPath: positional[2]), options: .atomic)
    let seconds = Date().timeIntervalSince(started)
    let figures = [seconds, reading, seconds - reading].map { String(format: "%.2f", $0) }
    print(
        "\(positional[2]): \(gif.bytes.count) bytes, \(gif.frames.count) GIF frames from \(paths.count), \(gif.paletteCount) colours, \(figures[0]) s (\(figures[1]) s reading PNGs, \(figures[2]) s encoding)"
    )
} catch {
    fail("\(error)", status: 1)
}
