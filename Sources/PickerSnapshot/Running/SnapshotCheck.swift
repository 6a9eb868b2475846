import Foundation
import PickerReel

/// One snapshot assertion carried out: renders each time, records or compares, writes what a person needs to see
/// a failure, and throws everything found at once so one run reports every frame.
struct SnapshotCheck {
    var locations: SnapshotLocations
    var tolerance: Tolerance
    var settings: ComparisonSettings
    var recording: Bool

    func run(_ renderer: Renderer) throws(SnapshotFailure) {
        var findings: [SnapshotFinding] = []
        for frame in locations.frames {
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
        if !findings.isEmpty {
            throw SnapshotFailure(
                .findings(name: locations.name, goldenFolder: locations.goldenFolder, tolerance: tolerance, findings))
        }
    }

    /// Records or compares one frame; nil when it matches.
    private func check(_ image: RGBAImage, _ frame: SnapshotLocations.Frame) throws(SnapshotFailure) -> SnapshotFinding? {
        let goldenExists = FileManager.default.fileExists(atPath: frame.goldenPath)
        if recording || !goldenExists {
            try write(image, to: frame.goldenPath)
            removeArtifacts(of: frame)
            return .recorded(time: frame.time, golden: frame.goldenPath, reason: goldenExists ? .recordMode : .missing)
        }
        let golden: RGBAImage
        do {
            golden = try PNGFile.read(frame.goldenPath)
        } catch {
            return .unreadableGolden(time: frame.time, golden: frame.goldenPath, reason: error.description)
        }
        switch ImageComparison.compare(expected: golden, actual: image, settings: settings) {
        case .differentSizes(let expected, let found):
            removeArtifacts(of: frame)
            try write(image, to: frame.actualPath)
            return .differentSizes(time: frame.time, golden: frame.goldenPath, actual: frame.actualPath, expected: expected, found: found)
        case .compared(let pixels):
            // Stale pictures from an earlier failure would mislead whoever opens the folder.
            removeArtifacts(of: frame)
            if tolerance.accepts(pixels) { return nil }
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
