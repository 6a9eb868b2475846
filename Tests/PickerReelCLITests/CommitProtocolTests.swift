import Foundation
import TestSupport
import Testing

/// The all-or-nothing promise under attack through the binary (issue 9, "Lost or mixed output").
///
/// Signals and kills at many moments of a long render, a rename that fails part-way, two renders at once: every
/// time, `out/` holds exactly the approved render or exactly the new complete one, with nothing hidden left over.
@Suite("Commit protocol under attack")
struct CommitProtocolTests {
    struct SignalTrial: CustomTestStringConvertible, Sendable {
        var signal: Int32
        var moment: CommitScenario.Moment
        var testDescription: String { "\(signal == SIGINT ? "SIGINT" : signal == SIGTERM ? "SIGTERM" : "SIGKILL") \(moment.rawValue)" }
    }

    static let interruptions: [SignalTrial] =
        CommitScenario.Moment.allCases.map { SignalTrial(signal: SIGINT, moment: $0) }
        + [.quarterStaged, .switchMidway, .switchDone].map { SignalTrial(signal: SIGTERM, moment: $0) }

    @Test(arguments: interruptions)
    func anInterruptLeavesTheApprovedRenderOrTheNewOneAndSaysWhich(_ trial: SignalTrial) throws {
        let scenario = try CommitScenario()
        let (process, errors) = try scenario.startRender()
        let running = try scenario.wait(for: trial.moment, of: process)
        if running { kill(process.processIdentifier, trial.signal) }
        waitForExit(process)
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let outcome = try scenario.outcome()
        let difference = outcome == nil ? try scenario.difference() : ""
        #expect(outcome != nil, "a mix: \(difference); \(message)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scenario.work.path).sorted() == ["long.json", "out", "tiny.json"])
        let status = process.terminationStatus
        if process.terminationReason == .uncaughtSignal {
            // Killed by the signal's default action before the tool could install its handling: nothing was touched.
            #expect(status == trial.signal && outcome == .asItWas, "\(message)")
            return
        }
        if status == 0 {
            // The render ended before the signal landed; that can only happen once the frames are being switched.
            #expect(!running || [.switchBegins, .switchMidway, .switchLate, .switchDone].contains(trial.moment), "the signal was lost")
            #expect(outcome == .newRender)
            return
        }
        #expect(status == 128 + trial.signal, "\(message)")
        // The message tells the truth about the folder.
        let path = scenario.folder.path
        switch outcome {
        case .asItWas:
            #expect(!message.contains("already complete: \(path)"), "\(message)")
            #expect(!message.contains("removed"), "\(message)")
            if message.contains(path) { #expect(message.contains("left as it was: \(path)"), "\(message)") }
            // The batch's tiny spec finished long before: the message says so, or the user renders it again.
            if [.quarterStaged, .mostlyStaged].contains(trial.moment) {
                #expect(message.contains("already complete: \(scenario.output.appendingPathComponent("tiny").path)"), "\(message)")
            }
        case .newRender:
            // The folder is complete although the tool was interrupted: it must say so, or the user renders again.
            #expect(message.contains("already complete: \(path)"), "\(message)")
            #expect(!message.contains("left as it was"), "\(message)")
        case nil:
            break
        }
    }

    static let kills: [CommitScenario.Moment] = [.quarterStaged, .switchBegins, .switchMidway, .switchLate, .switchDone]

    /// A SIGKILL cannot be caught: the next render must finish or undo what the killed one left, and remove it.
    ///
    /// That render writes only a GIF, so the frames are those the killed render left, completed or undone.
    @Test(arguments: kills)
    func theRenderAfterAKillFinishesOrUndoesItAndLeavesNothingOfIt(_ moment: CommitScenario.Moment) throws {
        let scenario = try CommitScenario()
        let (process, _) = try scenario.startRender()
        let running = try scenario.wait(for: moment, of: process)
        if running { kill(process.processIdentifier, SIGKILL) }
        waitForExit(process)
        let next = try runTool(scenario.renderArguments(["--format", "gif"]), timeLimit: 300)
        #expect(!next.trapped && next.status == 0, "\(next)")
        for gif in ["long/long.gif", "tiny/tiny.gif"].map(scenario.output.appendingPathComponent) {
            #expect(try Data(contentsOf: gif).starts(with: Array("GIF89a".utf8)))
            try FileManager.default.removeItem(at: gif)
        }
        // The GIF render wrote its own manifests: the frames are what is checked.
        let afterKill = try scenario.outcome(ignoringManifests: true)
        let difference = afterKill == nil ? try scenario.difference() : ""
        #expect(afterKill != nil, "a mix: \(difference)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scenario.work.path).sorted() == ["long.json", "out", "tiny.json"])
        // And the render after that replaces the frames as any render does.
        let last = try runTool(scenario.renderArguments(), timeLimit: 300)
        #expect(last.status == 0, "\(last)")
        let final = try scenario.outcome()
        let finalDifference = final == .newRender ? "" : try scenario.difference()
        #expect(final == .newRender, "\(finalDifference)")
    }

    @Test func aSecondRenderIntoTheSameFolderFailsAtOnceAndTheFirstCompletes() throws {
        let scenario = try CommitScenario()
        let (first, firstErrors) = try scenario.startRender()
        // A quarter staged: the batch's tiny spec is long done, so only out/long/ is held.
        #expect(try scenario.wait(for: .quarterStaged, of: first), "the first render never started")
        let second = try runTool(scenario.renderArguments(), timeLimit: 60)
        waitForExit(first)
        let firstMessage = String(decoding: firstErrors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(second.status == 2, "\(second)")
        #expect(second.seconds < 10, "\(second)")
        #expect(second.errorLines.count == 1, "\(second)")
        #expect(second.stderr.contains(scenario.folder.path), "\(second)")
        #expect(second.stderr.contains("another pickerreel render is writing into this folder"), "\(second)")
        #expect(first.terminationStatus == 0, "\(firstMessage)")
        let outcome = try scenario.outcome()
        let difference = outcome == .newRender ? "" : try scenario.difference()
        #expect(outcome == .newRender, "\(difference)")
    }

    /// A folder where a frame file should go: the switch cannot move that frame, so nothing may move at all.
    ///
    /// Rendered as a batch with the tiny spec, as CI does, so that every build writes into out/small/.
    @Test func aFolderInPlaceOfAFrameLeavesTheApprovedRenderWhole() throws {
        let work = try temporaryFolder()
        let output = work.appendingPathComponent("out")
        let spec = try writeSpec(Self.smallSpec(color: "red"), named: "small.json", in: work)
        let batch = ["render", spec, try writeSpec(CommitScenario.tinySpec, named: "tiny.json", in: work), "-o", output.path]
        #expect(try runTool(batch + ["--format", "png,gif", "-q"], timeLimit: 60).status == 0)
        let blocked = output.appendingPathComponent("small/frame-0094.png")
        try FileManager.default.removeItem(at: blocked)
        try FileManager.default.createDirectory(at: blocked, withIntermediateDirectories: false)
        try Data("inside".utf8).write(to: blocked.appendingPathComponent("kept.txt"))
        try writeSpec(Self.smallSpec(color: "indigo"), named: "small.json", in: work)
        let before = try snapshot(of: work)
        let run = try runTool(batch + ["--format", "png,gif", "-q"], timeLimit: 60)
        #expect(run.status == 2, "\(run)")
        #expect(run.errorLines.count == 1, "\(run)")
        #expect(run.stderr.contains("\(blocked.path): is a folder"), "\(run)")
        #expect(try snapshot(of: work) == before)
    }

    /// A rename that the file system refuses half-way through the switch (an immutable frame file, `chattr +i`):
    /// every file already moved goes back.
    ///
    /// A file of the user's beside the frames keeps the switch file by file: a folder holding only the render's own
    /// files is exchanged whole, and the immutable file is then left in the old folder beside it.
    @Test(.enabled(if: CommitProtocolTests.canMakeFilesImmutable, "needs root and a file system with chattr +i (ext4)"))
    func aRenameRefusedHalfWayRollsBackEveryFile() throws {
        let work = try temporaryFolder()
        let output = work.appendingPathComponent("out")
        let spec = try writeSpec(Self.smallSpec(color: "red"), named: "small.json", in: work)
        let batch = ["render", spec, try writeSpec(CommitScenario.tinySpec, named: "tiny.json", in: work), "-o", output.path]
        #expect(try runTool(batch + ["--format", "png,gif", "-q"], timeLimit: 60).status == 0)
        try Data("the user's notes".utf8).write(to: output.appendingPathComponent("small/notes.txt"))
        let stuck = output.appendingPathComponent("small/frame-0050.png")
        #expect(Self.chattr("+i", stuck.path))
        defer { _ = Self.chattr("-i", stuck.path) }
        try writeSpec(Self.smallSpec(color: "indigo"), named: "small.json", in: work)
        let before = try snapshot(of: work)
        let run = try runTool(batch + ["--format", "png,gif", "-q"], timeLimit: 60)
        #expect(run.status == 2, "\(run)")
        #expect(run.errorLines.count == 1, "\(run)")
        #expect(run.stderr.contains("frame-0050.png"), "\(run)")
        #expect(try snapshot(of: work) == before)
    }

    /// A spec of 102 frames (the seed demo's length) whose highlight colour can change.
    static func smallSpec(color: String) -> String {
        #"{"items":["Day","Week","Month"],"selection":{"initial":"Day","sequence":[{"select":"Week","after":0.3},{"select":"Month","after":1.5}],"tail":1.3},"style":{"highlight":{"color":"\#(color)"}},"output":{"scale":1}}"#
    }

    static func chattr(_ flag: String, _ path: String) -> Bool {
        (try? runProcess(URL(fileURLWithPath: "/usr/bin/chattr"), [flag, path]))?.status == 0
    }

    static let canMakeFilesImmutable: Bool = {
        guard getuid() == 0, let folder = try? temporaryFolder() else { return false }
        let probe = folder.appendingPathComponent("probe")
        guard FileManager.default.createFile(atPath: probe.path, contents: Data()), chattr("+i", probe.path) else { return false }
        let refused = rename(probe.path, folder.appendingPathComponent("moved").path) != 0
        _ = chattr("-i", probe.path)
        return refused
    }()
}
