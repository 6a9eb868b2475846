import Foundation
import TestSupport
import Testing

/// Signals reach the tool whenever they are sent, and ones it was told to ignore stay ignored (found while attacking
/// issue 9's commit protocol).
///
/// This test runner starts the tool with SIGINT, SIGTERM and SIGHUP blocked (Foundation's `Process` passes its
/// thread's mask on, as many CI runners do), so a signal sent early waits, pending, until the tool unblocks or
/// ignores it. Ignoring it discarded it: the tool rendered on to the end and exited 0 after a Ctrl-C.
@Suite("Signal delivery")
struct SignalDeliveryTests {
    @Test(arguments: [0, 2, 5, 10, 20, 40, 80])
    func aSignalInTheFirstMillisecondsStopsTheRender(milliseconds: Int) throws {
        let work = try temporaryFolder()
        let spec = try writeSpec(CommitScenario.newSpec, named: "long.json", in: work)
        let output = work.appendingPathComponent("out")
        let process = Process()
        process.executableURL = try toolURL()
        process.arguments = ["render", spec, "-o", output.path, "-q"]
        process.standardError = FileHandle.nullDevice
        try process.run()
        usleep(UInt32(milliseconds * 1_000))
        kill(process.processIdentifier, SIGTERM)
        waitForExit(process)
        // Either the default action killed it before it started (nothing written), or it stopped with 128 + 15.
        let killed = process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGTERM
        #expect(killed || process.terminationStatus == 128 + SIGTERM, "exit \(process.terminationStatus): the signal was lost")
        #expect((try? FileManager.default.contentsOfDirectory(atPath: output.path)) ?? [] == [])
    }

    /// `nohup pickerreel render …` and then the terminal closes: SIGHUP was ignored by request, but the tool
    /// installed its own handling over that and abandoned the render.
    @Test func aRenderUnderNohupIgnoresSIGHUPAndCompletes() throws {
        let scenario = try CommitScenario()
        let (process, errors) = try scenario.startRender(underNohup: true)
        #expect(try scenario.wait(for: .quarterStaged, of: process), "the render never started")
        kill(process.processIdentifier, SIGHUP)
        waitForExit(process)
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationReason == .exit && process.terminationStatus == 0, "\(message)")
        let outcome = try scenario.outcome()
        let difference = outcome == .newRender ? "" : try scenario.difference()
        #expect(outcome == .newRender, "\(difference)")
    }
}
