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
        let stale = [frame.actualPath, frame.diffPath]
        // A frame's golden counts when a file is there: `PNGFile.read` reads it, not yet through the confined layer.
        let exists = FileManager.default.fileExists(atPath: frame.goldenPath)
        let ended = try recordOrReportMissing(golden: frame.goldenPath, exists: exists, time: frame.time, stale: stale) {
            () throws(SnapshotFailure) in try write(image, to: frame.goldenPath)
        }
        if let ended { return ended }
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

    /// Writes `image` as a PNG to `path` whole or not at all; throws `SnapshotFailure` naming the file when it cannot.
    func write(_ image: RGBAImage, to path: String) throws(SnapshotFailure) {
        do {
            try AtomicFile.write(try PNGFile.encode(image), to: path)
        } catch {
            throw SnapshotFailure(.cannotWrite(name: locations.name, reason: error.description))
        }
    }

    /// Removes the artifacts of an earlier failure (`stale`), then records the golden at `golden` (with `recording`)
    /// or reports it missing, as the mode says and as the golden `exists`; nil when the golden is there to compare.
    func recordOrReportMissing(
        golden: String, exists goldenExists: Bool, time: Double, stale: [String], recording: () throws(SnapshotFailure) -> Void
    ) throws(SnapshotFailure) -> SnapshotFinding? {
        // Stale files from an earlier failure would mislead whoever opens the folder. Safe: they are this assertion's
        // own artifact paths in the artifacts folder, and removing a link there removes the link, never its target.
        for path in stale { try? FileManager.default.removeItem(atPath: path) }
        if mode == .all || (!goldenExists && mode != .never) {
            try recording()
            return .recorded(time: time, golden: golden, reason: goldenExists ? .recordMode : .missing)
        }
        return goldenExists ? nil : .missingGolden(time: time, golden: golden)
    }
}
