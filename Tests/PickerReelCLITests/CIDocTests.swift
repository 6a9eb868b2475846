import Foundation
import TestSupport
import Testing

/// Every `sh` block of docs/ci.md, run in order as a reader would, in a design-system repository of its own with
/// PickerReel checked out at tools/PickerReel (a link to this repository): accepting the artifact, building the tool,
/// the action's script and the two commands, and accepting locally.
@Suite("docs/ci.md's commands")
struct CIDocTests {
    /// The fenced `sh` blocks of `markdown`, in order.
    static func shellBlocks(_ markdown: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```sh" {
                current = []
            } else if let lines = current, line == "```" {
                blocks.append(lines.joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    @Test func everyShellBlockRunsAndDoesWhatThePageSays() throws {
        let page = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/ci.md"), encoding: .utf8)
        let blocks = Self.shellBlocks(page)
        #expect(blocks.count == 4, "a new sh block in docs/ci.md: say here what it needs and what it does")
        #expect(!page.contains("render '"), "render takes files: a quoted pattern is not expanded")

        let repo = try temporaryFolder()
        let pickers = repo.appendingPathComponent("design-system/pickers")
        try FileManager.default.createDirectory(at: pickers, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: repo.appendingPathComponent("tools"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: repo.appendingPathComponent("tools/PickerReel"), withDestinationURL: repositoryRoot)
        func write(_ name: String, color: String) throws {
            try Data(
                #"{"items": ["A", "B"], "selection": {"initial": "A", "sequence": [{"select": "B", "after": 0.1}], "tail": 0.1}, "style": {"highlight": {"color": "\#(color)"}}, "output": {"fps": 10, "scale": 1}}"#
                    .utf8
            ).write(to: pickers.appendingPathComponent("\(name).json"))
        }
        try write("period", color: "gray")
        try write("units", color: "green")
        let specs = ["design-system/pickers/period.json", "design-system/pickers/units.json"]
        #expect(try runTool(["render"] + specs + ["-o", "design-system/goldens", "--format", "apng", "-q"], in: repo).status == 0)
        try shell("git init -q -b main && git add -A && git commit -q -m 'Pickers and goldens'", in: repo)

        /// The goldens equal a render of the specs as they are now.
        func goldensMatch() throws -> Bool {
            let fresh = try temporaryFolder()
            #expect(try runTool(["render"] + specs + ["-o", fresh.path, "--format", "apng", "-q"], in: repo).status == 0)
            return try runTool(["compare", "design-system/goldens", fresh.path], in: repo).status == 0
        }

        for block in blocks {
            if block.contains("unzip") {
                // The artifact the action uploads after a change: the goldens with the render accepted, zipped.
                try write("units", color: "indigo")
                try shell("git commit -q -am 'Units: an indigo highlight'", in: repo)
                let accepted = try temporaryFolder().appendingPathComponent("accepted")
                let script = repositoryRoot.appendingPathComponent("scripts/pickerreel-ci.sh").path
                try shell(
                    "PICKERREEL_ACCEPT='\(accepted.path)' '\(script)' '\(try toolURL().path)' 'design-system/pickers/*.json' design-system/goldens "
                        + "Output/pickerreel Output/report >/dev/null || test $? -eq 1", in: repo)
                try shell("cd '\(accepted.path)' && zip -q -r '\(repo.path)/pickerreel-goldens.zip' .", in: repo)
                #expect(try !goldensMatch())
                try shell(block, in: repo)
                #expect(try goldensMatch())
                #expect(try shell("git log -1 --format=%s", in: repo) == "Goldens: the new highlight colour\n")
                #expect(try shell("git status --porcelain design-system", in: repo).isEmpty)
            } else if block.contains("make -C") {
                try shell(block + "\ncommand -v pickerreel", in: repo)
            } else if block.contains("--update") {
                try write("period", color: "pink")
                try shell("git commit -q -am 'Period: a pink highlight'", in: repo)
                #expect(try !goldensMatch())
                try shell(block, in: repo)
                #expect(try goldensMatch())
                #expect(try shell("git log -1 --format=%s", in: repo) == "Goldens: the new highlight colour\n")
                #expect(
                    try shell("git show --name-only --format= HEAD", in: repo).split(separator: "\n").allSatisfy {
                        $0.hasPrefix("design-system/goldens/period/")
                    })
            } else if block.contains("pickerreel-ci.sh") {
                let output = try shell(block, in: repo)
                #expect(output.contains("All ") || output.contains("match"), "\(output)")
                #expect(FileManager.default.fileExists(atPath: repo.appendingPathComponent("Output/report/index.html").path))
            } else {
                Issue.record("docs/ci.md has an sh block this test does not know: \(block)")
            }
        }
    }

    /// Runs `script` with bash -e in `directory`, the tool built by `make build CONFIG=release` on the PATH as the
    /// page puts it there, and returns standard output; a failure fails the test with both outputs.
    @discardableResult
    func shell(_ script: String, in directory: URL) throws -> String {
        let tools = directory.appendingPathComponent("tools/PickerReel/.build/static/release").path
        var environment = [
            "PATH": tools + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"), "GIT_CONFIG_GLOBAL": "/dev/null",
        ]
        for (name, value) in [("NAME", "Designer"), ("EMAIL", "designer@example.invalid")] {
            environment["GIT_AUTHOR_\(name)"] = value
            environment["GIT_COMMITTER_\(name)"] = value
        }
        // The page's steps build the release tool in a fresh clone (several minutes on a small machine).
        let run = try runProcess(
            URL(fileURLWithPath: "/bin/bash"), ["--noprofile", "--norc", "-eo", "pipefail", "-c", script], in: directory,
            environment: environment, timeLimit: 1_200)
        try #require(run.status == 0, "\(script)\nexit \(run.status)\n\(run.stdout)\(run.stderr)")
        return run.stdout
    }
}
