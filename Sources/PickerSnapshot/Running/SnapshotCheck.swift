import FoundationEssentials
import PickerReel

/// One snapshot assertion carried out for one variant: renders each time, records or compares as the mode says,
/// writes what a person needs to see a failure, and returns everything found so one run reports every frame.
struct SnapshotCheck {
    var locations: SnapshotLocations
    var tolerance: Tolerance
    var settings: ComparisonSettings
    var mode: SnapshotRecordMode

    func run(_ renderer: Renderer) throws(SnapshotFailure) -> [SnapshotFinding] {
        var findings: [SnapshotFinding] = []
        for frame in locations.frames {
            SnapshotLedger.note(frame.goldenPath)
            let image: RGBAImage
            do {
                image = try renderer.image(at: frame.time)
            } catch {
                throw SnapshotFailure(.cannotRender(name: locations.name, reason: "\(error)"))
            }
            if let finding = try check(image, frame) {
                findings.append(finding)
            }
        }
        return findings
    }

    /// Records or compares one frame; nil when it matches.
    private func check(_ image: RGBAImage, _ frame: SnapshotLocations.Frame) throws(SnapshotFailure) -> SnapshotFinding? {
        let goldenExists = FileManager.default.fileExists(atPath: frame.goldenPath)
        // Stale pictures from an earlier failure would mislead whoever opens the folder.
        removeArtifacts(of: frame)
        if mode == .all || (!goldenExists && mode != .never) {
            try write(image, to: frame.goldenPath)
            return .recorded(time: frame.time, golden: frame.goldenPath, reason: goldenExists ? .recordMode : .missing)
        }
        guard goldenExists else { return .missingGolden(time: frame.time, golden: frame.goldenPath) }
        let golden: RGBAImage
        do {
            golden = try PNGFile.read(frame.goldenPath)
        } catch {
            return .unreadableGolden(time: frame.time, golden: frame.goldenPath, reason: error.description)
        }
        switch ImageComparison.compare(expected: golden, actual: image, settings: settings) {
        case .differentSizes(let expected, let found):
            if mode == .failed { return try rerecord(image, frame) }
            try write(image, to: frame.actualPath)
            return .differentSizes(time: frame.time, golden: frame.goldenPath, actual: frame.actualPath, expected: expected, found: found)
        case .compared(let pixels):
            if tolerance.accepts(pixels) { return nil }
            if mode == .failed { return try rerecord(image, frame) }
            try write(image, to: frame.actualPath)
            // The diff picture costs a second pass; only failures pay for it.
            var drawing = settings
            drawing.drawsDiffImage = true
            if let diff = ImageComparison.compare(expected: golden, actual: image, settings: drawing).pixels?.diffImage {
                try write(diff, to: frame.diffPath)
            }
            var figures = pixels
            figures.diffImage = nil
            return .differs(time: frame.time, golden: frame.goldenPath, actual: frame.actualPath, diff: frame.diffPath, pixels: figures)
        }
    }

    private func rerecord(_ image: RGBAImage, _ frame: SnapshotLocations.Frame) throws(SnapshotFailure) -> SnapshotFinding {
        try write(image, to: frame.goldenPath)
        return .recorded(time: frame.time, golden: frame.goldenPath, reason: .failed)
    }

    private func write(_ image: RGBAImage, to path: String) throws(SnapshotFailure) {
        do {
            try AtomicFile.write(try PNGFile.encode(image), to: path)
        } catch {
            throw SnapshotFailure(.cannotWrite(name: locations.name, reason: error.description))
        }
    }

    private func removeArtifacts(of frame: SnapshotLocations.Frame) {
        try? FileManager.default.removeItem(atPath: frame.actualPath)
        try? FileManager.default.removeItem(atPath: frame.diffPath)
    }
}
