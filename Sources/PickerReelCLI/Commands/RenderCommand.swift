import FoundationEssentials
import Glibc
import PickerReel
import Synchronization

/// `pickerreel render`: loads the specs, and for each one maps the options onto `Renderer.write`, in parallel.
struct RenderCommand: Sendable {
    var options: RenderOptions
    var console: Console

    /// The exit status: 0 when every spec rendered, 2 when any failed (each failure is reported, naming its spec).
    func run() -> Int32 {
        let parent = options.outputPath ?? "Output"
        if let problem = Self.problemWithParent(parent) {
            console.err(ErrorLine.text(for: problem))
            return ExitCode.badInput
        }
        guard let batch = loadSources() else { return ExitCode.badInput }
        // A shard weighs every spec by its plan, and renders those it takes from that plan: each is planned once.
        let picked = options.shard.map { shard in
            shard.pick(from: batch.map { ($0, plan(of: $0)) }, name: \.0.name, cost: { cost(of: $0.1) })
        }
        let sources = picked?.map(\.0) ?? batch
        // The output folder and each spec's folder in it are written only where they are real folders (a committed
        // `docs/a -> ../elsewhere` would take the render of a.json elsewhere); the same rule as compare --update's.
        let links = Set(([parent] + sources.map { parent + "/" + $0.name }).compactMap(LinkedPath.firstLink(on:)))
        if !links.isEmpty {
            for link in links.sorted() { console.err(ErrorLine.text(for: RenderError.file(path: link, reason: LinkedPath.reason))) }
            return ExitCode.badInput
        }
        if options.specPaths.isEmpty, !options.quiet {
            console.err("pickerreel render: no spec given; rendering the built-in seed demo (give spec files to render yours)\n")
        }
        let renders: RenderBatch
        do {
            renders = try makeBatch(of: sources, plans: picked?.map(\.1))
        } catch {
            console.err(ErrorLine.text(for: error))
            return ExitCode.badInput
        }
        if options.verify { return verify(renders, sources: sources, against: parent) }
        let progress = Progress(console: console, quiet: options.quiet)
        let counts = Mutex((specs: 0, frames: 0))
        let command = self
        let failures = renders.write(into: URL(fileURLWithPath: parent)) { event in
            let source: SpecSource
            switch event {
            case .upToDate(let index, let warnings):
                source = sources[index]
                counts.withLock { $0.specs += 1 }
                progress.finish()
                if !command.options.quiet {
                    // Its warnings hold as when it was drawn (a font fallback still is one).
                    command.warn(warnings, about: source)
                    let destination = URL(fileURLWithPath: parent).appendingPathComponent(source.name)
                    command.console.err(PlainText.escaped("\(source.name): up to date → \(destination.relativePath)") + "\n")
                }
            case .rendering(let index, let warnings):
                if !command.options.quiet { command.warn(warnings, about: sources[index]) }
            case .frameDone(let index, let total):
                let (specs, frames) = counts.withLock { counts in
                    counts.frames += 1
                    return (counts.specs, counts.frames)
                }
                if sources.count == 1 {
                    progress.update("\(sources[index].name): frame \(frames) of \(total)")
                } else {
                    progress.update("\(specs) of \(sources.count) specs done, \(frames) frames")
                }
            case .written(let index, let summary, let seconds):
                source = sources[index]
                counts.withLock { $0.specs += 1 }
                progress.finish()
                if !command.options.quiet {
                    let destination = URL(fileURLWithPath: parent).appendingPathComponent(source.name)
                    command.console.err(PlainText.escaped(command.summary(summary, of: source, seconds: seconds, into: destination)) + "\n")
                }
            }
        }
        progress.finish()
        // An interrupted render's failures are the interruption itself; the signal handler reports it.
        guard !Renderer.writesAreInterrupted else { return ExitCode.badInput }
        // Which specs this shard owned, for compare to leave the other shards' alone; an unsharded render clears it.
        do {
            try ShardRecord.update(in: parent, shard: options.shard, batch: batch.map(\.name), rendered: sources.map(\.name))
        } catch {
            console.err(ErrorLine.text(for: error))
            return ExitCode.badInput
        }
        for index in failures.keys.sorted() {
            if let error = failures[index] {
                console.err(ErrorLine.text(for: error, context: sources[index].displayName, variant: sources[index].variant?.suffix))
            }
        }
        return failures.isEmpty ? ExitCode.success : ExitCode.badInput
    }

    /// Prints `warnings` of `source`'s plan, each a line naming the spec (and its variant).
    func warn(_ warnings: [String], about source: SpecSource) {
        let variant = source.variant.map { $0.suffix.isEmpty ? "" : " (variant \($0.suffix))" } ?? ""
        for warning in warnings { console.err(ErrorLine.warning(warning, about: source.displayName + variant)) }
    }

    /// Why the output's parent cannot hold spec folders, when it is a file or a dangling link; nil when it is fine.
    static func problemWithParent(_ path: String) -> RenderError? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        if status.st_mode & S_IFMT == S_IFLNK, stat(path, &status) != 0 {
            return .file(path: path, reason: "is a symbolic link to a folder that does not exist; create it or choose another -o")
        }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            return .file(path: path, reason: "is a file, not a folder; -o names the folder that gets one folder per spec")
        }
        return nil
    }

    /// The specs of the batch, sorted by path, each variant as a spec of its own (`run` cuts them to the shard by
    /// cost); nil after reporting any that cannot be loaded or lacks a variant asked for.
    ///
    /// Every shard loads every spec, so that each machine computes the same split and a broken spec fails them all.
    func loadSources() -> [SpecSource]? {
        let paths = Self.distinctFiles(options.specPaths.sorted())
        var sources: [SpecSource] = []
        var failed = false
        for path in options.specPaths.isEmpty ? [nil] : paths.map(Optional.some) {
            if let path, let hint = Self.unexpandedPattern(path) {
                console.err(hint)
                failed = true
                continue
            }
            do {
                let source = try path.map { path throws(SpecError) in try SpecSource.load(path, root: options.root) } ?? SpecSource.seedDemo
                sources += try source.variants(named: options.variants)
            } catch let error as UsageError {
                console.err(ErrorLine.text(for: error))
                failed = true
            } catch {
                console.err(ErrorLine.text(for: error))
                failed = true
            }
        }
        guard !failed else { return nil }
        return sources
    }

    /// The plan of `source`, as the batch would make it; nil when it cannot be planned (the render reports why).
    func plan(of source: SpecSource) -> RenderPlan? {
        try? Renderer.Plan(source.spec, variant: source.variant, file: source.path, root: InspectCommands.url(options.root)).plan
    }

    /// What rendering a spec planned as `planned` costs, known before drawing: frames (or moments asked for) × pixels
    /// × formats.
    ///
    /// A spec that cannot be planned costs 0: whichever shard takes it reports why, as an unsharded run does.
    func cost(of planned: RenderPlan?) -> Int {
        guard let planned else { return 0 }
        let timeline = planned.timeline
        let frames: Int
        if let step = options.every {
            frames = MomentName.count(every: step, through: timeline.duration)
        } else if !options.times.isEmpty {
            frames = options.times.count
        } else {
            frames = timeline.frameCount
        }
        return [frames, planned.pixelWidth, planned.pixelHeight, max(1, options.formats.count)].reduce(1) { total, factor in
            let (product, overflow) = total.multipliedReportingOverflow(by: max(0, factor))
            return overflow ? Int.max : product
        }
    }

    /// The message for a spec argument holding `*` or `?` that names no file: a pattern the shell did not expand,
    /// because it was quoted or matched nothing; nil for any other path.
    static func unexpandedPattern(_ path: String) -> String? {
        guard path.contains(where: { $0 == "*" || $0 == "?" }), !FileManager.default.fileExists(atPath: path) else { return nil }
        return ErrorLine.line(
            "\(path): no such file; render takes spec files and does not expand * or ?, "
                + "the shell does: leave the pattern unquoted (pickerreel render \(path)), and check that it matches a file") + "\n"
    }

    /// `paths` without those naming a file given earlier in the list, so that the same spec is rendered once.
    ///
    /// However it is spelt (`a.json`, `./a.json`, a link to it), a file is one file. Paths that cannot be looked at
    /// are kept, for loading to report.
    static func distinctFiles(_ paths: [String]) -> [String] {
        // A Set of strings, whose type the runtime knows already: a new generic type such as Set<[UInt64]> costs
        // the first use 0.15 ms of conformance lookups.
        var seen: Set<String> = []
        return paths.filter { path in
            var status = stat()
            guard stat(path, &status) == 0 else { return true }
            return seen.insert("\(status.st_dev):\(status.st_ino)").inserted
        }
    }

    /// The batch that renders `sources` with these options, each recording its options in its manifest, written
    /// from `plans` (one per source) when they were planned already.
    ///
    /// Throws `RenderError.invalidOption` when two sources would write into the same folder.
    func makeBatch(of sources: [SpecSource], plans: [RenderPlan?]? = nil) throws(RenderError) -> RenderBatch {
        let entries = sources.indices.map { index in
            let source = sources[index]
            var entry = RenderBatch.Entry(
                name: source.name, spec: source.spec, variant: source.variant, file: source.path,
                recordedOptions: manifestOptions(variant: source.variant))
            entry.plan = plans?[index]
            return entry
        }
        let write = WriteOptions(
            jobs: options.jobs, gifMatte: options.gifMatte, webpQuality: options.webpQuality, video: options.video, memory: options.memory)
        var batch = try RenderBatch(entries, formats: options.formats, options: write)
        batch.root = InspectCommands.url(options.root)
        batch.pngCompression = options.pngLevel.map { PNGCompression(level: $0) } ?? .standard
        batch.toolVersion = PickerReelTool.version
        batch.rendersUpToDate = options.force
        // --verify compares files, never manifests: measuring would be work thrown away.
        batch.measuresContrast = options.audit && !options.verify
        if let step = options.every {
            batch.every = step
        } else if !options.times.isEmpty {
            batch.options.moments = options.times
        }
        return batch
    }

    /// The line saying what was written for `source`: pictures, formats, frames drawn, megabytes, seconds, folder.
    func summary(_ summary: WriteSummary, of source: SpecSource, seconds: Double, into destination: URL) -> String {
        let formats = options.formats.map(\.rawValue).joined(separator: ", ")
        // Holds are counted only for per-frame formats, where they save whole files.
        let drawn = options.formats.contains(where: \.isPerFrame) ? "\(summary.framesDrawn) frame files drawn, " : ""
        let megabytes = NumberText.fixed(Double(summary.bytes) / 1_000_000, digits: 2)
        let pictures = summary.momentCount.map { "\($0) moments of \(summary.frameCount) frames" } ?? "\(summary.frameCount) frames"
        return "\(source.name): \(pictures) (\(formats); \(drawn)\(megabytes) MB) in "
            + "\(NumberText.fixed(seconds, digits: 2)) s → \(destination.relativePath)"
    }
}
