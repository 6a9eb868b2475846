import Foundation
import PickerGIF
import PickerKit
import PickerRender

/// Renders each spec into its output folder: per-frame files in parallel across cores, then the formats that
/// cover the whole animation.
struct RenderCommand: Sendable {
    var options: RenderOptions
    var console: Console

    /// The exit status: 0 when every spec rendered, 2 when any failed (each failure is reported).
    func run() -> Int32 {
        guard let sources = loadSources() else { return ExitCode.badInput }
        let clashes = Dictionary(grouping: sources, by: \.name).filter { $0.value.count > 1 }.keys.sorted()
        if let clash = clashes.first {
            console.err("pickerreel: error: several specs are named \"\(clash)\"; their output folders would be the same (rename one)\n")
            return ExitCode.badInput
        }
        let workers = options.jobs ?? ProcessInfo.processInfo.activeProcessorCount
        let progress = Progress(console: console, quiet: options.quiet)
        let framesDone = SharedCounter()
        let specsDone = SharedCounter()
        let command = self
        // Several specs: one per worker, each drawing its frames in order. One spec: its frames across workers.
        let frameWorkers = sources.count >= workers ? 1 : workers
        let failures = runInParallel(count: sources.count, workers: workers) { index in
            let source = sources[index]
            let summary = try command.render(source, into: command.outputFolder(for: source, count: sources.count), workers: frameWorkers) {
                total in
                let frames = framesDone.add(1)
                if sources.count == 1 {
                    progress.update("\(source.name): frame \(frames) of \(total)")
                } else {
                    progress.update("\(specsDone.add(0)) of \(sources.count) specs done, \(frames) frames")
                }
            }
            _ = specsDone.add(1)
            progress.finish()
            if !command.options.quiet { command.console.err(summary + "\n") }
        }
        progress.finish()
        // An interrupted render's failures are the interruption itself; the signal handler reports it.
        for index in failures.keys.sorted() where !StagingRegistry.shared.isCancelled {
            console.err("pickerreel: error: \(failures[index].map { "\($0)" } ?? "unknown failure")\n")
        }
        return failures.isEmpty ? ExitCode.success : ExitCode.badInput
    }

    /// The specs to render, sorted by path and cut to the shard; nil after reporting any that cannot be loaded.
    func loadSources() -> [SpecSource]? {
        if options.specPaths.isEmpty {
            do {
                return [try SpecSource.seedDemo()]
            } catch {
                console.err("pickerreel: error: \(error)\n")
                return nil
            }
        }
        var paths = options.specPaths.sorted()
        if let shard = options.shard { paths = Array(shard.slice(of: paths)) }
        var sources: [SpecSource] = []
        var failed = false
        for path in paths {
            do {
                sources.append(try SpecSource.load(path))
            } catch {
                console.err("pickerreel: error: \(error)\n")
                failed = true
            }
        }
        return failed ? nil : sources
    }

    func outputFolder(for source: SpecSource, count: Int) -> URL {
        guard let output = options.outputPath else {
            return URL(fileURLWithPath: "Output").appendingPathComponent(source.name)
        }
        let base = URL(fileURLWithPath: output)
        return count > 1 || options.shard != nil ? base.appendingPathComponent(source.name) : base
    }

    /// Renders one spec into `destination` and returns a one-line summary.
    func render(_ source: SpecSource, into destination: URL, workers: Int, frameDone: @Sendable (_ total: Int) -> Void) throws -> String {
        let started = Date()
        let compression = options.pngLevel.map { PNGCompression(level: $0) } ?? .standard
        let renderer = try FrameRenderer(spec: source.spec, file: source.path, pngCompression: compression)
        for warning in renderer.warnings where !options.quiet {
            console.err("pickerreel: warning: \(source.displayName): \(warning)\n")
        }
        let folder = try StagedFolder(destination: destination)
        let frameCount = renderer.timeline.frameCount
        let bytesWritten = SharedCounter()
        let framesDrawn = SharedCounter()
        for format in options.formats where format.isPerFrame {
            // Contiguous chunks, so holds inside a chunk reuse the previous frame's bytes.
            let chunks = max(1, min(workers, frameCount))
            guard chunks > 1 else {
                // One worker (every spec of a batch): this thread's renderer draws the frames, instead of a second
                // renderer that would lay out the labels and draw the static layer again.
                try Self.writeFrames(
                    0..<frameCount, format: format, renderer: renderer, folder: folder, bytes: bytesWritten, drawn: framesDrawn,
                    frameDone: frameDone)
                continue
            }
            let spec = source.spec
            let file = source.path
            let failures = runInParallel(count: chunks, workers: chunks) { chunk in
                // Each worker owns its Cairo and Pango objects; none is shared between threads.
                let worker = try FrameRenderer(spec: spec, file: file, pngCompression: compression)
                try Self.writeFrames(
                    (frameCount * chunk / chunks)..<(frameCount * (chunk + 1) / chunks), format: format,
                    renderer: worker, folder: folder, bytes: bytesWritten, drawn: framesDrawn, frameDone: frameDone)
            }
            if let first = failures.keys.min(), let error = failures[first] { throw error }
        }
        for format in options.formats where !format.isPerFrame {
            let bytes: [UInt8]
            let name: String
            switch format {
            case .svgAnimated:
                bytes = try AnimatedSVG(renderer: renderer).document()
                name = "\(source.name).svg"
            case .sheet:
                bytes = try ContactSheet(renderer: renderer).pngBytes()
                name = "\(source.name)-sheet.png"
            case .gif:
                bytes = try gifBytes(renderer)
                name = "\(source.name).gif"
            case .png, .svg:
                continue
            }
            try folder.write(bytes, named: name)
            _ = bytesWritten.add(bytes.count)
        }
        try folder.commit(removingStale: { name in Self.isFrameName(name) })
        let seconds = Date().timeIntervalSince(started)
        let formats = options.formats.map(\.rawValue).joined(separator: ", ")
        return String(
            format: "%@: %d frames (%@; %d drawn, %.2f MB) in %.2f s → %@", source.name, frameCount, formats, framesDrawn.add(0),
            Double(bytesWritten.add(0)) / 1_000_000, seconds, destination.relativePath)
    }

    /// The animation as a GIF: frames are drawn twice (once to choose the palette, once to write), which costs
    /// less than keeping them all in memory.
    func gifBytes(_ renderer: FrameRenderer) throws -> [UInt8] {
        let matte: RGBAColor?
        switch options.gifMatte {
        case .automatic: matte = renderer.spec.style.background.alpha < 1 ? RGBAColor(hex: 0xFFFFFF) : nil
        case .none: matte = nil
        case .color(let color): matte = color
        }
        let encoder = GIFEncoder(options: GIFEncoderOptions(loopCount: renderer.spec.output.loopCount, matte: matte))
        let timeline = renderer.timeline
        return try encoder.encode(frameCount: timeline.frameCount, fps: timeline.fps, duration: timeline.duration) { index in
            try renderer.image(forFrame: index)
        }.bytes
    }

    /// Draws and writes the frames in `range` with the calling thread's own renderer, reusing the previous
    /// frame's bytes for holds.
    static func writeFrames(
        _ range: Range<Int>, format: FrameFormat, renderer: FrameRenderer, folder: StagedFolder, bytes: SharedCounter,
        drawn: SharedCounter, frameDone: @Sendable (_ total: Int) -> Void
    ) throws {
        var previous: (highlight: Highlight?, bytes: [UInt8])?
        for index in range {
            let highlight = renderer.timeline.highlight(forFrame: index)
            let frameBytes: [UInt8]
            if let previous, previous.highlight == highlight {
                // A hold: the same picture as the frame before, so the same bytes.
                frameBytes = previous.bytes
            } else {
                frameBytes = format == .svg ? try renderer.svgBytes(highlight: highlight) : try renderer.pngBytes(highlight: highlight)
                _ = drawn.add(1)
            }
            try folder.write(frameBytes, named: frameName(index, format))
            _ = bytes.add(frameBytes.count)
            previous = (highlight, frameBytes)
            frameDone(renderer.timeline.frameCount)
        }
    }

    /// `frame-0042.png`: four digits, as many as the frame limit needs.
    static func frameName(_ index: Int, _ format: FrameFormat) -> String {
        let digits = String(index)
        return "frame-" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits + "." + format.rawValue
    }

    /// True for names this command writes, so stale frames of an earlier, longer render can be removed.
    static func isFrameName(_ name: String) -> Bool {
        guard name.hasPrefix("frame-") else { return false }
        let parts = name.dropFirst("frame-".count).split(separator: ".")
        guard parts.count == 2, parts[1] == "png" || parts[1] == "svg" else { return false }
        return parts[0].count == 4 && parts[0].allSatisfy(\.isNumber)
    }
}
