import Foundation
import PickerKit
import PickerRender
import TestSupport
import Testing

@testable import PickerCompare

/// The record fuzzers' seeds and findings (Fixtures/report-corpus, shard-record-corpus, environment-record-corpus),
/// replayed in every test run through the same pure parsers and checks as Fuzz/ReportFuzzer.swift,
/// ShardRecordFuzzer.swift and EnvironmentRecordFuzzer.swift, so that a finding kept there stays fixed.
@Suite("Record fuzzers' corpora, replayed")
struct RecordCorpusReplayTests {
    /// The files of `Fixtures/<name>`, with their bytes.
    func corpus(_ name: String) throws -> [(name: String, bytes: [UInt8])] {
        let folder = repositoryRoot.appendingPathComponent("Fixtures/\(name)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(!names.isEmpty, "Fixtures/\(name) is empty")
        return try names.map { ($0, Array(try Data(contentsOf: folder.appendingPathComponent($0)))) }
    }

    @Test func reports() throws {
        var accepted = 0
        for (name, bytes) in try corpus("report-corpus") {
            guard let report = try? JSONReport.read(bytes) else { continue }
            accepted += 1
            for file in report.files {
                #expect(
                    !file.path.split(separator: "/", omittingEmptySubsequences: false).contains { $0.isEmpty || $0.hasPrefix(".") },
                    "\(name)")
                if let expected = file.expected {
                    #expect(
                        expected == report.expected || expected == FilePath.join(report.expected, file.renamedFrom ?? file.path), "\(name)")
                }
            }
            let settings = ComparisonSettings(
                metric: report.settings.metric, threshold: report.settings.threshold,
                includesAntialiasing: report.settings.countsAntialiasing)
            let nothing = ComparisonSummary(expected: report.expected, actual: report.actual, settings: settings, files: [])
            let merged = ReportMerge.merge([ReportMerge.Shard(name: name, report: report)], recompared: nothing)
            #expect(merged.files.allSatisfy { !$0.matches }, "\(name): a report alone made a file match")
            #expect((try? JSONReport(merged).json()) != nil, "\(name): the merged report cannot be written")
            _ = TextReport.text(merged, verbose: true) + GitHubReport.annotations(merged) + JUnitReport.xml(merged)
        }
        #expect(accepted >= 3, "the corpus keeps real reports as seeds")
    }

    @Test func shardRecords() throws {
        var accepted = 0
        for (name, bytes) in try corpus("shard-record-corpus") {
            guard let record = try? ShardRecord.read(bytes) else { continue }
            accepted += 1
            #expect(!(record.batch + record.rendered).contains { $0.isEmpty || $0.hasPrefix(".") || $0.contains("/") }, "\(name)")
            #expect(try ShardRecord.read(Array(JSONEncoder().encode(record))) == record, "\(name)")
        }
        #expect(accepted >= 2)
    }

    @Test func environmentRecords() throws {
        var accepted = 0
        for (name, bytes) in try corpus("environment-record-corpus") {
            guard let record = try? RenderEnvironment.readRecord(bytes) else { continue }
            accepted += 1
            for text in Array(record.libraries.keys) + Array(record.libraries.values) + Array(record.fonts.keys)
                + Array(record.fonts.values)
            {
                #expect(text.count <= RenderEnvironment.recordTextLimit + 1, "\(name)")
                #expect(
                    !text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) },
                    "\(name): \(text.debugDescription)")
            }
        }
        #expect(accepted >= 2)
    }
}
