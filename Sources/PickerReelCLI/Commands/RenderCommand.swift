import FoundationEssentials
import PickerReel
import PickerRender

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `pickerreel render`: loads the specs, and for each one maps the options onto `Renderer.write`, in parallel.
struct RenderCommand: Sendable {
    var options: RenderOptions
    var console: Console

    /// The exit status: 0 when every spec rendered, 2 when any failed (each failure is reported, naming its spec).
    func run() -> Int32 {
        // Fontconfig reads its configuration while the specs are read and planned.
        FontMapShelf.shared.prepare()
        let parent = options.outputPath ?? "Output"
        if let problem = Self.problemWithParent(parent) {
            console.err(ErrorLine.text(for: problem))
            return ExitCode.badInput
        }
        guard let batch = loadSources() else { return ExitCode.badInput }
        let sources = options.shard.map { $0.pick(from: batch, name: \.name, cost: cost(of:)) } ?? batch
        if options.specPaths.isEmpty, !options.quiet {
            console.err("pickerreel render: no spec given; rendering the built-in seed demo (give spec files to render yours)\n")
        }
        let clashes = Dictionary(grouping: sources, by: \.name).filter { $0.value.count > 1 }.sorted { $0.key < $1.key }
        if let (name, clashing) = clashes.first {
            var files = clashing.map(\.displayName)
            let last = files.removeLast()
            let both = clashing.count == 2 ? "both" : "all"
            console.err(
                ErrorLine.line(
                    "\(files.joined(separator: ", ")) and \(last) are \(both) named \"\(name)\"; their output folders would be the same (rename one)"
                )
                    + "\n")
            return ExitCode.badInput
        }
        let workers = options.jobs ?? ProcessInfo.processInfo.activeProcessorCount
        let progress = Progress(console: console, quiet: options.quiet)
        let specsDone = SharedCounter()
        let framesDone = SharedCounter()
        let command = self
        // Several specs: one per worker, each drawing its frames in order. One spec: its frames across workers.
        let frameWorkers = sources.count >= workers ? 1 : workers
        // Specs side by side share the memory budget: each draws within its part of it, and one whose picture needs
        // more waits for the others to give theirs back.
        let sideBySide = max(1, min(workers, sources.count))
        let shared = SharedMemoryBudget(options.memory)
        let part = MemoryBudget(bytes: options.memory.bytes / sideBySide)
        let failures = runInParallel(count: sources.count, workers: workers) { index in
            let source = sources[index]
            let destination = URL(fileURLWithPath: parent).appendingPathComponent(source.name)
            // Planned first: the fonts the labels are shaped with are part of what makes the render.
            let planned = try Renderer.Planned(source.spec, variant: source.variant, file: source.path, root: command.options.root)
            let inputs = command.inputs(of: source, planned: planned)
            if !command.options.force, let inputs, RenderManifest.isCurrent(in: destination, for: inputs) {
                _ = specsDone.add(1)
                progress.finish()
                if !command.options.quiet {
                    // Its warnings hold as when it was drawn (a font fallback still is one).
                    command.warn(planned.plan.warnings, about: source)
                    command.console.err(PlainText.escaped("\(source.name): up to date → \(destination.relativePath)") + "\n")
                }
                return
            }
            try planned.plan.checkDecoding(within: command.options.memory.bytes, budget: command.options.memory.description)
            let need = sideBySide == 1 ? 0 : planned.memory(formats: command.options.formats, threads: frameWorkers, within: part)
            let summary = try shared.withShare(of: need) {
                try command.render(
                    source, planned: planned, inputs: inputs, into: destination, workers: frameWorkers,
                    memory: sideBySide == 1 ? command.options.memory : part
                ) {
                    total in
                    let frames = framesDone.add(1)
                    if sources.count == 1 {
                        progress.update("\(source.name): frame \(frames) of \(total)")
                    } else {
                        progress.update("\(specsDone.add(0)) of \(sources.count) specs done, \(frames) frames")
                    }
                }
            }
            _ = specsDone.add(1)
            progress.finish()
            if !command.options.quiet { command.console.err(PlainText.escaped(summary) + "\n") }
        }
        progress.finish()
        // An interrupted render's failures are the interruption itself; the signal handler reports it.
        guard !OutputFolders.shared.isInterrupted else { return ExitCode.badInput }
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

    /// What rendering `source` costs, known before drawing: frames (or moments asked for) × pixels × formats.
    ///
    /// A spec that cannot be planned costs 0: whichever shard takes it reports why, as an unsharded run does.
    func cost(of source: SpecSource) -> Int {
        guard let planned = try? Renderer.Planned(source.spec, variant: source.variant, file: source.path, root: options.root) else {
            return 0
        }
        let timeline = planned.plan.timeline
        let frames: Int
        if let step = options.every {
            frames = MomentName.every(step, through: timeline.duration).count
        } else if !options.times.isEmpty {
            frames = options.times.count
        } else {
            frames = timeline.frameCount
        }
        return [frames, planned.plan.pixelWidth, planned.plan.pixelHeight, max(1, options.formats.count)].reduce(1) { total, factor in
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

    /// Renders one spec into `destination` and returns a one-line summary.
    func render(
        _ source: SpecSource, planned: Renderer.Planned, inputs: RenderInputs?, into destination: URL, workers: Int, memory: MemoryBudget,
        frameDone: @escaping @Sendable (_ total: Int) -> Void
    ) throws -> String {
        let started = Date()
        let compression = options.pngLevel.map { PNGCompression(level: $0) } ?? .standard
        let renderer = try Renderer(planned, pngCompression: compression)
        if !options.quiet { warn(renderer.warnings, about: source) }
        var write = WriteOptions(
            name: source.name, jobs: workers, gifMatte: options.gifMatte, webpQuality: options.webpQuality, video: options.video,
            memory: memory
        ) {
            _, total in frameDone(total)
        }
        write.inputs = inputs
        if let step = options.every {
            write.moments = MomentName.every(step, through: renderer.duration)
        } else if !options.times.isEmpty {
            write.moments = options.times
        }
        let summary = try renderer.write(formats: options.formats, to: destination, options: write)
        let seconds = Date().timeIntervalSince(started)
        let formats = options.formats.map(\.rawValue).joined(separator: ", ")
        // Holds are counted only for per-frame formats, where they save whole files.
        let drawn = options.formats.contains(where: \.isPerFrame) ? "\(summary.framesDrawn) frame files drawn, " : ""
        let megabytes = fixedDecimals(Double(summary.bytes) / 1_000_000, digits: 2)
        let pictures = write.moments.map { "\($0.count) moments of \(summary.frameCount) frames" } ?? "\(summary.frameCount) frames"
        return "\(source.name): \(pictures) (\(formats); \(drawn)\(megabytes) MB) in "
            + "\(fixedDecimals(seconds, digits: 2)) s → \(destination.relativePath)"
    }
}
