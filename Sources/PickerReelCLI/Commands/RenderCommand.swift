import Foundation
import PickerKit
import PickerRender

/// Renders every frame of each spec into its output folder.
struct RenderCommand {
    var options: RenderOptions
    var console: Console

    /// The exit status: 0 when every spec rendered, 2 when any failed (each failure is reported).
    func run() -> Int32 {
        var sources: [SpecSource] = []
        var failed = false
        if options.specPaths.isEmpty {
            do {
                sources.append(try SpecSource.seedDemo())
            } catch {
                console.err("pickerreel: error: \(error)\n")
                return ExitCode.badInput
            }
        }
        for path in options.specPaths {
            do {
                sources.append(try SpecSource.load(path))
            } catch {
                console.err("pickerreel: error: \(error)\n")
                failed = true
            }
        }
        let names = Dictionary(grouping: sources, by: \.name).filter { $0.value.count > 1 }.keys.sorted()
        if let clash = names.first {
            console.err("pickerreel: error: several specs are named \"\(clash)\"; their frames would share Output/\(clash)/ (rename one)\n")
            return ExitCode.badInput
        }
        if failed { return ExitCode.badInput }
        let progress = Progress(console: console, quiet: options.quiet)
        for (position, source) in sources.enumerated() {
            let destination = outputFolder(for: source, count: sources.count)
            do {
                let summary = try render(source, into: destination) { done, total in
                    progress.update("[\(position + 1)/\(sources.count)] \(source.name): frame \(done)/\(total)")
                }
                progress.finish()
                if !options.quiet {
                    console.err(summary + "\n")
                }
            } catch {
                progress.finish()
                console.err("pickerreel: error: \(error)\n")
                failed = true
            }
        }
        return failed ? ExitCode.badInput : ExitCode.success
    }

    func outputFolder(for source: SpecSource, count: Int) -> URL {
        guard let output = options.outputPath else {
            return URL(fileURLWithPath: "Output").appendingPathComponent(source.name)
        }
        let base = URL(fileURLWithPath: output)
        return count > 1 ? base.appendingPathComponent(source.name) : base
    }

    /// Renders one spec into `destination` and returns a one-line summary.
    func render(_ source: SpecSource, into destination: URL, progress: (Int, Int) -> Void) throws -> String {
        let started = Date()
        let renderer = try FrameRenderer(spec: source.spec, file: source.path)
        for warning in renderer.warnings where !options.quiet {
            console.err("pickerreel: warning: \(source.displayName): \(warning)\n")
        }
        let folder = try StagedFolder(destination: destination)
        let timeline = renderer.timeline
        let frameCount = timeline.frameCount
        var bytesWritten = 0
        var drawn = 0
        for format in options.formats {
            var previous: (highlight: Highlight?, bytes: [UInt8])?
            for index in 0..<frameCount {
                let highlight = timeline.highlight(forFrame: index)
                let bytes: [UInt8]
                if let previous, previous.highlight == highlight {
                    // A hold: the frame is the same picture as the one before, so its bytes are too.
                    bytes = previous.bytes
                } else {
                    bytes = format == .png ? try renderer.pngBytes(highlight: highlight) : try renderer.svgBytes(highlight: highlight)
                    drawn += 1
                }
                try folder.write(bytes, named: Self.frameName(index, format))
                bytesWritten += bytes.count
                previous = (highlight, bytes)
                progress(index + 1, frameCount)
            }
        }
        try folder.commit(removingStale: { name in Self.isFrameName(name) })
        let seconds = Date().timeIntervalSince(started)
        let formats = options.formats.map(\.rawValue).joined(separator: ", ")
        return String(
            format: "%@: %d frames (%@, %d drawn, %.1f MB) in %.2f s → %@", source.name, frameCount, formats, drawn,
            Double(bytesWritten) / 1_000_000, seconds, destination.relativePath)
    }

    /// `frame-0042.png`: four digits, as many as the frame limit needs.
    static func frameName(_ index: Int, _ format: FrameFormat) -> String {
        let digits = String(index)
        return "frame-" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits + "." + format.rawValue
    }

    /// True for names this command writes, so stale frames of an earlier, longer render can be removed.
    static func isFrameName(_ name: String) -> Bool {
        guard name.hasPrefix("frame-") else { return false }
        let stem = name.dropFirst("frame-".count)
        let parts = stem.split(separator: ".")
        guard parts.count == 2, FrameFormat(rawValue: String(parts[1])) != nil else { return false }
        return parts[0].count == 4 && parts[0].allSatisfy(\.isNumber)
    }
}
