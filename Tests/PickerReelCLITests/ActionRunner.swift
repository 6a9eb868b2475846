import Foundation
import TestSupport
import Testing

/// One job of a workflow that uses the Action, run by Tests/ActionRunner/run_action.py: action.yml's own steps, in
/// order, as a runner runs them, in a design-system repository of its own.
struct ActionJob: Encodable {
    /// One `uses:` of the Action in the job, with its `with:` inputs.
    struct Use: Encodable {
        var with: [String: String] = [:]
    }

    var actionPath = repositoryRoot.path
    var workspace: String
    var github: [String: String]
    var runner: [String: String]
    var cacheFolder: String
    var artifactsFolder: String
    var uses: [Use]

    enum CodingKeys: String, CodingKey {
        case actionPath = "action_path"
        case workspace, github, runner, uses
        case cacheFolder = "cache_dir"
        case artifactsFolder = "artifacts_dir"
    }
}

/// What a job did: each use's steps, outputs and outcome, the step summary, and the job's outcome.
struct ActionResult: Decodable {
    struct Step: Decodable {
        var name: String
        var id: String
        var outcome: String
        var stdout: String
        var stderr: String
        var outputs: [String: String]
    }
    struct Use: Decodable {
        var steps: [Step]
        var outputs: [String: String]
        var outcome: String

        func step(_ name: String) -> Step? { steps.first { $0.name == name } }
        /// Everything the use's steps printed on standard output, where the runner reads workflow commands.
        var stdout: String { steps.map(\.stdout).joined() }
        var log: String { steps.map { "[\($0.name): \($0.outcome)]\n\($0.stdout)\($0.stderr)" }.joined(separator: "\n") }
    }
    var uses: [Use]
    var summary: String
    var outcome: String
}

/// A temporary design-system repository (a git repository with specs/ and goldens/ approved from a render) and the
/// folders a runner keeps: the tool cache and the run's artifacts.
struct ActionWorld {
    let root: URL
    let workspace: URL
    let cache: URL
    let artifacts: URL
    private var runs = 0

    init(goldens: Bool = true) throws {
        root = try temporaryFolder()
        workspace = root.appendingPathComponent("repo")
        cache = root.appendingPathComponent("cache")
        artifacts = root.appendingPathComponent("artifacts")
        for folder in [workspace, cache, artifacts] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try makeDesignSystem(in: workspace, goldens: goldens, formats: "apng")
        try git(["init", "-q", "-b", "main"])
        try git(["add", "-A"])
        try git(["commit", "-q", "-m", "Specs and goldens"])
    }

    /// Changes the highlight colour of the spec `name`.
    func recolor(_ name: String, to color: String) throws {
        let spec = workspace.appendingPathComponent("specs/\(name).json")
        let text = try String(contentsOf: spec, encoding: .utf8).replacingOccurrences(
            of: #"\"color\": \"[a-z]+\""#, with: "\"color\": \"\(color)\"", options: .regularExpression)
        try Data(text.utf8).write(to: spec)
    }

    /// Runs `git` in the workspace (or `directory`) with a fixed identity and no user configuration.
    @discardableResult
    func git(_ arguments: [String], in directory: URL? = nil) throws -> String {
        let run = try runProgram(
            "git", ["-c", "user.name=Designer", "-c", "user.email=designer@example.invalid"] + arguments, in: directory ?? workspace,
            environment: ["GIT_CONFIG_GLOBAL": "/dev/null"])
        try #require(run.status == 0, "git \(arguments.joined(separator: " ")) failed")
        return run.stdout
    }

    /// Runs one job of `uses` (each the `with:` of one use of the Action), with a fresh runner temp folder, the
    /// world's cache and artifacts.
    mutating func run(_ uses: [[String: String]], github: [String: String] = [:]) throws -> ActionResult {
        runs += 1
        let temp = root.appendingPathComponent("runner-temp-\(runs)")
        try FileManager.default.createDirectory(at: temp, withIntermediateDirectories: true)
        var context = ["job": "pictures", "event_name": "pull_request", "ref_name": "1/merge", "head_ref": "feature", "action_ref": ""]
        context.merge(github) { $1 }
        let job = ActionJob(
            workspace: workspace.path, github: context, runner: ["os": "Linux", "arch": "X64", "temp": temp.path],
            cacheFolder: cache.path, artifactsFolder: artifacts.appendingPathComponent("run-\(runs)").path,
            uses: uses.map { ActionJob.Use(with: $0) })
        try FileManager.default.createDirectory(at: artifacts.appendingPathComponent("run-\(runs)"), withIntermediateDirectories: true)
        let jobFile = temp.appendingPathComponent("job.json")
        let resultFile = temp.appendingPathComponent("result.json")
        try JSONEncoder().encode(job).write(to: jobFile)
        // The Action's build step may build the release tool from nothing (several minutes on a small machine).
        let run = try runProgram(
            "python3", [repositoryRoot.appendingPathComponent("Tests/ActionRunner/run_action.py").path, jobFile.path, resultFile.path],
            timeLimit: 1_200)
        try #require(run.status == 0, "the action runner failed: \(run.stderr)")
        return try JSONDecoder().decode(ActionResult.self, from: Data(contentsOf: resultFile))
    }

    /// The artifact `name` uploaded by run `run` (1-based), or nil.
    func artifact(_ name: String, run: Int) -> URL? {
        let url = artifacts.appendingPathComponent("run-\(run)").appendingPathComponent(name)
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    /// The artifacts of run `run`, by name.
    func artifactNames(run: Int) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: artifacts.appendingPathComponent("run-\(run)").path)) ?? []).sorted()
    }
}

/// Writes two small specs into `folder` as a design-system repository holds them, specs/period.json (grey
/// highlight) and specs/units.json (green), and with `goldens` approves a render of them in `formats` as goldens/.
func makeDesignSystem(in folder: URL, goldens: Bool = true, formats: String = "png") throws {
    let specs = folder.appendingPathComponent("specs")
    try FileManager.default.createDirectory(at: specs, withIntermediateDirectories: true)
    for (name, color) in [("period", "gray"), ("units", "green")] {
        try Data(
            #"{"items": ["A", "B"], "selection": {"initial": "A", "sequence": [{"select": "B", "after": 0.1}], "tail": 0.1}, "style": {"highlight": {"color": "\#(color)"}}, "output": {"fps": 10, "scale": 1}}"#
                .utf8
        ).write(to: specs.appendingPathComponent("\(name).json"))
    }
    if goldens {
        let approve = try runTool(
            ["render", "specs/period.json", "specs/units.json", "-o", "goldens", "--format", formats, "-q"], in: folder)
        try #require(approve.status == 0, "\(approve.stderr)")
    }
}

/// The PNG files under `folder`, by relative path.
func pngFiles(in folder: URL) throws -> [String] {
    try snapshot(of: folder).keys.filter { $0.hasSuffix(".png") }.sorted()
}
