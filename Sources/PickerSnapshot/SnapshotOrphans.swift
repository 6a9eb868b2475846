import FoundationEssentials
import PickerKit

/// Reports the goldens in a snapshot folder that no snapshot assertion of this run wrote or read, so a renamed or
/// removed test leaves no dead golden behind; returns their paths.
///
/// The folder is `__Snapshots__/<TestFile>/` beside the calling file, or `folder`; its `*.png` and `*.lottie.json` files are goldens (and `*.environment.json` their records). Call
/// it after the file's assertions have run (under XCTest, from a test that runs after the others), or let the
/// `.snapshotOrphans` suite trait call it after a Swift Testing suite. Orphans are one issue at the call's location:
/// a failure in record mode `never` (CI: `PICKERREEL_RECORD=never` overrides `record`), a warning otherwise (under
/// XCTest, a line on standard output). A run filtered to some tests finds the others' goldens unread: check whole
/// suites. A folder that does not exist has no orphans.
@discardableResult
public func checkSnapshotOrphans(
    in folder: String? = nil,
    record: SnapshotRecordMode = .missing,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) -> [String] {
    let location = SnapshotReporter.Location(fileID: fileID, filePath: filePath, line: line, column: column)
    let goldenFolder = folder ?? SnapshotOrphans.goldenFolder(of: "\(filePath)")
    let found = SnapshotOrphans(folder: goldenFolder, record: record).find()
    if let message = found.message { SnapshotReporter(location: location).report(message: message, isWarning: found.isWarning) }
    return found.orphans
}

/// The check behind `checkSnapshotOrphans` and the `.snapshotOrphans` trait.
struct SnapshotOrphans {
    var folder: String
    var record: SnapshotRecordMode
    /// Where `PICKERREEL_RECORD` and `RECORD_SNAPSHOTS` are read.
    var environment = ProcessInfo.processInfo.environment

    /// `__Snapshots__/<TestFile>/` beside the test file at `testFile`, where its assertions keep their goldens.
    static func goldenFolder(of testFile: String) -> String {
        let url = URL(fileURLWithPath: testFile)
        return url.deletingLastPathComponent().appendingPathComponent("__Snapshots__")
            .appendingPathComponent(url.deletingPathExtension().lastPathComponent).path
    }

    /// The orphans, and the one message that reports them (nil for none): a failure in record mode `never`, else a
    /// warning.
    func find() -> (orphans: [String], message: String?, isWarning: Bool) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let orphans = names.filter {
            ($0.lowercased().hasSuffix(".png") || $0.hasSuffix(".environment.json") || $0.hasSuffix(".lottie.json")) && !$0.hasPrefix(".")
        }
        .sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
        .map { FilePath.join(folder, $0) }
        .filter { !SnapshotLedger.contains($0) }
        guard !orphans.isEmpty else { return ([], nil, true) }
        let mode = (try? SnapshotRecordMode.requested(by: environment)) ?? record
        let count = orphans.count == 1 ? "1 golden" : "\(orphans.count) goldens"
        let verb = orphans.count == 1 ? "was" : "were"
        let message =
            "\(count) in \(folder) \(verb) neither written nor read by any snapshot assertion of this run (a renamed or removed test's?); delete it or run its test:\n"
            + orphans.map { "  " + FilePath.lastComponent($0) }.joined(separator: "\n")
        return (orphans, message, mode != .never)
    }
}
