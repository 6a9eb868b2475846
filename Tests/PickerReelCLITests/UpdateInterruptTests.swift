import Foundation
import TestSupport
import Testing

/// `compare --update` under the same attack as a render's commit (hostile pass 2).
///
/// Signals at every moment, a SIGKILL followed by another update, two updates at once: EXPECTED holds the goldens
/// as they were or exactly the updated ones, with nothing hidden left over, and the message says which.
///
/// The update used to copy into a staging folder and rename file by file with no protection: a SIGTERM while it
/// switched left 84 to 322 new goldens among 2,700 old ones, one golden missing, and the staging folder (holding the
/// old goldens moved aside) in EXPECTED for good.
@Suite("compare --update under attack", .serialized)
struct UpdateInterruptTests {
    struct SignalTrial: CustomTestStringConvertible, Sendable {
        var signal: Int32
        var moment: UpdateScenario.Moment
        var testDescription: String { "\(signal == SIGINT ? "SIGINT" : "SIGTERM") \(moment.rawValue)" }
    }

    static let interruptions: [SignalTrial] =
        UpdateScenario.Moment.allCases.map { SignalTrial(signal: SIGTERM, moment: $0) }
        + [.stagingAppears, .switchMidway].map { SignalTrial(signal: SIGINT, moment: $0) }

    @Test(arguments: interruptions)
    func anInterruptLeavesTheGoldensOrTheUpdateAndSaysWhich(_ trial: SignalTrial) throws {
        let scenario = try UpdateScenario()
        let (process, errors) = try scenario.startUpdate()
        let running = scenario.wait(for: trial.moment, of: process)
        #expect(running, "the update ended before \(trial.moment.rawValue)")
        if running { kill(process.processIdentifier, trial.signal) }
        waitForExit(process)
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let outcome = try scenario.outcome()
        let difference = outcome == nil ? try scenario.difference() : ""
        #expect(outcome != nil, "a mix: \(difference); \(message)")
        #expect(scenario.hidden().isEmpty, "\(scenario.hidden())")
        guard running else { return }
        if process.terminationReason == .exit && process.terminationStatus == 0 {
            // The update ended between the moment and the signal: only possible once the switch had begun.
            #expect(trial.moment != .stagingAppears && outcome == .updated, "the signal was lost: \(message)")
            return
        }
        #expect(process.terminationReason == .exit && process.terminationStatus == 128 + trial.signal, "\(message)")
        switch outcome {
        case .asItWas: #expect(message.contains("left as it was: \(scenario.expected.path)"), "\(message)")
        case .updated: #expect(message.contains("already complete: \(scenario.expected.path)"), "\(message)")
        case nil: break
        }
    }

    /// A SIGKILL cannot be caught: the next `compare --update` finishes or undoes what the killed one left, and
    /// then updates; nothing of the killed one stays.
    @Test(arguments: [UpdateScenario.Moment.stagingAppears, .switchBegins, .switchMidway])
    func theUpdateAfterAKillFinishesTheJob(_ moment: UpdateScenario.Moment) throws {
        let scenario = try UpdateScenario()
        let (process, _) = try scenario.startUpdate()
        let running = scenario.wait(for: moment, of: process)
        #expect(running, "the update ended before \(moment.rawValue)")
        if running { kill(process.processIdentifier, SIGKILL) }
        waitForExit(process)
        let next = try runTool(scenario.updateArguments, timeLimit: 300)
        #expect(!next.trapped && next.status == 0, "\(next)")
        let outcome = try scenario.outcome()
        let difference = outcome == .updated ? "" : try scenario.difference()
        #expect(outcome == .updated, "\(difference)")
        #expect(scenario.hidden().isEmpty, "\(scenario.hidden())")
    }

    /// Two updates of the same goldens at once: the second is refused at once, naming the folder, and the first
    /// completes alone.
    @Test func aSecondUpdateOfTheSameGoldensIsRefusedWhileTheFirstRuns() throws {
        let scenario = try UpdateScenario()
        let (process, errors) = try scenario.startUpdate()
        #expect(scenario.wait(for: .stagingAppears, of: process), "the update ended before it staged anything")
        let second = try runTool(scenario.updateArguments, timeLimit: 300)
        waitForExit(process)
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0, "\(message)")
        #expect(second.status == 2, "\(second)")
        #expect(second.errorLines.count == 1, "\(second)")
        #expect(second.stderr.contains("\(scenario.expected.path): cannot update (another pickerreel update"), "\(second)")
        let outcome = try scenario.outcome()
        let difference = outcome == .updated ? "" : try scenario.difference()
        #expect(outcome == .updated, "\(difference)")
    }
}

/// Updates of trees with short names (hostile pass 2).
@Suite("compare --update with short names")
struct UpdateShortNameTests {
    /// Removing the last golden of a folder named `a` left the folder empty, and removing the empty folder asked
    /// Foundation for the parent of "a", which traps (`deletingLastPathComponent` of a one-character string).
    @Test func anUpdateThatEmptiesAOneLetterFolderRemovesIt() throws {
        let work = try temporaryFolder()
        let spec = try writeSpec(#"{"items":["A","B"],"output":{"scale":0.25}}"#, named: "a.json", in: work)
        let expected = work.appendingPathComponent("expected")
        let actual = work.appendingPathComponent("actual")
        #expect(try runTool(["render", spec, "-o", expected.path, "-q"], timeLimit: 60).status == 0)
        try FileManager.default.createDirectory(at: actual.appendingPathComponent("b"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: expected.appendingPathComponent("a/frame-0000.png"), to: actual.appendingPathComponent("b/frame-0000.png"))
        let run = try runTool(["compare", expected.path, actual.path, "--update"], timeLimit: 60)
        #expect(!run.trapped, "\(run)")
        #expect(run.status == 0, "\(run)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: expected.path) == ["b"])
        #expect(try runTool(["compare", expected.path, actual.path], timeLimit: 60).status == 0)
    }
}
