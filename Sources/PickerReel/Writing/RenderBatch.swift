import FoundationEssentials
import PickerRender

/// Several specs, or the variants of one, written side by side into folders of one parent folder: what
/// `pickerreel render a.json b.json` does.
///
/// ```swift
/// let batch = try RenderBatch([.init(name: "period", spec: period), .init(name: "tabs", spec: tabs)], formats: [.png, .gif])
/// let failures = batch.write(into: URL(fileURLWithPath: "Output")) { event in print(event) }
/// ```
///
/// The batch owns what its renders share: the threads (one spec a thread when there are enough specs, else one
/// spec's frames across them), the memory budget (specs side by side each draw within their part of it, and one that
/// needs more waits for the others), and the folder names (two entries may not write into the same folder). Each
/// folder is written all or nothing, as `Renderer.write` writes it; with `Entry.recordedOptions`, a folder whose
/// render manifest records the same inputs is left as it is (`rendersUpToDate` renders it anyway).
public struct RenderBatch: Sendable {
    /// One spec of a batch and the folder it goes into.
    public struct Entry: Sendable {
        /// The name of its folder inside the parent, and of its animation files (`<name>.gif`).
        public var name: String
        /// The spec.
        public var spec: PickerSpec
        /// The appearance drawn: one of `spec.variants`, or nil for the spec's own.
        public var variant: Variant?
        /// The spec's file: named in messages, where its relative icon and image paths start, and digested into the
        /// render manifest; nil for a spec built in code.
        public var file: String?
        /// The options that made its files, by name (`formats`, `variant`, …), recorded in the folder's render manifest
        /// (`pickerreel-manifest.json`) with digests of the spec, its files and every file written, and compared with
        /// the manifest already there to skip a render that is up to date; nil writes no manifest (and removes one
        /// left by an earlier render) and always renders.
        public var recordedOptions: [String: String]?
        /// Its plan, when it was planned already (to weigh it for a shard): written from it, not planned again.
        ///
        /// It must be the plan (`Renderer.Plan.plan`) of `spec` in `variant` from `file` inside the batch's `root`.
        package var plan: RenderPlan?

        /// An entry writing `spec` (in `variant`) into the folder `name`.
        public init(
            name: String, spec: PickerSpec, variant: Variant? = nil, file: String? = nil, recordedOptions: [String: String]? = nil
        ) {
            self.name = name
            self.spec = spec
            self.variant = variant
            self.file = file
            self.recordedOptions = recordedOptions
        }
    }

    /// What happened to an entry, reported from the thread that renders it.
    public enum Event: Sendable {
        /// Its folder's manifest records the same inputs: nothing was drawn or written. `warnings` are its plan's.
        case upToDate(entry: Int, warnings: [String])
        /// Its renderer is made and about to write; `warnings` are the renderer's (a font that is not installed).
        case rendering(entry: Int, warnings: [String])
        /// A frame of it was written or drawn for an animation; `total` is how many its write draws in all.
        case frameDone(entry: Int, total: Int)
        /// Its folder was written, taking `seconds` from making its renderer.
        case written(entry: Int, summary: WriteSummary, seconds: Double)
    }

    /// The specs, each with its folder's name.
    public let entries: [Entry]
    /// The formats every entry writes.
    public var formats: [OutputFormat]
    /// How each folder is written; `jobs` and `memory` are the whole batch's (nil jobs: one thread per core), `name`
    /// and `progress` are the batch's own (`Event`).
    public var options: WriteOptions
    /// When given, the PNG pictures every `every` seconds from 0 through each spec's duration are written instead of
    /// every frame (`MomentName.every`), in place of `options.moments`.
    public var every: Double?
    /// How PNG frames are compressed.
    public var pngCompression: PNGCompression = .standard
    /// The folder icons, images and fonts are read from inside, as `Renderer.init` takes it; nil for each spec's
    /// repository.
    public var root: URL?
    /// The name and version of what renders, recorded in each manifest: a new version renders again.
    public var toolVersion = "PickerReel"
    /// True to render folders that are up to date too.
    public var rendersUpToDate = false
    /// True to measure WCAG contrast on every frame of each entry that records a manifest, and keep the worst ratios.
    ///
    /// Each label's, template icon's and the highlight's worst ratio (`Renderer.audit`) goes into the manifest, for
    /// `compare` to say when a change moves one. It draws every frame twice more: give the entries an option saying
    /// so (`render --audit` records `audit`), so that a folder rendered without measuring is not taken as up to date.
    public var measuresContrast = false

    /// A batch of `entries` writing `formats`.
    ///
    /// Throws `RenderError.invalidOption` naming the spec files (or names) of entries that would write into the same
    /// folder, or of an entry named as a shard record (`pickerreel-shard-K-of-N.json`), which a render replaces.
    public init(_ entries: [Entry], formats: [OutputFormat], options: WriteOptions = WriteOptions()) throws(RenderError) {
        let clashes = Dictionary(grouping: entries, by: \.name).filter { $0.value.count > 1 }.sorted { $0.key < $1.key }
        if let (name, clashing) = clashes.first {
            var files = clashing.map { $0.file ?? $0.name }
            let last = files.removeLast()
            let both = clashing.count == 2 ? "both" : "all"
            throw RenderError.invalidOption(
                "\(files.joined(separator: ", ")) and \(last) are \(both) named \"\(name)\"; their output folders would be the same (rename one)"
            )
        }
        if let entry = entries.first(where: { ShardRecord.isRecord($0.name) }) {
            throw RenderError.invalidOption(
                "\(entry.file ?? entry.name) is named \"\(entry.name)\", the name of the shard records a render keeps in its output folder; rename the spec"
            )
        }
        self.entries = entries
        self.formats = formats
        self.options = options
    }

    /// Writes every entry into its folder inside `parent` (made when missing), reporting each step to `events`, and
    /// returns the error of each entry that failed, by index; the others are written whatever the failures.
    ///
    /// An entry fails with `SpecError` for a spec that is not valid, exceeds `SpecLimits` or whose files cannot be
    /// used (or an image too large to decode, or an animation too large to encode, within the memory budget), and with `RenderError` as
    /// `Renderer.write` throws it; its folder is then as it was. After `Renderer.interruptWrites()`, the writes under
    /// way fail and their folders are left whole.
    public func write(into parent: URL, events: @escaping @Sendable (Event) -> Void = { _ in }) -> [Int: any Error] {
        // Fontconfig reads its configuration once, before the workers plan their specs.
        FontMapShelf.shared.prepare()
        let workers = options.jobs ?? ProcessInfo.processInfo.activeProcessorCount
        // Several specs: one per worker, each drawing its frames in order. One spec: its frames across workers.
        let frameWorkers = entries.count >= workers ? 1 : workers
        // Specs side by side share the memory budget: each draws within its part of it, and one whose picture needs
        // more waits for the others to give theirs back.
        let sideBySide = max(1, min(workers, entries.count))
        let shared = SharedMemoryBudget(options.memory)
        let part = MemoryBudget(bytes: options.memory.bytes / sideBySide)
        let batch = self
        return runInParallel(count: entries.count, workers: workers) { (index: Int) throws(any Error) in
            let entry = batch.entries[index]
            let destination = parent.appendingPathComponent(entry.name)
            // Planned first: the fonts the labels are shaped with are part of what makes the render.
            let planned =
                try entry.plan.map { try Renderer.Plan(reusing: $0) }
                ?? Renderer.Plan(entry.spec, variant: entry.variant, file: entry.file, rootPath: batch.root?.relativePath)
            try batch.checkMomentCount(duration: planned.timeline.duration)
            let inputs = entry.recordedOptions.flatMap { batch.inputs(of: entry, planned: planned, options: $0) }
            if !batch.rendersUpToDate, let inputs, RenderManifest.isCurrent(in: destination, for: inputs) {
                events(.upToDate(entry: index, warnings: planned.warnings))
                return
            }
            try planned.plan.checkDecoding(within: batch.options.memory.bytes, budget: batch.options.memory.description)
            try planned.plan.checkEncoding(batch.formats, within: batch.options.memory)
            // Measuring contrast runs before the write, and frees its drawers first: the larger of the two is held.
            let audits = batch.measuresContrast && inputs != nil
            if audits { try planned.plan.checkAudit(within: batch.options.memory) }
            let need =
                sideBySide == 1
                ? 0 : max(planned.memory(formats: batch.formats, threads: frameWorkers, within: part), audits ? planned.plan.auditBytes : 0)
            try shared.withShare(of: need) { () throws(any Error) in
                let started = Date()
                let renderer = try Renderer(planned, pngCompression: batch.pngCompression)
                events(.rendering(entry: index, warnings: renderer.warnings))
                var write = batch.options
                write.name = entry.name
                write.jobs = frameWorkers
                write.encodingChecked = true
                // A spec side by side draws within its part, or within the share it waited for when it needs more.
                write.memory =
                    sideBySide == 1 ? batch.options.memory : MemoryBudget(bytes: max(part.bytes, min(need, batch.options.memory.bytes)))
                write.progress = { _, total in events(.frameDone(entry: index, total: total)) }
                write.inputs = inputs
                if audits {
                    write.contrast = RenderManifest.Contrast.worst(of: try renderer.audit(name: entry.name, file: entry.file))
                }
                if let step = batch.every { write.moments = MomentName.every(step, through: renderer.duration) }
                let summary = try renderer.write(formats: batch.formats, to: destination, options: write)
                events(.written(entry: index, summary: summary, seconds: Date().timeIntervalSince(started)))
            }
        }
    }

    /// Throws `RenderError.invalidOption` when the moments asked for (`every` over a spec of `duration` seconds, or
    /// `options.moments`) are more than a spec's frame limit, `SpecLimits.maximumFrames`: counted, not listed.
    func checkMomentCount(duration: Double) throws(RenderError) {
        let limit = SpecLimits.maximumFrames
        if let step = every {
            let count = MomentName.count(every: step, through: duration)
            guard count > limit else { return }
            let seconds = NumberText.trimmed(duration)
            let least = NumberText.significant(duration / Double(limit - 1) * 1.001, digits: 3)
            throw RenderError.invalidOption(
                "--every \(NumberText.shortest(step)): \(count) moments from 0 to \(seconds) s; at most \(limit), as a spec's frames (give --every \(least) or more)"
            )
        }
        if let moments = options.moments, moments.count > limit {
            throw RenderError.invalidOption(WriteOptionRules.momentCount(moments.count))
        }
    }

    /// What rendering `entry`, planned as `planned`, takes in, for its manifest and the up-to-date check; nil when
    /// the spec or a file it names cannot be read (the render then runs and reports why).
    ///
    /// The icons, images and font file are digested from the bytes the plan loaded, which are the bytes drawn; only
    /// the token and theme files the spec was made from (`PickerSpec.inputFiles`) are read here.
    func inputs(of entry: Entry, planned: Renderer.Plan, options: [String: String]) -> RenderInputs? {
        var specDigest = "built-in"
        if let path = entry.file {
            guard let digest = SHA256Digest.hex(ofFile: path) else { return nil }
            specDigest = digest
        }
        let plan = planned.plan
        var loaded: [String: String] = [:]
        for (item, graphic) in zip(plan.spec.items, plan.graphics) {
            if let path = item.icon ?? item.image, let graphic, loaded[path] == nil { loaded[path] = SHA256Digest.hex(graphic.bytes) }
        }
        if let path = planned.spec.style.font.file, let font = plan.fontFile { loaded[path] = font.sha256 }
        let scope = FileScope(specFile: entry.file, root: root?.relativePath)
        var referenced: [String: String] = [:]
        for path in planned.spec.referencedFiles {
            if let digest = loaded[path] {
                referenced[path] = digest
                continue
            }
            guard let bytes = try? scope.read(path, maximumBytes: max(SpecLimits.maximumImageFileBytes, SpecLimits.maximumFontFileBytes))
            else { return nil }
            referenced[path] = SHA256Digest.hex(bytes)
        }
        return RenderInputs(
            tool: toolVersion, spec: specDigest, referenced: referenced, options: options, environment: planned.plan.environment)
    }
}

extension Renderer {
    /// Stops every write into a folder in this process, for a signal handler (SIGINT, SIGTERM) that then exits:
    /// waits for switches under way to end, removes staged files, and makes later writes fail.
    ///
    /// Returns the folders left exactly as they were and those that already hold their new files.
    public static func interruptWrites() -> (unchanged: [String], completed: [String]) {
        OutputFolders.shared.interruptAll()
    }

    /// True once `interruptWrites()` has run.
    public static var writesAreInterrupted: Bool { OutputFolders.shared.isInterrupted }
}
