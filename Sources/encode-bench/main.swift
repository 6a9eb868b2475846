// Encodes an animation as GIF, APNG or WebP with PickerReel's encoders, for Benchmarks/gif_vs_ffmpeg.py and
// Benchmarks/formats_vs_ffmpeg.py. The frames are a folder of PNG files, or a spec rendered in-process.
//
//     encode-bench FRAMES_DIR FPS OUTPUT [--format gif|apng|webp] [--duration SECONDS] [options] [--json]
//     encode-bench --spec SPEC.json OUTPUT [--format gif|apng|webp] [options] [--json]
//
// From a folder, frames are its .png files in name order, frame k at k / FPS, and the animation lasts
// --duration seconds (by default (count − 1) / FPS); they are decoded ahead on a second thread (FrameReader), so the
// time reported for sourcing them is the time the encoder waited. From a spec, the frames are drawn by FrameDrawer as
// `pickerreel render` draws them, with the spec's fps, duration and loop count. The format comes from --format
// or the output's extension (.gif, .png, .webp). Options: --loop N (plays; default forever); GIF: --dithering D,
// --speed S, --matte RRGGBB; APNG: --level 0-12, --filter none|sub|up|paeth|adaptive; WebP: --quality 0-100
// (lossy; lossless without it), --method 0-6, --minimize-size yes|no. It prints one line, or with --json one JSON object: bytes, frames
// written, source frames, seconds in all, seconds waiting for PNGs or drawing frames, and the rest, encoding.
// Exit status 0 on success, 1 on failure, 2 on bad arguments.
import Foundation
import PickerGIF
import PickerKit
import PickerRender
import PickerWebP

func fail(_ message: String, status: Int32) -> Never {
    // write(2), not FileHandle: a closed or full standard error must not trap.
    let line = Array("encode-bench: \(message)\n".utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    exit(status)
}

enum Format: String {
    case gif, apng, webp
}

var positional: [String] = []
var format: Format?
var specPath: String?
var duration: Double?
var loopCount: Int?
var json = false
var gifOptions = GIFEncoderOptions()
var apngOptions = APNGEncoderOptions()
var webpOptions = WebPEncoderOptions()
var arguments = CommandLine.arguments.dropFirst()

@MainActor func value<T>(_ flag: String, _ parse: (String) -> T?, _ expected: String) -> T {
    guard let text = arguments.popFirst(), let parsed = parse(text) else { fail("\(flag) needs \(expected)", status: 2) }
    return parsed
}

while let argument = arguments.popFirst() {
    switch argument {
    case "--format": format = value(argument, Format.init(rawValue:), "gif, apng or webp")
    case "--spec": specPath = value(argument, { $0 }, "a spec file")
    case "--duration": duration = value(argument, Double.init, "a number of seconds")
    case "--loop": loopCount = value(argument, Int.init, "a number of plays")
    case "--json": json = true
    case "--dithering": gifOptions.dithering = value(argument, Double.init, "a number from 0 to 1")
    case "--speed": gifOptions.speed = value(argument, Int.init, "a whole number from 1 to 10")
    case "--matte": gifOptions.matte = RGBAColor(hex: value(argument, { UInt32($0, radix: 16) }, "a colour as RRGGBB"))
    case "--level": apngOptions.compression.level = value(argument, Int.init, "a level from 0 to 12")
    case "--filter": apngOptions.compression.filter = value(argument, PNGRowFilter.init(rawValue:), "none, sub, up, paeth or adaptive")
    case "--quality": webpOptions.quality = .lossy(value(argument, Int.init, "a quality from 0 to 100"))
    case "--method": webpOptions.method = value(argument, Int.init, "a method from 0 to 6")
    case "--minimize-size": webpOptions.minimizeSize = value(argument, { ["yes": true, "no": false][$0] }, "yes or no")
    default: positional.append(argument)
    }
}

let usage = "usage: encode-bench FRAMES_DIR FPS OUTPUT | --spec SPEC OUTPUT [--format gif|apng|webp] [--duration S] [--loop N] [--json]"
let outputPath: String
/// Frame count, fps, duration, loop count, and the frame provider.
let source: (count: Int, fps: Double, duration: Double, loop: Int?, frame: (Int) throws -> RGBAImage)
/// Seconds spent drawing frames (from a spec), added up by the provider.
nonisolated(unsafe) var sourcing: TimeInterval = 0
/// The reader of a folder's frames, which counts the time spent waiting for them.
nonisolated(unsafe) var frameReader: FrameReader?
let clock = ContinuousClock()
func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

if let specPath {
    guard positional.count == 1 else { fail(usage, status: 2) }
    outputPath = positional[0]
    do {
        let spec = try PickerSpec.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: specPath))), file: specPath)
        let renderer = try FrameDrawer(spec: spec, file: specPath)
        let timeline = renderer.plan.timeline
        source = (
            timeline.frameCount, timeline.fps, timeline.loopDuration, loopCount ?? spec.output.loopCount,
            { index in
                let started = clock.now
                defer { sourcing += seconds(clock.now - started) }
                return try renderer.image(state: timeline.state(forFrame: index))
            }
        )
    } catch {
        fail("\(specPath): \(error)", status: 1)
    }
} else {
    guard positional.count == 3, let fps = Double(positional[1]), fps > 0 else { fail(usage, status: 2) }
    outputPath = positional[2]
    let folder = URL(fileURLWithPath: positional[0])
    let names: [String]
    do {
        names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".png") }.sorted()
    } catch {
        fail("\(folder.path): cannot list it (\(error.localizedDescription))", status: 1)
    }
    guard !names.isEmpty else { fail("\(folder.path): no .png files", status: 1) }
    let paths = names.map { folder.appendingPathComponent($0).path }
    let reader = FrameReader(paths: paths)
    frameReader = reader
    source = (paths.count, fps, duration ?? Double(paths.count - 1) / fps, loopCount, { try reader.frame($0) })
}

let chosen: Format
if let format {
    chosen = format
} else {
    switch URL(fileURLWithPath: outputPath).pathExtension.lowercased() {
    case "gif": chosen = .gif
    case "png", "apng": chosen = .apng
    case "webp": chosen = .webp
    default: fail("give --format, or an output ending in .gif, .png or .webp", status: 2)
    }
}

do {
    let started = clock.now
    let bytes: [UInt8]
    let framesWritten: Int
    switch chosen {
    case .gif:
        gifOptions.loopCount = source.loop
        let gif = try GIFEncoder(options: gifOptions).encode(
            frameCount: source.count, fps: source.fps, duration: source.duration, frame: source.frame)
        (bytes, framesWritten) = (gif.bytes, gif.frames.count)
    case .apng:
        apngOptions.loopCount = source.loop
        let apng = try APNGEncoder(options: apngOptions).encode(
            frameCount: source.count, fps: source.fps, duration: source.duration, frame: source.frame)
        (bytes, framesWritten) = (apng.bytes, apng.frames.count)
    case .webp:
        webpOptions.loopCount = source.loop
        let webp = try WebPEncoder(options: webpOptions).encode(
            frameCount: source.count, fps: source.fps, duration: source.duration, frame: source.frame)
        (bytes, framesWritten) = (webp.bytes, webp.frames.count)
    }
    try Data(bytes).write(to: URL(fileURLWithPath: outputPath), options: .atomic)
    let total = seconds(clock.now - started)
    if let frameReader { sourcing = frameReader.waitingSeconds }
    let reading = specPath == nil ? "waiting for PNGs" : "drawing frames"
    if json {
        print(
            "{\"format\": \"\(chosen.rawValue)\", \"bytes\": \(bytes.count), \"frames\": \(framesWritten), \"sourceFrames\": \(source.count), \"seconds\": \(total), \"sourcingSeconds\": \(sourcing), \"encodingSeconds\": \(total - sourcing), \"duration\": \(source.duration)}"
        )
    } else {
        let figures = [total, sourcing, total - sourcing].map { NumberText.fixed($0, digits: 3) }
        print(
            "\(outputPath): \(bytes.count) bytes, \(framesWritten) \(chosen.rawValue.uppercased()) frames from \(source.count), \(figures[0]) s (\(figures[1]) s \(reading), \(figures[2]) s encoding)"
        )
    }
} catch {
    fail("\(error)", status: 1)
}
