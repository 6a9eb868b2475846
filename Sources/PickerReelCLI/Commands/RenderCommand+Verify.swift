import FoundationEssentials
import PickerReel
import Synchronization

extension RenderCommand {
    /// `render --verify`: renders `batch` afresh outside `parent` and names every file in `parent` that differs.
    ///
    /// Exit status 0 when every spec's folder matches, 1 when any file differs (each named on a line of its own), 2
    /// when a spec cannot be rendered. Nothing is written into `parent`, not even the shard record.
    func verify(_ batch: RenderBatch, sources: [SpecSource], against parent: String) -> Int32 {
        let progress = Progress(console: console, quiet: options.quiet)
        let frames = Mutex(0)
        let result: (differences: [Int: [RenderedFileDifference]], failures: [Int: any Error])
        do {
            result = try batch.verify(against: URL(fileURLWithPath: parent)) { event in
                guard case .frameDone(_, let total) = event, sources.count == 1 else { return }
                let done = frames.withLock { count in
                    count += 1
                    return count
                }
                progress.update("\(sources[0].name): fresh frame \(done) of \(total)")
            }
        } catch {
            progress.finish()
            console.err(ErrorLine.text(for: error))
            return ExitCode.badInput
        }
        progress.finish()
        guard !Renderer.writesAreInterrupted else { return ExitCode.badInput }
        var differing = 0
        for index in sources.indices {
            if let error = result.failures[index] {
                console.err(ErrorLine.text(for: error, context: sources[index].displayName, variant: sources[index].variant?.suffix))
                continue
            }
            let differences = result.differences[index] ?? []
            differing += differences.count
            for difference in differences {
                console.err(PlainText.escaped("\(difference.path): \(difference.reason)") + "\n")
            }
            if differences.isEmpty, !options.quiet {
                let destination = URL(fileURLWithPath: parent).appendingPathComponent(sources[index].name).relativePath
                console.err(PlainText.escaped("\(sources[index].name): its files match a fresh render → \(destination)") + "\n")
            }
        }
        guard result.failures.isEmpty else { return ExitCode.badInput }
        guard differing == 0 else {
            let files = differing == 1 ? "1 file differs" : "\(differing) files differ"
            console.err(
                "pickerreel render --verify: \(files) from a fresh render; nothing was written "
                    + "(render with --force to write them: a manifest may say a stale folder is up to date)\n")
            return ExitCode.differences
        }
        return ExitCode.success
    }
}
