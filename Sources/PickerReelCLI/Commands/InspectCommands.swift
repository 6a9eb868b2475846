import FoundationEssentials
import PickerReel

/// `layout`, `timeline`, `validate`, and `frame`: the commands that look at one spec at a time.
struct InspectCommands {
    var console: Console

    /// The spec at `path` in the variant named `suffix` (its own appearance for nil or `default`).
    func spec(_ path: String, variant suffix: String?, root: String? = nil) throws -> PickerSpec {
        let source = try SpecSource.load(path, root: root)
        guard let suffix else { return source.spec }
        return try source.variants(named: [suffix]).first.map { $0.spec.applying($0.variant ?? $0.spec.defaultVariant) } ?? source.spec
    }

    func layout(_ path: String, variant: String? = nil, root: String? = nil) throws -> Int32 {
        let plan = try Renderer.Plan(try spec(path, variant: variant, root: root), file: path, root: Self.url(root))
        console.out(jsonText(LayoutReport(spec: plan.spec, layout: plan.layout)))
        return ExitCode.success
    }

    func timeline(_ path: String, variant: String? = nil, root: String? = nil) throws -> Int32 {
        let plan = try Renderer.Plan(try spec(path, variant: variant, root: root), file: path, root: Self.url(root))
        console.out(jsonText(TimelineReport(timeline: plan.timeline)))
        return ExitCode.success
    }

    func validate(_ paths: [String], root: String? = nil) -> Int32 {
        var failed = false
        for path in paths {
            do {
                // Every variant is checked: `render` renders them all.
                let source = try SpecSource.load(path, root: root)
                var summary = ""
                for variant in source.spec.variants {
                    let plan = try Renderer.Plan(source.spec.applying(variant), file: path, root: Self.url(root))
                    for warning in plan.warnings where variant == source.spec.variants.first {
                        console.err(ErrorLine.warning("\(warning)", about: path))
                    }
                    if summary.isEmpty {
                        let (width, height) = plan.pixelSize
                        summary = "\(plan.spec.items.count) items, \(plan.timeline.frameCount) frames of \(width) × \(height) px"
                    }
                }
                let variants = source.spec.variants.count
                console.out(PlainText.escaped("\(path): ok (\(summary)\(variants > 1 ? "; \(variants) variants" : ""))") + "\n")
            } catch {
                console.err(ErrorLine.text(for: error, context: path))
                failed = true
            }
        }
        return failed ? ExitCode.badInput : ExitCode.success
    }

    /// The root folder `--root` names, as the library takes it.
    static func url(_ root: String?) -> URL? {
        root.map { URL(fileURLWithPath: $0) }
    }

    func frame(_ options: FrameOptions) throws -> Int32 {
        if let link = LinkedPath.firstLink(on: options.outputPath) { throw RenderError.file(path: link, reason: LinkedPath.reason) }
        let renderer = try Renderer(
            try spec(options.specPath, variant: options.variant, root: options.root), file: options.specPath,
            root: Self.url(options.root))
        for warning in renderer.warnings { console.err(ErrorLine.warning(warning, about: options.specPath)) }
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
