import FoundationEssentials
import PickerRender

extension Renderer {
    /// Writes `formats` into `folder`, all or nothing: per-frame formats as `frame-0000.png`, … drawn in parallel,
    /// and the animation formats as `<name>.gif`, `<name>.svg`, `<name>-sheet.png`.
    ///
    /// The folder (and missing parents) is created when needed and locked while the render runs. It changes only
    /// when every file is written, by a switch that is undone on failure and finished by the next write after a
    /// crash; until then, and after any failure, it is exactly as it was. Only files of the formats written are
    /// replaced or removed (frames of an earlier, longer render); files of other formats and other files stay.
    ///
    /// Frames are drawn on `options.jobs` threads, fewer when their drawers would not fit in `options.memory`.
    ///
    /// Throws `RenderError.invalidOption` for no formats, a name that cannot name files, moments that cannot be
    /// written or an animation format that cannot be encoded within `options.memory` (`RenderPlan.checkEncoding`), `RenderError.invalidMoment` for a moment before 0, `RenderError.file` when the folder cannot be
    /// written (it names the path and the system's reason), `RenderError.busy` when another render holds it, and
    /// `RenderError.encoder` (keeping the encoder's own error) or `RenderError.cairo` when encoding or drawing fails.
    @discardableResult
    public func write(formats: [OutputFormat], to folder: URL, options: WriteOptions = WriteOptions()) throws(RenderError)
        -> WriteSummary
    {
        var chosen: [OutputFormat] = []
        for format in formats where !chosen.contains(format) { chosen.append(format) }
        guard !chosen.isEmpty else { throw RenderError.invalidOption("no formats to write; give at least one") }
        let name = options.name ?? folder.standardizedFileURL.lastPathComponent
        try Self.checkName(name, formats: chosen)
        // One check a spec: a batch has made it already (`WriteOptions.encodingChecked`).
        if !options.encodingChecked {
            do {
                try plan.checkEncoding(chosen, within: options.memory)
            } catch {
                throw RenderError.invalidOption(error.description)
            }
        }
        let output = try OutputFolder(destination: folder, failsRename: options.failsRename)
        let frameCount = self.frameCount
        let perFrame = chosen.filter(\.isPerFrame)
        let moments = try Self.checkMoments(options.moments, formats: chosen)
        // Progress counts frame files and the frames each animation format draws (the animated SVG and the sheet
        // draw none or a few).
        let drawing = chosen.filter { !$0.isPerFrame && $0.drawsEveryFrame }
        let total = (moments?.count ?? frameCount * perFrame.count) + frameCount * drawing.count
        let done = SharedCounter()
        let drawn = SharedCounter()
        let bytes = SharedCounter()
        // Each distinct file's digest, computed by the thread that made its bytes, for the manifest.
        let digests = options.inputs == nil ? nil : FileDigests()
        var files: [String] = []
        let jobs = options.jobs ?? ProcessInfo.processInfo.activeProcessorCount
        let pixels = plan.pixelWidth * plan.pixelHeight
        let drawer = MemoryBudget.drawerBytes(pixels: pixels) + plan.pictureBytes
        do throws(RenderError) {
            // Runs of frames showing the same picture: each is drawn once and its bytes written for every frame.
            let runs = perFrame.isEmpty ? [] : Self.longestFirst(Self.holdRuns(of: plan.timeline))
            if let moments {
                let lanes = max(1, min(options.memory.lanes(wanted: jobs, each: drawer), moments.count))
                let failures = runInParallel(count: moments.count, workers: lanes) { index throws(RenderError) in
                    let picture = try self.withDrawer { drawer throws(RenderError) in try drawer.png(state: self.state(at: moments[index]))
                    }
                    let file = MomentName.fileName(name: name, time: moments[index])
                    digests?.record(picture, as: [file])
                    try output.write(picture, named: file)
                    _ = drawn.add(1)
                    _ = bytes.add(picture.count)
                    options.progress?(done.add(1), total)
                }
                if let first = failures.keys.min(), let error = failures[first] { throw error }
                files += moments.map { MomentName.fileName(name: name, time: $0) }
            }
            for format in perFrame where moments == nil {
                // As many drawers as the budget holds. Each thread takes the next run not yet drawn, so a thread that
                // starts late (its drawer still being set up) takes fewer: the threads end together.
                let lanes = max(1, min(options.memory.lanes(wanted: jobs, each: drawer), runs.count))
                let failures = runInParallel(count: runs.count, workers: lanes) { run throws(RenderError) in
                    try self.withDrawer { drawer throws(RenderError) in
                        try Self.writeFrames(
                            runs[run], format: format, drawer: drawer, into: output, drawn: drawn, bytes: bytes, digests: digests
                        ) {
                            options.progress?(done.add(1), total)
                        }
                    }
                }
                if let first = failures.keys.min(), let error = failures[first] { throw error }
                files += (0..<frameCount).map { format.fileName(name: name, frame: $0) }
            }
            // The animation files are independent: encoded side by side, the slowest encoders first.
            let whole = chosen.filter { !$0.isPerFrame }.sorted { $0.encodingCost > $1.encodingCost }
            // Side by side only as many as fit in the budget together, each with its drawer.
            let costs = whole.map {
                drawer
                    + MemoryBudget.encoderBytes(
                        $0, pixels: pixels, frames: frameCount, sheetPixels: plan.contactSheetPixels, within: options.memory)
            }
            let failures = runInParallel(count: whole.count, workers: options.memory.lanes(wanted: jobs, costs: costs)) {
                index throws(RenderError) in
                let data = try self.encoded(whole[index], options: options) { options.progress?(done.add(1), total) }
                digests?.record(data, as: [whole[index].fileName(name: name)])
                try output.write(data, named: whole[index].fileName(name: name))
                _ = bytes.add(data.count)
            }
            if let first = failures.keys.min(), let error = failures[first] { throw error }
            files += whole.map { $0.fileName(name: name) }
            // PNG frames and moment pictures replace each other, so the folder holds one layout.
            let picturesStale = chosen.contains(.png)
            if let inputs = options.inputs, let digests {
                let manifest = RenderManifest(inputs: inputs, files: digests.files(named: files), contrast: options.contrast)
                let bytes: [UInt8]
                do { bytes = try manifest.encoded() } catch {
                    throw RenderError.file(path: RenderManifest.fileName, reason: "cannot encode the manifest (\(error))")
                }
                try output.write(bytes, named: RenderManifest.fileName)
            }
            // A manifest not written now is removed: it would describe files this render replaced.
            try output.commit(removingStale: { file in
                chosen.contains { $0.owns(file, name: name) } || (picturesStale && MomentName.isMomentPicture(file, name: name))
                    || file == RenderManifest.fileName
            })
        } catch {
            output.discard()
            throw error
        }
        return WriteSummary(
            folder: output.destination.path, files: files.sorted(), frameCount: frameCount, framesDrawn: drawn.add(0), bytes: bytes.add(0),
            momentCount: moments?.count)
    }

    /// The bytes of `format` in memory: frame `frame` of a per-frame format, or the whole animation's file.
    ///
    /// The one place each format is produced, for `write` and for tests and fuzzing that go through every format.
    /// `frameDrawn` is called after each frame an animation format draws (not for per-frame formats), for progress.
    package func encoded(
        _ format: OutputFormat, frame: Int = 0, options: WriteOptions = WriteOptions(), frameDrawn: (@Sendable () -> Void)? = nil
    ) throws(RenderError) -> [UInt8] {
        switch format {
        case .png:
            let state = try self.state(frame: frame)
            return try withDrawer { drawer throws(RenderError) in try drawer.png(state: state) }
        case .svg:
            let state = try self.state(frame: frame)
            return try withDrawer { drawer throws(RenderError) in try drawer.svg(state: state) }
        case .svgAnimated: return try animatedSVGBytes()
        case .lottie: return try lottieBytes()
        case .sheet: return try contactSheetBytes()
        case .gif: return try gifBytes(matte: options.gifMatte, storeBytes: options.memory.gifFrameStoreBytes, frameDrawn: frameDrawn)
        case .apng: return try apngBytes(frameDrawn: frameDrawn)
        case .webp: return try webpBytes(quality: options.webpQuality, frameDrawn: frameDrawn)
        case .mp4: return try videoBytes(.mp4, options: options.video, frameDrawn: frameDrawn)
        case .webm: return try videoBytes(.webm, options: options.video, frameDrawn: frameDrawn)
        }
    }

    /// Draws the frame of `run` (frames that all show the same picture) once and writes its file for each of them.
    static func writeFrames(
        _ run: Range<Int>, format: OutputFormat, drawer: FrameDrawer, into output: OutputFolder, drawn: SharedCounter,
        bytes: SharedCounter, digests: FileDigests? = nil, frameWritten: () -> Void
    ) throws(RenderError) {
        let state = drawer.plan.timeline.state(forFrame: run.lowerBound)
        let frameBytes = format == .svg ? try drawer.svg(state: state) : try drawer.png(state: state)
        _ = drawn.add(1)
        // One digest for the run's files: they hold the same bytes.
        digests?.record(frameBytes, as: run.map { format.fileName(name: "", frame: $0) })
        for index in run {
            try output.write(frameBytes, named: format.fileName(name: "", frame: index))
            _ = bytes.add(frameBytes.count)
            frameWritten()
        }
    }

    /// `runs` with the longer ones first (ties in order): threads take the next run not yet started, so the long
    /// holds, which write a file for each of their frames, are shared out first and the last runs taken are
    /// short; in frame order a thread that took the final hold wrote its files while the others waited.
    static func longestFirst(_ runs: [Range<Int>]) -> [Range<Int>] {
        runs.enumerated().sorted { ($0.element.count, $1.offset) > ($1.element.count, $0.offset) }.map(\.element)
    }

    /// The frames of `timeline` cut into runs of consecutive frames in the same state (holds), in order.
    static func holdRuns(of timeline: Timeline) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var start = 0
        var startState = timeline.state(forFrame: 0)
        for index in 1..<max(1, timeline.frameCount) {
            let state = timeline.state(forFrame: index)
            guard state != startState else { continue }
            runs.append(start..<index)
            (start, startState) = (index, state)
        }
        runs.append(start..<timeline.frameCount)
        return runs
    }

    /// `moments` when they can be written: some, at most a spec's frame limit, each a number of seconds from 0, no two
    /// sharing a file name, with PNG among the formats and not per-frame SVG; nil for every frame.
    static func checkMoments(_ moments: [Double]?, formats: [OutputFormat]) throws(RenderError) -> [Double]? {
        guard let moments else { return nil }
        guard !moments.isEmpty else { throw RenderError.invalidOption("no moments given; give at least one time, such as 0") }
        // The same limit as a spec's frames, for a library call as for `--times` (which RenderBatch counts first).
        guard moments.count <= SpecLimits.maximumFrames else {
            throw RenderError.invalidOption(WriteOptionRules.momentCount(moments.count))
        }
        guard WriteOptionRules.takesMoments(formats) else { throw RenderError.invalidOption(WriteOptionRules.momentFormats()) }
        var seen: [String: Double] = [:]
        for time in moments {
            guard WriteOptionRules.moments.contains(time) else {
                throw RenderError.invalidMoment(WriteOptionRules.moment("\(time)"))
            }
            let label = MomentName.label(of: time)
            if let earlier = seen[label] {
                throw RenderError.invalidOption(WriteOptionRules.sameMillisecond("\(earlier)", "\(time)"))
            }
            seen[label] = time
        }
        return moments
    }

    /// Throws `RenderError.invalidOption` for a name that cannot be a file name, or whose animation files would
    /// take the name of a frame file (of any per-frame format: a later render of frames would replace it).
    static func checkName(_ name: String, formats: [OutputFormat]) throws(RenderError) {
        guard !name.isEmpty, name != ".", name != "..", !name.contains("/"), !name.unicodeScalars.contains("\u{0}") else {
            throw RenderError.invalidOption("\"\(name)\" cannot name the output's files; give a name without slashes")
        }
        let whole = formats.filter { !$0.isPerFrame }.map { $0.fileName(name: name) }
        if let long = whole.first(where: { $0.utf8.count > 255 }) {
            throw RenderError.invalidOption(
                "the name \"\(name.prefix(40))…\" makes the file name \(long.utf8.count) bytes long; file systems allow 255, so give a shorter name"
            )
        }
        // Every per-frame format, not only those written now: a later render of the frames would replace the file.
        for file in whole {
            if let clash = OutputFormat.allCases.first(where: { $0.isPerFrame && $0.owns(file, name: name) }) {
                throw RenderError.invalidOption(
                    "the name \"\(name)\" makes the file \(file), which is also the name of a \(clash.rawValue) frame; rename the spec or the output"
                )
            }
        }
    }
}
