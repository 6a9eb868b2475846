import Foundation
import TestSupport
import Testing

/// An output folder holding an approved render of about 10,000 tiny frames, and a changed spec whose render replaces
/// it: long enough that a signal can land while frames are written and while they are switched into place.
///
/// The render is a batch, `render long.json tiny.json -o out`, as CI runs `specs/*.json`: the tiny spec is complete
/// within milliseconds and renders the same bytes as in the approved output, and every build of the tool (also those
/// that wrote a lone spec straight into -o) puts the long one in `out/long/`.
///
/// Every trial starts from a hard-linked copy of one template, so it costs no rendering; the render under test makes
/// new files and renames, so the template's files are never changed.
struct CommitScenario {
    /// The approved render's spec: red, 9,985 frames.
    static let oldSpec = spec(color: "red", tail: 0.5)
    /// The new spec: indigo, 9,865 frames, so the switch also removes 120 stale frames.
    static let newSpec = spec(color: "indigo", tail: 0)
    static let newFrameCount = 9_865
    /// The batch's other spec: one frame.
    static let tinySpec = #"{"items":["T"],"selection":{"tail":0}}"#

    static func spec(color: String, tail: Double) -> String {
        """
        {
          "items": ["A", "B"],
          "selection": {
            "initial": "A",
            "sequence": [
              { "select": "B", "after": 0.1, "duration": 20 },
              { "select": "A", "after": 20, "duration": 21 }
            ],
            "tail": \(tail)
          },
          "style": { "padding": 1, "highlight": { "color": "\(color)", "opacity": 1 } },
          "output": { "fps": 240, "scale": 0.25 }
        }
        """
    }

    /// The trial's own folder: `long.json` (the new spec), `tiny.json` and `out/` (-o), with `out/long/` the long
    /// spec's folder.
    let work: URL
    var spec: String { work.appendingPathComponent("long.json").path }
    var tiny: String { work.appendingPathComponent("tiny.json").path }
    var output: URL { work.appendingPathComponent("out") }
    var folder: URL { output.appendingPathComponent("long") }

    /// A new trial: the approved render in `out/long/` with a file of the user's beside the frames and one in `out/`.
    init() throws {
        work = try temporaryFolder()
        try writeSpec(Self.newSpec, named: "long.json", in: work)
        try writeSpec(Self.tinySpec, named: "tiny.json", in: work)
        let template = try Self.template.get()
        let copy = try runProcess(URL(fileURLWithPath: "/bin/cp"), ["-al", template.appendingPathComponent("out").path, output.path])
        guard copy.status == 0 else { throw ScenarioError(message: "cp -al of the template failed") }
    }

    /// `out/` before the render: the approved frames and the user's files.
    static let before = Result<[String: Data], any Error>(catching: { try snapshot(of: template.get().appendingPathComponent("out")) })

    /// `out/` after a complete render of the new spec over the approved one, made by the tool under test.
    static let after = Result<[String: Data], any Error>(catching: {
        let trial = try CommitScenario()
        let run = try runTool(trial.renderArguments(), timeLimit: 300)
        guard run.status == 0 else { throw ScenarioError(message: "the reference render failed: \(run)") }
        return try snapshot(of: trial.output)
    })

    private static let template = Result<URL, any Error>(catching: {
        let folder = try temporaryFolder()
        let spec = try writeSpec(oldSpec, named: "long.json", in: folder)
        let output = folder.appendingPathComponent("out")
        let tiny = try writeSpec(tinySpec, named: "tiny.json", in: folder)
        let run = try runTool(["render", spec, tiny, "-o", output.path, "-q"], timeLimit: 300)
        guard run.status == 0 else { throw ScenarioError(message: "the template render failed: \(run)") }
        try Data("the user's notes".utf8).write(to: output.appendingPathComponent("long/notes.txt"))
        try Data("the user's readme".utf8).write(to: output.appendingPathComponent("README"))
        return folder
    })

    /// What `out/` holds now.
    func state() throws -> [String: Data] { try snapshot(of: output) }

    /// Which of the two allowed states `out/` is in, or nil for anything else (a mix, leftovers).
    ///
    /// With `ignoringManifests`, the render manifests are left out of all three states: a later render of other
    /// formats rewrites them.
    func outcome(ignoringManifests: Bool = false) throws -> Outcome? {
        func kept(_ state: [String: Data]) -> [String: Data] {
            ignoringManifests ? state.filter { !$0.key.hasSuffix("/pickerreel-manifest.json") } : state
        }
        let now = kept(try state())
        if now == kept(try Self.before.get()) { return .asItWas }
        if now == kept(try Self.after.get()) { return .newRender }
        return nil
    }

    enum Outcome: Equatable {
        case asItWas
        case newRender
    }

    /// A short description of how `out/long/` differs from both allowed states, for a failure message.
    func difference() throws -> String {
        let now = try state()
        let before = try Self.before.get()
        let after = try Self.after.get()
        let hidden = now.keys.filter { $0.split(separator: "/").contains { $0.hasPrefix(".") } }.sorted()
        let old = now.filter { before[$0.key] == $0.value && after[$0.key] != $0.value }.count
        let new = now.filter { after[$0.key] == $0.value && before[$0.key] != $0.value }.count
        return "\(now.count) entries: \(old) only in the approved render, \(new) only in the new one, hidden: \(hidden.prefix(5))"
    }

    // MARK: Moments of a render

    /// A moment at which a test signals the render.
    enum Moment: String, CaseIterable, CustomTestStringConvertible, Sendable {
        /// Just after the process starts, before it has any output folder.
        case starting
        /// As soon as a hidden staging folder appears.
        case stagingAppears
        /// When a quarter of the frames are staged.
        case quarterStaged
        /// When nine tenths of the frames are staged.
        case mostlyStaged
        /// As soon as the first frame of the folder changes: the switch has begun.
        case switchBegins
        /// When the middle frame changes.
        case switchMidway
        /// When one of the last frames changes.
        case switchLate
        /// When the last stale frame of the approved render is gone: the switch is done, its backup being deleted.
        case switchDone

        var testDescription: String { rawValue }
    }

    /// Waits until `moment` (or the end of `process`); returns true when the moment came while it still ran.
    func wait(for moment: Moment, of process: Process) throws -> Bool {
        let deadline = Date().addingTimeInterval(240)
        switch moment {
        case .starting:
            usleep(30_000)
            return process.isRunning
        case .stagingAppears:
            return poll(until: deadline, process, interval: 2_000) { !hiddenFolders().isEmpty }
        case .quarterStaged, .mostlyStaged:
            let wanted = Self.newFrameCount * (moment == .quarterStaged ? 1 : 9) / (moment == .quarterStaged ? 4 : 10)
            return poll(until: deadline, process, interval: 5_000) {
                hiddenFolders().reduce(0) { $0 + ((try? FileManager.default.contentsOfDirectory(atPath: $1.path).count) ?? 0) } >= wanted
            }
        case .switchBegins, .switchMidway, .switchLate:
            let index = moment == .switchBegins ? 0 : moment == .switchMidway ? Self.newFrameCount / 2 : Self.newFrameCount - 50
            let frame = folder.appendingPathComponent(String(format: "frame-%04d.png", index)).path
            let approved = inode(of: frame)
            return poll(until: deadline, process, interval: 100) { inode(of: frame) != approved }
        case .switchDone:
            let stale = folder.appendingPathComponent("frame-9984.png").path
            return poll(until: deadline, process, interval: 100) { inode(of: stale) == nil }
        }
    }

    /// Hidden folders in `out/` and `out/long/`: staging of any build of the tool.
    func hiddenFolders() -> [URL] {
        [output, folder].flatMap { parent in
            ((try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []).filter { $0.hasPrefix(".") }
                .map { parent.appendingPathComponent($0) }
        }
    }

    private func poll(until deadline: Date, _ process: Process, interval: UInt32, _ condition: () -> Bool) -> Bool {
        while Date() < deadline && process.isRunning {
            if condition() { return process.isRunning }
            usleep(interval)
        }
        return false
    }

    private func inode(of path: String) -> UInt? {
        var status = stat()
        return stat(path, &status) == 0 ? UInt(status.st_ino) : nil
    }

    /// `render long.json tiny.json -o out -q --force` and `extra`: forced, so that the tiny spec, up to date since
    /// the approved render, is written again and every render here goes through the switch.
    func renderArguments(_ extra: [String] = []) -> [String] {
        ["render", spec, tiny, "-o", output.path, "-q", "--force"] + extra
    }

    /// Starts the batch render with its standard error collected; under `nohup` (SIGHUP ignored) when asked.
    func startRender(underNohup: Bool = false) throws -> (Process, Pipe) {
        let process = Process()
        let arguments = renderArguments()
        if underNohup {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/nohup")
            process.arguments = [try toolURL().path] + arguments
        } else {
            process.executableURL = try toolURL()
            process.arguments = arguments
        }
        process.currentDirectoryURL = work
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        return (process, errors)
    }
}

struct ScenarioError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
