import Foundation
import TestSupport
import Testing

/// Goldens of about 3,000 tiny frames and a changed render of them, for `compare EXPECTED ACTUAL --update` under
/// attack: long enough that a signal can land while the new pictures are staged and while they are switched in.
///
/// EXPECTED holds the approved render (red, 3,025 frames) and a file of the user's; ACTUAL the new render (indigo,
/// 2,905 frames), so the update replaces 2,905 pictures and removes 120. Every trial starts from a hard-linked copy
/// of one template; the update makes new files and renames, so the template's files never change.
struct UpdateScenario {
    static func spec(color: String, tail: Double) -> String {
        """
        {
          "items": ["A", "B"],
          "selection": {
            "initial": "A",
            "sequence": [
              { "select": "B", "after": 0.1, "duration": 6 },
              { "select": "A", "after": 6, "duration": 6 }
            ],
            "tail": \(tail)
          },
          "style": { "padding": 1, "highlight": { "color": "\(color)", "opacity": 1 } },
          "output": { "fps": 240, "scale": 0.25 }
        }
        """
    }

    static let replacedCount = 2_905

    /// The trial's own folder: `expected/` (the goldens, the folder under test) and `actual/`.
    let work: URL
    var expected: URL { work.appendingPathComponent("expected") }
    var actual: URL { work.appendingPathComponent("actual") }
    var folder: URL { expected.appendingPathComponent("long") }

    /// A new trial from the template.
    init() throws {
        work = try temporaryFolder()
        let template = try Self.template.get()
        for name in ["expected", "actual"] {
            let copy = try runProcess(
                URL(fileURLWithPath: "/bin/cp"),
                ["-al", template.appendingPathComponent(name).path, work.appendingPathComponent(name).path])
            guard copy.status == 0 else { throw ScenarioError(message: "cp -al of the template failed") }
        }
    }

    private static let template = Result<URL, any Error>(catching: {
        let folder = try temporaryFolder()
        for (name, color, tail) in [("expected", "red", 0.5), ("actual", "indigo", 0.0)] {
            let spec = try writeSpec(Self.spec(color: color, tail: tail), named: "long.json", in: folder)
            let run = try runTool(["render", spec, "-o", folder.appendingPathComponent(name).path, "-q"], timeLimit: 300)
            guard run.status == 0 else { throw ScenarioError(message: "the template render failed: \(run)") }
        }
        try Data("the user's notes".utf8).write(to: folder.appendingPathComponent("expected/notes.txt"))
        return folder
    })

    /// EXPECTED before the update.
    static let before = Result<[String: Data], any Error>(catching: { try snapshot(of: template.get().appendingPathComponent("expected")) })

    /// EXPECTED after a complete update, made by the tool under test.
    static let after = Result<[String: Data], any Error>(catching: {
        let trial = try UpdateScenario()
        let run = try runTool(trial.updateArguments, timeLimit: 300)
        guard run.status == 0 else { throw ScenarioError(message: "the reference update failed: \(run)") }
        return try snapshot(of: trial.expected)
    })

    var updateArguments: [String] { ["compare", expected.path, actual.path, "--update"] }

    enum Outcome: Equatable {
        case asItWas
        case updated
    }

    /// Which of the two allowed states EXPECTED is in, or nil for anything else (a mix, leftovers).
    func outcome() throws -> Outcome? {
        let now = try snapshot(of: expected)
        if now == (try Self.before.get()) { return .asItWas }
        if now == (try Self.after.get()) { return .updated }
        return nil
    }

    /// How EXPECTED differs from both allowed states, for a failure message.
    func difference() throws -> String {
        let now = try snapshot(of: expected)
        let before = try Self.before.get()
        let after = try Self.after.get()
        let hidden = now.keys.filter { $0.split(separator: "/").contains { $0.hasPrefix(".") } }.sorted()
        let old = now.filter { before[$0.key] == $0.value && after[$0.key] != $0.value }.count
        let new = now.filter { after[$0.key] == $0.value && before[$0.key] != $0.value }.count
        return "\(now.count) entries: \(old) only in the goldens, \(new) only in the update, hidden: \(hidden.prefix(5))"
    }

    /// A moment at which a test signals the update, observed from outside, whatever the tool's staging looks like.
    enum Moment: String, CaseIterable, CustomTestStringConvertible, Sendable {
        /// As soon as a hidden entry appears in EXPECTED or in its spec folder.
        case stagingAppears
        /// As soon as the first golden changes: the switch has begun.
        case switchBegins
        /// When the middle golden changes.
        case switchMidway
        /// When one of the last goldens changes.
        case switchLate

        var testDescription: String { rawValue }
    }

    /// Waits until `moment` (or the end of `process`); returns true when the moment came while it still ran.
    func wait(for moment: Moment, of process: Process) -> Bool {
        let deadline = Date().addingTimeInterval(240)
        switch moment {
        case .stagingAppears:
            return poll(until: deadline, process) { !hidden().isEmpty }
        case .switchBegins, .switchMidway, .switchLate:
            let index = moment == .switchBegins ? 0 : moment == .switchMidway ? Self.replacedCount / 2 : Self.replacedCount - 20
            let frame = folder.appendingPathComponent(String(format: "frame-%04d.png", index)).path
            let approved = inode(of: frame)
            return poll(until: deadline, process) { inode(of: frame) != approved }
        }
    }

    /// Hidden entries in EXPECTED and its spec folder.
    func hidden() -> [String] {
        [expected, folder].flatMap { parent in
            ((try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []).filter { $0.hasPrefix(".") }
        }
    }

    private func poll(until deadline: Date, _ process: Process, _ condition: () -> Bool) -> Bool {
        while Date() < deadline && process.isRunning {
            if condition() { return process.isRunning }
            usleep(100)
        }
        return false
    }

    private func inode(of path: String) -> UInt? {
        var status = stat()
        return stat(path, &status) == 0 ? UInt(status.st_ino) : nil
    }

    /// Starts `compare --update` with its standard error collected.
    func startUpdate() throws -> (Process, Pipe) {
        let process = Process()
        process.executableURL = try toolURL()
        process.arguments = updateArguments
        process.currentDirectoryURL = work
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        return (process, errors)
    }
}
