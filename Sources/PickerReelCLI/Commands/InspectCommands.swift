import Foundation
import PickerReel

/// `layout`, `timeline`, `validate`, and `frame`: the commands that look at one spec at a time.
struct InspectCommands {
    var console: Console

    func layout(_ path: String) throws -> Int32 {
        let plan = try RenderPlan.measuring(try SpecSource.load(path).spec, file: path)
        console.out(jsonText(LayoutReport(spec: plan.spec, layout: plan.layout)))
        return ExitCode.success
    }

    func timeline(_ path: String) throws -> Int32 {
        let plan = try RenderPlan.measuring(try SpecSource.load(path).spec, file: path)
        console.out(jsonText(TimelineReport(timeline: plan.timeline)))
        return ExitCode.success
    }

    func validate(_ paths: [String]) -> Int32 {
        var failed = false
        for path in paths {
            do {
                let plan = try RenderPlan.measuring(try SpecSource.load(path).spec, file: path)
                for warning in plan.warnings {
                    console.err("pickerreel: warning: \(path): \(warning)\n")
                }
                let (width, height) = (plan.pixelWidth, plan.pixelHeight)
                console.out("\(path): ok (\(plan.spec.items.count) items, \(plan.timeline.frameCount) frames of \(width) × \(height) px)\n")
            } catch {
                console.err(ErrorLine.text(for: error, context: path))
                failed = true
            }
        }
        return failed ? ExitCode.badInput : ExitCode.success
    }

    func frame(_ options: FrameOptions) throws -> Int32 {
        let renderer = try Renderer(try SpecSource.load(options.specPath).spec, file: options.specPath)
        let svg = options.outputPath.hasSuffix(".svg")
        let bytes: Data
        switch options.moment {
        case .time(let seconds):
            bytes = svg ? try renderer.svg(at: seconds) : try renderer.png(at: seconds)
        case .index(let index):
            guard index < renderer.frameCount else {
                let count = renderer.frameCount
                throw UsageError(command: "frame", message: "--index \(index): this spec has \(count) frames (0 to \(count - 1))")
            }
            bytes = svg ? try renderer.svg(frame: index) : try renderer.png(frame: index)
        }
        try AtomicFile.write([UInt8](bytes), to: options.outputPath)
        return ExitCode.success
    }
}
