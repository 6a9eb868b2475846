import Foundation
import TestSupport
import Testing

/// Names that differ only in their Unicode form are refused: two files to Linux, one name to Swift's strings.
///
/// `é` as U+00E9, or as `e` and U+0301. A hostile tester's findings: `compare --update` wrote one folder's picture
/// under the other's name, left the other out and exited 0; a forged journal naming both forms had its link on one
/// checked in the other folder, so the link went unseen and a file was dropped. Both are refused now, exit 2, nothing
/// written.
@Suite("Names in two Unicode forms")
struct UnicodeFormNameTests {
    static let composed = "\u{E9}"
    static let decomposed = "e\u{301}"

    /// A picture of one frame, rendered once for all tests' trees.
    static func picture(in folder: URL) throws -> Data {
        try writeSpec(#"{"items": ["A", "B"], "output": {"fps": 1, "scale": 1}}"#, named: "p.json", in: folder)
        let run = try runTool(["frame", "p.json", "--index", "0", "-o", "p.png"], in: folder)
        try #require(run.status == 0, "\(run)")
        return try Data(contentsOf: folder.appendingPathComponent("p.png"))
    }

    @Test func compareAndUpdateRefuseAFolderHoldingBothForms() throws {
        let work = try temporaryFolder()
        let png = try Self.picture(in: work)
        for form in [Self.composed, Self.decomposed] {
            let folder = work.path + "/ACTUAL/" + form
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try png.write(to: URL(fileURLWithPath: folder + "/a.png"))
        }
        try #require(try FileManager.default.contentsOfDirectory(atPath: work.path + "/ACTUAL").count == 2, "two folders on disk")
        try FileManager.default.createDirectory(atPath: work.path + "/EXPECTED", withIntermediateDirectories: true)
        for arguments in [["compare", "EXPECTED", "ACTUAL"], ["compare", "EXPECTED", "ACTUAL", "--update"]] {
            let run = try runTool(arguments, in: work)
            #expect(run.status == 2, "\(run)")
            #expect(run.stderr.contains("one name written in two Unicode forms"), "\(run)")
            #expect(run.stderr.contains("U+00E9") && run.stderr.contains("U+0065 U+0301"), "\(run)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: work.path + "/EXPECTED").isEmpty, "nothing written")
        }
    }

    @Test func aForgedJournalCannotHideALinkBehindTheOtherForm() throws {
        let work = try temporaryFolder()
        let runner = work.appendingPathComponent("runner")
        let repository = work.appendingPathComponent("repo")
        let goldens = repository.path + "/goldens/s"
        let commit = goldens + "/.pickerreel-commit-1"
        for folder in [
            runner.path, repository.path + "/specs", commit + "/" + Self.composed, commit + "/" + Self.decomposed,
            goldens + "/" + Self.composed,
        ] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        try Data(ForgedJournalTests.spec.utf8).write(to: repository.appendingPathComponent("specs/s.json"))
        try Data("a".utf8).write(to: URL(fileURLWithPath: commit + "/" + Self.composed + "/a.png"))
        try Data("b".utf8).write(to: URL(fileURLWithPath: commit + "/" + Self.decomposed + "/b.png"))
        try FileManager.default.createSymbolicLink(atPath: goldens + "/" + Self.decomposed, withDestinationPath: runner.path)
        let journal = #"{"write":["\#(Self.composed)/a.png","\#(Self.decomposed)/b.png"],"remove":[]}"#
        try Data(journal.utf8).write(to: URL(fileURLWithPath: commit + "/.pickerreel-manifest"))
        let run = try runTool(["render", "specs/s.json", "-o", "goldens", "-q"], in: repository)
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains("is a link"), "\(run)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: runner.path).isEmpty, "nothing moved out")
        #expect(FileManager.default.fileExists(atPath: commit + "/" + Self.decomposed + "/b.png"), "nothing dropped")
    }
}
