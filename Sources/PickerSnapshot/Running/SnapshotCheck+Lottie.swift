import FoundationEssentials
import PickerReel

extension SnapshotCheck {
    /// The files of the Lottie golden: `<name>.lottie.json` beside the goldens, the actual Lottie and the diff picture
    /// of its most different moment under the artifacts folder.
    var lottieFiles: (golden: String, actual: String, diff: String) {
        (
            FilePath.join(locations.goldenFolder, "\(locations.name).lottie.json"),
            FilePath.join(locations.artifactFolder, "\(locations.name).lottie.actual.json"),
            FilePath.join(locations.artifactFolder, "\(locations.name).lottie.diff.png")
        )
    }

    /// Writes the animation as Lottie and records it, or plays it and its golden in rlottie and compares them frame
    /// by frame, as the mode says; empty when they match.
    func runLottie(_ renderer: Renderer) throws(SnapshotFailure) -> [SnapshotFinding] {
        let files = lottieFiles
        SnapshotLedger.note(files.golden)
        let fresh: [UInt8]
        do {
            fresh = [UInt8](try renderer.lottie())
        } catch {
            throw SnapshotFailure(.cannotRender(name: locations.name, reason: "\(error)"))
        }
        // A link counts as a golden (then refused when read), dangling or not: recording must not hide it.
        let goldenExists =
            FileManager.default.fileExists(atPath: files.golden)
            || (try? FileManager.default.destinationOfSymbolicLink(atPath: files.golden)) != nil
        // Stale files from an earlier failure would mislead whoever opens the folder.
        for stale in [files.actual, files.diff] { try? FileManager.default.removeItem(atPath: stale) }
        if mode == .all || (!goldenExists && mode != .never) {
            try write(fresh, to: files.golden)
            return [.recorded(time: 0, golden: files.golden, reason: goldenExists ? .recordMode : .missing)]
        }
        guard goldenExists else { return [.missingGolden(time: 0, golden: files.golden)] }
        let golden: [UInt8]
        do {
            // Safe: the golden is read inside its folder, through no link, at most LottieFacts.maximumBytes.
            golden = try FileScope(tree: locations.goldenFolder, followsLinks: false)
                .read(FilePath.lastComponent(files.golden), maximumBytes: LottieFacts.maximumBytes)
        } catch {
            let reason: String
            if case .tooLarge = error { reason = error.reason(for: "a Lottie golden") } else { reason = error.treeReason }
            return [.unreadableGolden(time: 0, golden: files.golden, reason: reason)]
        }
        // The same bytes play the same pictures.
        if golden == fresh { return [] }
        let comparison: LottieComparison
        do {
            comparison = try LottieComparison(golden: golden, fresh: fresh, tolerance: tolerance, settings: settings)
        } catch {
            switch error {
            case .golden(let reason): return [.unreadableGolden(time: 0, golden: files.golden, reason: reason)]
            case .fresh(let reason): throw SnapshotFailure(.cannotRender(name: locations.name, reason: reason))
            }
        }
        guard let finding = comparison.finding else { return [] }
        if mode == .failed {
            try write(fresh, to: files.golden)
            return [.recorded(time: 0, golden: files.golden, reason: .failed)]
        }
        try write(fresh, to: files.actual)
        var diff: String?
        if let picture = comparison.largestDiff {
            do {
                try AtomicFile.write(try PNGFile.encode(picture), to: files.diff)
            } catch {
                throw SnapshotFailure(.cannotWrite(name: locations.name, reason: error.description))
            }
            diff = files.diff
        }
        return [
            .lottieDiffers(
                golden: files.golden, actual: files.actual, diff: diff, finding: finding, pixels: comparison.largest?.pixels)
        ]
    }
}
