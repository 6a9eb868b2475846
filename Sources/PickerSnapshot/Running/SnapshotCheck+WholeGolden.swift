import FoundationEssentials
import PickerReel

/// What the kinds whose golden is one file for the whole animation (`.animation`, `.lottie`) do alike.
extension SnapshotCheck {
    /// Whether such a golden is at `path`: a file, or a link, dangling or not (refused when read, as these goldens are
    /// read through no link), so that recording never writes a new golden over a link and hides it.
    static func goldenExists(at path: String) -> Bool {
        FileManager.default.fileExists(atPath: path) || (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil
    }

    /// The files of such a golden: `<name>.<golden>` beside the goldens, the actual file `<name>.<actual>` and the
    /// diff picture `<name>.<diff>` under the artifacts folder.
    func wholeGoldenFiles(golden: String, actual: String, diff: String) -> (golden: String, actual: String, diff: String) {
        (
            FilePath.join(locations.goldenFolder, "\(locations.name).\(golden)"),
            FilePath.join(locations.artifactFolder, "\(locations.name).\(actual)"),
            FilePath.join(locations.artifactFolder, "\(locations.name).\(diff)")
        )
    }

    /// The first steps of such a check: notes `golden` as read, renders the fresh file with `render`, removes the
    /// artifacts of an earlier failure (`stale`), records the golden or reports it missing, as the mode says, and
    /// refuses a golden that is a link or outside its folder.
    ///
    /// Returns the fresh bytes, and the finding that ends the check (recorded, missing, unreadable), or nil when the
    /// golden is there to compare. Throws `SnapshotFailure` when the render fails or the golden cannot be written.
    func startWholeGoldenCheck(
        golden: String, stale: [String], render: () throws -> Data
    ) throws(SnapshotFailure) -> (fresh: [UInt8], finding: SnapshotFinding?) {
        SnapshotLedger.note(golden)
        let fresh: [UInt8]
        do {
            fresh = [UInt8](try render())
        } catch {
            throw SnapshotFailure(.cannotRender(name: locations.name, reason: "\(error)"))
        }
        let finding = try recordOrReportMissing(golden: golden, exists: Self.goldenExists(at: golden), time: 0, stale: stale) {
            () throws(SnapshotFailure) in try write(fresh, to: golden)
        }
        if let finding { return (fresh, finding) }
        // The golden is input: reached inside its folder through no link, whichever kind reads it next. Safe: a
        // confined open of its first byte.
        do {
            _ = try FileScope(tree: locations.goldenFolder, followsLinks: false).head(FilePath.lastComponent(golden), count: 1)
        } catch {
            return (fresh, .unreadableGolden(time: 0, golden: golden, reason: error.treeReason))
        }
        return (fresh, nil)
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
