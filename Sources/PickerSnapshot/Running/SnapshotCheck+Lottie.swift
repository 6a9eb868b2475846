import FoundationEssentials
import PickerReel

extension SnapshotCheck {
    /// Writes the animation as Lottie and records it, or plays it and its golden in rlottie and compares them frame
    /// by frame, as the mode says; empty when they match.
    func runLottie(_ renderer: Renderer) throws(SnapshotFailure) -> [SnapshotFinding] {
        // The diff picture is of the most different moment.
        let files = wholeGoldenFiles(golden: "lottie.json", actual: "lottie.actual.json", diff: "lottie.diff.png")
        let (fresh, ended) = try startWholeGoldenCheck(golden: files.golden, stale: [files.actual, files.diff]) { try renderer.lottie() }
        if let ended { return [ended] }
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
            try write(picture, to: files.diff)
            diff = files.diff
        }
        return [
            .lottieDiffers(
                golden: files.golden, actual: files.actual, diff: diff, finding: finding, pixels: comparison.largest?.pixels)
        ]
    }
}
