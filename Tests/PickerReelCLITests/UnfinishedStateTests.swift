import Foundation
import TestSupport
import Testing

/// Issue 23, "Interrupted states named and cleaned".
///
/// After a SIGKILL, a plain `compare` of the half-updated goldens says so instead of reporting ordinary differences, `--update` finishes the job, and the staging a killed render
/// left beside its new folder is removed by the next render of any spec into the same parent. `-o ""` is refused.
@Suite("Interrupted states named and cleaned", .serialized)
struct UnfinishedStateTests {
    @Test func aPlainCompareOfGoldensLeftHalfUpdatedSaysToRunTheUpdateAgain() throws {
        let scenario = try UpdateScenario()
        let (process, _) = try scenario.startUpdate()
        let running = scenario.wait(for: .switchMidway, of: process)
        #expect(running, "the update ended before the middle of its switch")
        if running { kill(process.processIdentifier, SIGKILL) }
        waitForExit(process)
        let compare = ["compare", scenario.expected.path, scenario.actual.path]
        let plain = try runTool(compare, timeLimit: 300)
        #expect(plain.status == 2, "\(plain)")
        #expect(plain.errorLines.count == 1, "\(plain)")
        #expect(plain.stderr.contains(scenario.expected.path) && plain.stderr.contains("cut short"), "\(plain)")
        #expect(plain.stderr.contains("--update"), "\(plain)")
        // Nothing is changed by the plain compare, and the update finishes the job.
        let update = try runTool(scenario.updateArguments, timeLimit: 300)
        #expect(update.status == 0, "\(update)")
        #expect(try scenario.outcome() == .updated)
        #expect(try runTool(compare, timeLimit: 300).status == 0)
    }

    /// A render killed in a new folder leaves its staging beside it; the next render of another spec into the same
    /// parent removes it (its process is gone).
    @Test func aKilledRendersStagingIsRemovedByTheNextRenderOfAnotherSpec() throws {
        let work = try temporaryFolder()
        let long = try writeSpec(CommitScenario.newSpec, named: "long.json", in: work)
        let tiny = try writeSpec(CommitScenario.tinySpec, named: "tiny.json", in: work)
        let output = work.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        func staging() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: output.path)) ?? []).filter { $0.hasPrefix(".long.pickerreel-") }
        }
        let process = Process()
        process.executableURL = try toolURL()
        process.arguments = ["render", long, "-o", output.path, "-q"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(120)
        var count = 0
        while Date() < deadline, process.isRunning {
            if let folder = staging().first {
                count = (try? FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent(folder).path).count) ?? 0
                if count >= 100 { break }
            }
            usleep(2_000)
        }
        #expect(process.isRunning && count >= 100, "the render ended before it had staged 100 frames")
        kill(process.processIdentifier, SIGKILL)
        waitForExit(process)
        #expect(staging().count == 1)
        let next = try runTool(["render", tiny, "-o", output.path, "-q"], timeLimit: 120)
        #expect(next.status == 0, "\(next)")
        #expect(staging().isEmpty, "\(staging())")
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("tiny/frame-0000.png").path))
    }

    /// A live render's staging is not touched by another render into the same parent.
    @Test func aRunningRendersStagingIsLeftAlone() throws {
        let work = try temporaryFolder()
        let long = try writeSpec(CommitScenario.newSpec, named: "long.json", in: work)
        let tiny = try writeSpec(CommitScenario.tinySpec, named: "tiny.json", in: work)
        let output = work.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = try toolURL()
        process.arguments = ["render", long, "-o", output.path, "-q"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline, process.isRunning,
            !((try? FileManager.default.contentsOfDirectory(atPath: output.path)) ?? []).contains(where: { $0.hasPrefix(".long.") })
        {
            usleep(2_000)
        }
        #expect(process.isRunning, "the render ended before its staging appeared")
        #expect(try runTool(["render", tiny, "-o", output.path, "-q"], timeLimit: 120).status == 0)
        waitForExit(process)
        #expect(process.terminationStatus == 0)
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("long/frame-9864.png").path))
    }

    @Test(arguments: [["-o", ""], ["--output", ""], ["--output="]])
    func anEmptyOutputFolderIsAUsageError(arguments: [String]) throws {
        let work = try temporaryFolder()
        let spec = try writeSpec(CommitScenario.tinySpec, named: "tiny.json", in: work)
        let run = try runTool(["render", spec] + arguments, in: work, timeLimit: 60)
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains("--output"), "\(run)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: work.path) == ["tiny.json"])
    }
}
