import Foundation
import PickerKit
import PickerRender

/// `layout`, `timeline`, `validate`, and `frame`: the commands that look at one spec at a time.
struct InspectCommands {
    var console: Console

    func layout(_ path: String) throws -> Int32 {
        let plan = try RenderPlan(spec: try SpecSource.load(path).spec, file: path)
        console.out(jsonText(LayoutReport(spec: plan.spec, layout: plan.layout)))
        return ExitCode.success
    }

    func timeline(_ path: String) throws -> Int32 {
        let plan = try RenderPlan(spec: try SpecSource.load(path).spec, file: path)
        console.out(jsonText(TimelineReport(timeline: plan.timeline)))
        return ExitCode.success
    }

    func validate(_ paths: [String]) -> Int32 {
        var failed = false
        for path in paths {
            do {
                let plan = try RenderPlan(spec: try SpecSource.load(path).spec, file: path)
                for warning in plan.warnings {
                    console.err("pickerreel: warning: \(path): \(warning)\n")
                }
                let (width, height) = (plan.pixelWidth, plan.pixelHeight)
                console.out("\(path): ok (\(plan.spec.items.count) items, \(plan.timeline.frameCount) frames of \(width) × \(height) px)\n")
            } catch {
                console.err("pickerreel: error: \(error)\n")
                failed = true
            }
        }
        return failed ? ExitCode.badInput : ExitCode.success
    }

    func frame(_ options: FrameOptions) throws -> Int32 {
        let renderer = try FrameRenderer(spec: try SpecSource.load(options.specPath).spec, file: options.specPath)
        let highlight: Highlight?
        switch options.moment {
        case .time(let seconds):
            highlight = renderer.timeline.highlight(at: seconds)
        case .index(let index):
            let count = renderer.timeline.frameCount
            guard index < count else {
                throw UsageError(command: "frame", message: "--index \(index): this spec has \(count) frames (0 to \(count - 1))")
            }
            highlight = renderer.timeline.highlight(forFrame: index)
        }
        let bytes =
            options.outputPath.hasSuffix(".svg") ? try renderer.svgBytes(highlight: highlight) : try renderer.pngBytes(highlight: highlight)
        try AtomicFile.write(bytes, to: options.outputPath)
        return ExitCode.success
    }
}
