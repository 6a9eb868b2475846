import Foundation
import PickerKit
import TestSupport
import Testing

@testable import PickerReel

/// Issue 36: a spec's formats are checked against the memory budget once (`RenderPlan.checkEncoding`): by
/// `RenderBatch` before the spec waits for its share, or by `Renderer.write` when called alone; before, a batch
/// checked each spec twice.
@Suite("The encoding budget is checked once a spec")
struct EncodingCheckOnceTests {
    static let json =
        #"{"items": ["Day", "Week"], "selection": {"initial": "Day", "sequence": [{"select": "Week", "after": 0.1}], "tail": 0.1}, "output": {"fps": 10, "scale": 1}}"#

    /// Counts the checks `body` makes (on this task only; one entry on one thread runs on it).
    func encodingChecks(_ body: () throws -> Void) rethrows -> Int {
        let tally = PlanningTally()
        try PlanningTally.$current.withValue(tally) { try body() }
        return tally.encodingChecks
    }

    @Test func aBatchChecksEachSpecOnce() throws {
        let folder = try TemporaryFolder()
        let spec = try PickerSpec(json: Data(Self.json.utf8))
        let batch = try RenderBatch(
            [RenderBatch.Entry(name: "spec", spec: spec)], formats: [.gif, .png], options: WriteOptions(jobs: 1))
        var failures: [Int: any Error] = [:]
        let checks = encodingChecks { failures = batch.write(into: URL(fileURLWithPath: folder.path)) }
        #expect(failures.isEmpty, "\(failures)")
        #expect(checks == 1)
        #expect(FileManager.default.fileExists(atPath: folder.path + "/spec/spec.gif"))
    }

    @Test func aWriteAloneStillChecks() throws {
        let folder = try TemporaryFolder()
        let renderer = try Renderer(try PickerSpec(json: Data(Self.json.utf8)))
        let checks = try encodingChecks {
            try renderer.write(formats: [.gif], to: URL(fileURLWithPath: folder.path + "/out"), options: WriteOptions(jobs: 1))
        }
        #expect(checks == 1)
    }

    /// Within a budget too small for the GIF, the batch's one check still refuses it up front, as a `SpecError`
    /// naming `output.scale`, and nothing is written.
    @Test func aBatchStillRefusesAGIFBeyondTheBudget() throws {
        let folder = try TemporaryFolder()
        let spec = try PickerSpec(json: Data(Self.json.utf8))
        let batch = try RenderBatch(
            [RenderBatch.Entry(name: "spec", spec: spec)], formats: [.gif],
            options: WriteOptions(jobs: 1, memory: MemoryBudget(bytes: 1 << 20)))
        let failures = batch.write(into: URL(fileURLWithPath: folder.path))
        let error = try #require(failures[0] as? SpecError)
        #expect("\(error)".contains("output.scale: "), "\(error)")
        #expect("\(error)".contains("more than the memory budget (1 MiB; --memory)"), "\(error)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/spec"))
    }
}
