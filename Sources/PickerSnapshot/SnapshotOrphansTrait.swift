import PickerKit
import Testing

/// A Swift Testing suite trait that reports, after all of the suite's tests have run, the goldens in the suite file's
/// `__Snapshots__/<TestFile>/` folder (or a given folder) that none of the run's snapshot assertions wrote or read.
///
/// `@Suite(.snapshotOrphans) struct PickerTests { … }`: put it on the suite that holds every snapshot assertion of its
/// file, and run whole suites (a run filtered to some tests finds the others' goldens unread). Orphans are one issue
/// of the suite, a failure in record mode `never` and a warning otherwise, as `checkSnapshotOrphans` reports them.
public struct SnapshotOrphansTrait: SuiteTrait, TestScoping {
    /// The folder checked; nil for the suite file's own `__Snapshots__/<TestFile>/`.
    let folder: String?
    /// The record mode deciding failure or warning (`PICKERREEL_RECORD` overrides it).
    let record: SnapshotRecordMode

    /// Not applied to each test of the suite: the check runs once, after all of them.
    public var isRecursive: Bool { false }

    /// The check, for the suite only (no scope for its tests).
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> SnapshotOrphansTrait? {
        testCase == nil ? self : nil
    }

    /// Runs the suite's tests, then reports the orphans at the suite's source location.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await function()
        let source = test.sourceLocation
        let found = SnapshotOrphans(folder: folder ?? SnapshotOrphans.goldenFolder(of: source.filePath), record: record).find()
        guard let message = found.message else { return }
        if SnapshotReporter.collector != nil {
            // This library's own tests collect the message instead (the location is not compared there).
            let location = SnapshotReporter.Location(fileID: source.fileID, filePath: #filePath, line: UInt(source.line), column: 0)
            SnapshotReporter(location: location).report(message: message, isWarning: found.isWarning)
        } else {
            Issue.record(Comment(rawValue: message), severity: found.isWarning ? .warning : .error, sourceLocation: source)
        }
    }
}

extension Trait where Self == SnapshotOrphansTrait {
    /// Reports, after the suite's tests, the goldens in its file's `__Snapshots__/<TestFile>/` that none of them wrote
    /// or read: a failure in record mode `never` (`PICKERREEL_RECORD=never`), a warning otherwise.
    public static var snapshotOrphans: SnapshotOrphansTrait { SnapshotOrphansTrait(folder: nil, record: .missing) }

    /// Reports the orphans in `folder` (a `snapshotDirectory` the suite's assertions use) after the suite's tests;
    /// `record` decides failure (`never`) or warning, and `PICKERREEL_RECORD` overrides it.
    public static func snapshotOrphans(in folder: String? = nil, record: SnapshotRecordMode = .missing) -> SnapshotOrphansTrait {
        SnapshotOrphansTrait(folder: folder, record: record)
    }
}
