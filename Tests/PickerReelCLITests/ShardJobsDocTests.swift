import Foundation
import TestSupport
import Testing

/// docs/ci.md's sharded workflow (the `yaml` block with `merge-reports`), its jobs run as a runner runs them.
///
/// Each
/// shard of the matrix in a checkout of its own, `actions/upload-artifact` and `actions/download-artifact` stood in
/// for (an artifact's root is the common folder of its paths; downloads merge into `path`, the workspace when none),
/// `make build` left out (the built tool stands in for `.build/static/release/pickerreel`), and `${{ matrix.shard }}`
/// and `${{ runner.temp }}` substituted. Issue 34, finding 3: a pull request that commits `report-0.json` claiming
/// every file matches turned the merge job green.
@Suite("docs/ci.md's shard jobs, as a runner runs them")
struct ShardJobsDocTests {
    /// What the merge job's last step did.
    struct MergeStep {
        var status: Int32
        var output: String
    }

    @Test func aCommittedReportCannotTurnTheMergeJobGreen() throws {
        let changed = try runWorkflow(changeASpec: true)
        #expect(changed.status == 1, "\(changed.output)")
        #expect(changed.output.contains("::error"), "\(changed.output)")
        #expect(!changed.output.contains("files match"), "\(changed.output)")
        let same = try runWorkflow(changeASpec: false)
        #expect(same.status == 0, "\(same.output)")
    }

    /// A committed `Output` with a forged manifest cannot turn the merge job green (the hostile pass after issue 34).
    ///
    /// The pull request recolours a spec and commits, as its `Output`, the old
    /// pictures with a manifest forged to name the new spec (so that a render into that folder calls them up to
    /// date). The documented job renders into an emptied folder, so the merge still fails. Before: exit 0, "All 10
    /// files match".
    @Test func aCommittedOutputWithAForgedManifestCannotTurnTheMergeJobGreen() throws {
        let changed = try runWorkflow(changeASpec: true, forgeTheManifest: true)
        #expect(changed.status == 1, "\(changed.output)")
        #expect(!changed.output.contains("files match"), "\(changed.output)")
    }

    /// The workflow's jobs as parsed from docs/ci.md (python3's yaml, which Tests/ActionRunner needs too).
    func workflow() throws -> [String: Any] {
        let page = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/ci.md"), encoding: .utf8)
        let blocks = page.components(separatedBy: "```yaml\n").dropFirst().map { $0.components(separatedBy: "\n```")[0] }
        let block = try #require(blocks.first { $0.contains("merge-reports") }, "docs/ci.md has no yaml block running merge-reports")
        let parsed = try runProcess(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", "-c", "import json, sys, yaml; print(json.dumps(yaml.safe_load(sys.stdin)))"],
            input: Data(block.utf8))
        try #require(parsed.status == 0, "\(parsed.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(parsed.stdout.utf8)) as? [String: Any]
        return try #require(object?["jobs"] as? [String: Any])
    }

    /// Runs the page's two jobs on a pull request that commits `report-0.json` (every file matching) and an `Output`
    /// folder equal to the goldens, and, when `changeASpec`, recolours one spec; returns the merge step's result.
    func runWorkflow(changeASpec: Bool, forgeTheManifest: Bool = false) throws -> MergeStep {
        let jobs = try workflow()
        let root = try temporaryFolder()
        let repo = root.appendingPathComponent("repo")
        let specs = repo.appendingPathComponent("design-system/specs")
        try FileManager.default.createDirectory(at: specs, withIntermediateDirectories: true)
        let colors = ["gray", "green", "orange", "teal"]
        for (index, color) in colors.enumerated() { try writeSpec(Self.spec(color), named: "p\(index).json", in: specs) }
        let names = colors.indices.map { "design-system/specs/p\($0).json" }
        try #require(
            try runTool(["render"] + names + ["-o", "design-system/goldens", "--format", "png,sheet", "-q"], in: repo).status == 0)
        // What the pull request commits besides its change: the goldens as its Output, and a report of a match.
        try #require(try runTool(["render"] + names + ["-o", "Output", "--format", "png,sheet", "-q"], in: repo).status == 0)
        let honest = try runTool(["compare", "design-system/goldens", "Output", "--report", "json=report-0.json"], in: repo)
        try #require(honest.status == 0, "\(honest.stdout)")
        if changeASpec { try writeSpec(Self.spec("indigo"), named: "p1.json", in: specs) }
        if forgeTheManifest {
            // The committed Output/p1 keeps the old pictures; its manifest names the new spec's digest.
            let fresh = root.appendingPathComponent("fresh")
            try #require(try runTool(["render", names[1], "-o", fresh.path, "--format", "png,sheet", "-q"], in: repo).status == 0)
            let newManifest = try JSONSerialization.jsonObject(
                with: Data(contentsOf: fresh.appendingPathComponent("p1/pickerreel-manifest.json")))
            let committed = repo.appendingPathComponent("Output/p1/pickerreel-manifest.json")
            var manifest = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: committed)) as? [String: Any])
            manifest["inputs"] = (newManifest as? [String: Any])?["inputs"]
            try JSONSerialization.data(withJSONObject: manifest, options: [.sortedKeys]).write(to: committed)
            let upToDate = try runTool(["render", names[1], "-o", "Output", "--format", "png,sheet"], in: repo)
            try #require(upToDate.stderr.contains("up to date") || upToDate.stdout.contains("up to date"), "the forgery works: \(upToDate)")
        }

        let temp = root.appendingPathComponent("runner-temp")
        let artifacts = root.appendingPathComponent("artifacts")
        try FileManager.default.createDirectory(at: temp, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        let pictures = try #require(jobs["pictures"] as? [String: Any])
        let matrix = try #require((pictures["strategy"] as? [String: Any])?["matrix"] as? [String: Any])
        let shards = try #require(matrix["shard"] as? [Int])
        for shard in shards {
            let workspace = root.appendingPathComponent("pictures-\(shard)")
            try FileManager.default.copyItem(at: repo, to: workspace)
            _ = try runSteps(of: pictures, in: workspace, temp: temp, artifacts: artifacts, matrix: ["matrix.shard": "\(shard)"])
        }
        let goldens = try #require(jobs["goldens"] as? [String: Any])
        let workspace = root.appendingPathComponent("goldens")
        try FileManager.default.copyItem(at: repo, to: workspace)
        return try #require(try runSteps(of: goldens, in: workspace, temp: temp, artifacts: artifacts, matrix: [:]))
    }

    /// Runs `job`'s steps in `workspace`, and returns the last step's result.
    ///
    /// A `run` step other than the last must succeed. Returns the last step's
    /// result when it is a `run` step.
    func runSteps(of job: [String: Any], in workspace: URL, temp: URL, artifacts: URL, matrix: [String: String]) throws -> MergeStep? {
        let steps = try #require(job["steps"] as? [[String: Any]])
        var last: MergeStep?
        for (number, step) in steps.enumerated() {
            last = nil
            let with = (step["with"] as? [String: Any]) ?? [:]
            func value(_ key: String) throws -> String? {
                try (with[key]).map { try substitute("\($0)", temp: temp, matrix: matrix) }
            }
            if let uses = step["uses"] as? String {
                switch uses.split(separator: "@").first.map(String.init) {
                case "actions/checkout": continue
                case "actions/upload-artifact":
                    let name = try #require(try value("name"))
                    let paths = try #require(try value("path")).split(separator: "\n").map {
                        String($0).trimmingCharacters(in: .whitespaces)
                    }
                    try upload(paths.filter { !$0.isEmpty }, from: workspace, to: artifacts.appendingPathComponent(name))
                case "actions/download-artifact":
                    let pattern = try #require(try value("pattern"))
                    let target =
                        try value("path").map { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : workspace.appendingPathComponent($0) }
                        ?? workspace
                    #expect(["true", "1"].contains(try value("merge-multiple")), "the shards' artifacts merged into one folder")
                    for name in try FileManager.default.contentsOfDirectory(atPath: artifacts.path) where fnmatch(pattern, name, 0) == 0 {
                        _ = try runProcess(
                            URL(fileURLWithPath: "/bin/sh"),
                            ["-c", "mkdir -p \"$1\" && cp -R \"$0\"/. \"$1\"", artifacts.appendingPathComponent(name).path, target.path])
                    }
                default: Issue.record("docs/ci.md's step \(number) uses \(uses), which this test does not stand in for")
                }
                continue
            }
            let script = try #require(step["run"] as? String)
            if script.hasPrefix("make build") { continue }
            let tool = try toolURL().path
            let command = try substitute(script, temp: temp, matrix: matrix).replacingOccurrences(
                of: ".build/static/release/pickerreel", with: tool)
            let run = try runProcess(
                URL(fileURLWithPath: "/bin/bash"), ["--noprofile", "--norc", "-eo", "pipefail", "-c", command], in: workspace,
                environment: ["RUNNER_TEMP": temp.path, "GITHUB_WORKSPACE": workspace.path], timeLimit: 300)
            last = MergeStep(status: run.status, output: run.stdout + run.stderr)
            if number < steps.count - 1 { try #require(run.status == 0, "\(command)\n\(run.stdout)\(run.stderr)") }
        }
        return last
    }

    /// `text` with the expressions the page's jobs use replaced; any other expression fails the test.
    func substitute(_ text: String, temp: URL, matrix: [String: String]) throws -> String {
        var result = text.replacingOccurrences(of: "${{ runner.temp }}", with: temp.path)
        for (name, value) in matrix { result = result.replacingOccurrences(of: "${{ \(name) }}", with: value) }
        try #require(!result.contains("${{"), "an expression this test does not know: \(result)")
        return result
    }

    /// upload-artifact's layout: the paths' common folder is the artifact's root.
    func upload(_ paths: [String], from workspace: URL, to artifact: URL) throws {
        let folders = paths.map { path -> [Substring] in
            var isFolder: ObjCBool = false
            let parts = path.split(separator: "/")
            FileManager.default.fileExists(atPath: workspace.appendingPathComponent(path).path, isDirectory: &isFolder)
            return isFolder.boolValue ? parts : Array(parts.dropLast())
        }
        var common = folders.first ?? []
        for parts in folders.dropFirst() { common = Array(zip(common, parts).prefix { $0 == $1 }.map(\.0)) }
        for path in paths {
            let relative = path.split(separator: "/").dropFirst(common.count).joined(separator: "/")
            let target = artifact.appendingPathComponent(relative)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            if FileManager.default.fileExists(atPath: target.path) { try FileManager.default.removeItem(at: target) }
            try FileManager.default.copyItem(at: workspace.appendingPathComponent(path), to: target)
        }
    }

    static func spec(_ color: String) -> String {
        #"{"items": ["A", "B"], "selection": {"initial": "A", "sequence": [{"select": "B", "after": 0.1}], "tail": 0.1}, "style": {"highlight": {"color": "\#(color)"}}, "output": {"fps": 10, "scale": 1}}"#
    }
}
