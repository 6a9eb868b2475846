import Foundation
import PickerReel
import Testing

@testable import PickerSnapshot

/// Goldens no assertion of the run wrote or read (a renamed or deleted test's): `checkSnapshotOrphans(in:)` and the
/// `.snapshotOrphans` suite trait report them, a failure in record mode `never`, a warning otherwise.
@Suite("Orphaned goldens")
struct OrphanSnapshotTests {
    /// A folder with the goldens of one assertion at two times, and a golden of an assertion that no longer exists.
    func folderWithAnOrphan() throws -> (folder: SnapshotFolder, orphan: String) {
        let folder = try SnapshotFolder()
        let spec = try fixtureSpec("seed-demo")
        _ = try collecting {
            try assertPickerSnapshot(of: spec, as: .frames(at: [0, 0.78]), named: folder.name, snapshotDirectory: folder.path)
        }
        let orphan = URL(fileURLWithPath: folder.path).appendingPathComponent("renamed-test.0.000s.png").path
        try FileManager.default.copyItem(atPath: folder.path + "/\(folder.name).0.000s.png", toPath: orphan)
        return (folder, orphan)
    }

    /// Runs `body` with issues and warnings collected instead of recorded.
    func collected(_ body: () throws -> [String]) rethrows -> (orphans: [String], issues: [String], warnings: [String]) {
        let collector = SnapshotReporter.Collector()
        let orphans = try SnapshotReporter.$collector.withValue(collector) { try body() }
        return (orphans, collector.issues.map(\.message), collector.warnings)
    }

    @Test func aGoldenNoAssertionReadIsAWarningByDefault() throws {
        let (folder, orphan) = try folderWithAnOrphan()
        // The assertions of this run read the two goldens again; the renamed test's is left.
        _ = try collecting {
            try assertPickerSnapshot(
                of: try fixtureSpec("seed-demo"), as: .frames(at: [0, 0.78]), named: folder.name, snapshotDirectory: folder.path)
        }
        let found = collected { checkSnapshotOrphans(in: folder.path) }
        #expect(found.orphans == [orphan])
        #expect(found.issues.isEmpty)
        #expect(found.warnings.count == 1)
        #expect(
            found.warnings.first?.hasPrefix(
                "1 golden in \(folder.path) was neither written nor read by any snapshot assertion of this run (a renamed or removed test's?); delete it or run its test:\n  renamed-test.0.000s.png"
            ) == true, "\(found.warnings)")
    }

    @Test func inRecordModeNeverAnOrphanFails() throws {
        let (folder, orphan) = try folderWithAnOrphan()
        let found = collected { checkSnapshotOrphans(in: folder.path, record: .never) }
        #expect(found.orphans == [orphan])
        #expect(found.warnings.isEmpty)
        #expect(found.issues.count == 1 && found.issues.first?.contains("renamed-test.0.000s.png") == true, "\(found.issues)")
    }

    /// A renamed test leaves its environment record behind too; the record of a live assertion is not an orphan.
    @Test func aDeadEnvironmentRecordIsAnOrphanToo() throws {
        let (folder, orphan) = try folderWithAnOrphan()
        let record = URL(fileURLWithPath: folder.path).appendingPathComponent("renamed-test.environment.json").path
        try FileManager.default.copyItem(atPath: folder.path + "/\(folder.name).environment.json", toPath: record)
        _ = try collecting {
            try assertPickerSnapshot(
                of: try fixtureSpec("seed-demo"), as: .frames(at: [0, 0.78]), named: folder.name, snapshotDirectory: folder.path)
        }
        let found = collected { checkSnapshotOrphans(in: folder.path, record: .never) }
        #expect(found.orphans == [orphan, record], "\(found.orphans)")
    }

    @Test func noOrphanNoIssue() throws {
        let folder = try SnapshotFolder()
        _ = try collecting {
            try assertPickerSnapshot(of: try fixtureSpec("seed-demo"), as: .animation, named: folder.name, snapshotDirectory: folder.path)
        }
        let found = collected { checkSnapshotOrphans(in: folder.path, record: .never) }
        #expect(found.orphans.isEmpty && found.issues.isEmpty && found.warnings.isEmpty)
    }

    @Test func theSuiteTraitChecksAfterTheSuitesTests() async throws {
        let (folder, orphan) = try folderWithAnOrphan()
        let collector = SnapshotReporter.Collector()
        let trait = SnapshotOrphansTrait.snapshotOrphans(in: folder.path, record: .never)
        let test = try #require(Test.current)
        try await SnapshotReporter.$collector.withValue(collector) {
            try await trait.provideScope(for: test, testCase: nil) {
                #expect(collector.issues.isEmpty, "nothing is checked before the suite's tests have run")
            }
        }
        #expect(
            collector.issues.count == 1 && collector.issues.first?.message.contains(URL(fileURLWithPath: orphan).lastPathComponent) == true)
    }
}
