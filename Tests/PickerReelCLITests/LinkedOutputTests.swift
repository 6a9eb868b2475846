import Foundation
import TestSupport
import Testing

/// Issue 34, finding 8: an output path that goes through a symbolic link below the current folder is refused.
///
/// As `compare --update` refuses such an EXPECTED (one rule, `LinkedPath`): `docs/a -> ../victim` made `render
/// a.json -o docs` replace the files of `victim`. Exit 2, the message names the link, the folder it points to untouched.
@Suite("Outputs through links")
struct LinkedOutputTests {
    /// A repository holding `a.json`, and `victim` beside it: a folder of someone else's holding a frame and a note.
    struct Layout {
        let root: URL
        let repository: URL
        let victim: URL

        init() throws {
            root = try temporaryFolder()
            repository = root.appendingPathComponent("repo")
            victim = root.appendingPathComponent("victim")
            for folder in [repository.appendingPathComponent("docs"), victim] {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            }
            try Data(ForgedJournalTests.spec.utf8).write(to: repository.appendingPathComponent("a.json"))
            try Data("the victim's frame".utf8).write(to: victim.appendingPathComponent("frame-0000.png"))
            try Data("the victim's note".utf8).write(to: victim.appendingPathComponent("note.txt"))
        }

        func link(_ relative: String, to target: String) throws {
            try FileManager.default.createSymbolicLink(
                atPath: repository.appendingPathComponent(relative).path, withDestinationPath: target)
        }
    }

    static func expectRefused(
        _ run: ProcessRun, naming link: String, victim: URL, before: [String: String], sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        #expect(run.status == 2, "\(run)", sourceLocation: sourceLocation)
        #expect(run.stderr.contains(link + ": is a symbolic link"), "\(run)", sourceLocation: sourceLocation)
        #expect(try ForgedJournalTests.listing(of: victim) == before, "written through the link: \(run)", sourceLocation: sourceLocation)
    }

    /// The case: the spec's folder in the output is a link (`docs/a -> ../../victim`), with `-o` as given
    /// relative to the repository or absolute from another folder.
    @Test(arguments: [false, true])
    func aSpecFolderThatIsALinkIsNotWrittenThrough(absolute: Bool) throws {
        let layout = try Layout()
        try layout.link("docs/a", to: "../../victim")
        let before = try ForgedJournalTests.listing(of: layout.victim)
        let docs = layout.repository.appendingPathComponent("docs").path
        let spec = layout.repository.appendingPathComponent("a.json").path
        let run =
            absolute
            ? try runTool(["render", spec, "-o", docs, "-q"], in: layout.root)
            : try runTool(["render", "a.json", "-o", "docs", "-q"], in: layout.repository)
        try Self.expectRefused(run, naming: absolute ? docs + "/a" : "docs/a", victim: layout.victim, before: before)
    }

    /// `-o DIR` where a folder on DIR's path inside the repository is a link.
    @Test func anOutputWhoseParentIsALinkIsNotWrittenThrough() throws {
        let layout = try Layout()
        try layout.link("site", to: "../victim")
        let before = try ForgedJournalTests.listing(of: layout.victim)
        let run = try runTool(["render", "a.json", "-o", "site/pictures", "-q"], in: layout.repository)
        try Self.expectRefused(run, naming: "site", victim: layout.victim, before: before)
    }

    /// `frame -o FILE` where FILE is a link to someone else's file, or a folder on its path is a link.
    @Test(arguments: ["docs/shot.png", "docs/through/shot.png"])
    func aFrameFileThatIsALinkIsNotWrittenThrough(output: String) throws {
        let layout = try Layout()
        if output == "docs/shot.png" {
            try layout.link(output, to: layout.victim.appendingPathComponent("frame-0000.png").path)
        } else {
            try layout.link("docs/through", to: layout.victim.path)
        }
        let before = try ForgedJournalTests.listing(of: layout.victim)
        let run = try runTool(["frame", "a.json", "--time", "0", "-o", output], in: layout.repository)
        try Self.expectRefused(
            run, naming: output == "docs/shot.png" ? "docs/shot.png" : "docs/through", victim: layout.victim, before: before)
        if output == "docs/shot.png" {
            let link = layout.repository.appendingPathComponent(output).path
            #expect(
                try FileManager.default.destinationOfSymbolicLink(atPath: link)
                    == layout.victim.appendingPathComponent("frame-0000.png").path)
        }
    }

    /// A link outside the current folder (where the user stands, such as a home folder that is a link) is the
    /// machine's, not the tree's: rendering below it works.
    @Test func linksAboveTheCurrentFolderAreTheMachines() throws {
        let layout = try Layout()
        let linked = layout.root.appendingPathComponent("linked-repo")
        try FileManager.default.createSymbolicLink(atPath: linked.path, withDestinationPath: layout.repository.path)
        let run = try runTool(["render", "a.json", "-o", "docs", "-q"], in: linked)
        #expect(run.status == 0, "\(run)")
        #expect(FileManager.default.fileExists(atPath: layout.repository.appendingPathComponent("docs/a/frame-0000.png").path))
    }
}
