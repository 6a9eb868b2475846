import FoundationEssentials
import PickerReel

extension SnapshotCheck {
    /// The files of the animated golden: `<name>.animated.png` beside the goldens, the actual APNG and its diff
    /// under the artifacts folder.
    var animationFiles: (golden: String, actual: String, diff: String) {
        (
            FilePath.join(locations.goldenFolder, "\(locations.name).animated.png"),
            FilePath.join(locations.artifactFolder, "\(locations.name).animated.actual.png"),
            FilePath.join(locations.artifactFolder, "\(locations.name).animated.diff.png")
        )
    }

    /// Renders the animation as an APNG and records it or compares it in time with its golden, as the mode says;
    /// empty when it matches.
    func runAnimation(_ renderer: Renderer) throws(SnapshotFailure) -> [SnapshotFinding] {
        let files = animationFiles
        SnapshotLedger.note(files.golden)
        let bytes: [UInt8]
        do {
            bytes = [UInt8](try renderer.apng())
        } catch {
            throw SnapshotFailure(.cannotRender(name: locations.name, reason: "\(error)"))
        }
        let goldenExists = FileManager.default.fileExists(atPath: files.golden)
        // Stale files from an earlier failure would mislead whoever opens the folder.
        for stale in [files.actual, files.diff, AnimationDiffNames.strip(of: files.diff)] {
            try? FileManager.default.removeItem(atPath: stale)
        }
        if mode == .all || (!goldenExists && mode != .never) {
            try write(bytes, to: files.golden)
            return [.recorded(time: 0, golden: files.golden, reason: goldenExists ? .recordMode : .missing)]
        }
        guard goldenExists else { return [.missingGolden(time: 0, golden: files.golden)] }
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

    /// Writes `bytes` to `path` whole or not at all; throws `SnapshotFailure` naming the file when it cannot.
    func write(_ bytes: [UInt8], to path: String) throws(SnapshotFailure) {
        do {
            try AtomicFile.write(bytes, to: path)
        } catch {
            throw SnapshotFailure(.cannotWrite(name: locations.name, reason: error.description))
        }
    }
}
