import FoundationEssentials
import PickerReel

extension SnapshotCheck {
    /// Renders the animation as an APNG and records it or compares it in time with its golden, as the mode says;
    /// empty when it matches.
    func runAnimation(_ renderer: Renderer) throws(SnapshotFailure) -> [SnapshotFinding] {
        let files = wholeGoldenFiles(golden: "animated.png", actual: "animated.actual.png", diff: "animated.diff.png")
        let stale = [files.actual, files.diff, AnimationDiffNames.strip(of: files.diff)]
        let (bytes, ended) = try startWholeGoldenCheck(golden: files.golden, stale: stale) { try renderer.apng() }
        if let ended { return [ended] }
        try write(bytes, to: files.actual)
        let summary: ComparisonSummary
        do {
            summary = try FolderComparison(settings: settings, tolerance: tolerance, diffPath: files.diff)
                .compare(expected: files.golden, actual: files.actual)
        } catch {
            return [.unreadableGolden(time: 0, golden: files.golden, reason: error.description)]
        }
        guard let file = summary.files.first, !file.matches else {
            try? FileManager.default.removeItem(atPath: files.actual)
            return []
        }
        if mode == .failed {
            try write(bytes, to: files.golden)
            try? FileManager.default.removeItem(atPath: files.actual)
            return [.recorded(time: 0, golden: files.golden, reason: .failed)]
        }
        let finding: String
        switch file.outcome {
        case .sizeChanged(let expected, let actual):
            finding = "the golden is \(expected) pixels but the render is \(actual)"
        default:
            finding = file.animation?.finding ?? TextReport.line(file)
        }
        return [
            .animationDiffers(
                golden: files.golden, actual: files.actual, diff: file.diffPath, finding: finding, pixels: file.outcome.pixels)
        ]
    }
}
