import Foundation
import TestSupport
import Testing

/// Issue 34, hostile finding E: a refusal of a path outside the root says which change puts it right.
///
/// A token file, theme or icon the spec names outside its root is refused: an absolute path must become a relative
/// one, and a link on the path that leads out must go. Before, both were "it is outside the root", the words for a
/// `..` that climbs out.
@Suite("Outside-the-root wording")
struct OutsidePathWordingTests {
    /// A project (a `.git` marks its root) whose spec names `tokens` as its token file.
    static func project(tokens: String) throws -> URL {
        let work = try DesignTokenToolTests.project()
        try FileManager.default.createDirectory(at: work.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try writeSpec(#"{"items": ["A", "B"], "tokens": ["\#(tokens)"]}"#, named: "named.json", in: work)
        return work
    }

    @Test func anAbsoluteTokenPathIsToldToBeRelative() throws {
        let outside = try temporaryFolder().appendingPathComponent("base.tokens.json")
        try Data(DesignTokenToolTests.tokens.utf8).write(to: outside)
        let work = try Self.project(tokens: outside.path)
        let run = try runTool(["validate", "named.json"], in: work)
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains("it is an absolute path, and a token file or theme must be a path relative to the spec"), "\(run)")
        #expect(!run.stderr.contains("link"), "\(run)")
    }

    @Test func aTokenFileThroughALinkLeadingOutNamesTheLink() throws {
        let outside = try temporaryFolder()
        try Data(DesignTokenToolTests.tokens.utf8).write(to: outside.appendingPathComponent("base.tokens.json"))
        let work = try Self.project(tokens: "shared/base.tokens.json")
        try FileManager.default.createSymbolicLink(
            at: work.appendingPathComponent("shared"), withDestinationURL: outside)
        let run = try runTool(["validate", "named.json"], in: work)
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains("shared/base.tokens.json: it is outside the root"), "\(run)")
        #expect(run.stderr.contains("a symbolic link on its path leads out of it"), "\(run)")
        // A relative link that climbs out is named as a link too.
        try FileManager.default.removeItem(at: work.appendingPathComponent("shared"))
        try FileManager.default.createSymbolicLink(
            atPath: work.appendingPathComponent("shared").path, withDestinationPath: "../../" + outside.lastPathComponent)
        let relative = try runTool(["validate", "named.json"], in: work)
        #expect(relative.status == 2 && relative.stderr.contains("a symbolic link on its path leads out of it"), "\(relative)")
    }

    @Test func aPathThatClimbsOutKeepsItsWords() throws {
        let work = try Self.project(tokens: "../base.tokens.json")
        let run = try runTool(["validate", "named.json"], in: work)
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains("it is outside the root"), "\(run)")
        #expect(!run.stderr.contains("absolute") && !run.stderr.contains("link"), "\(run)")
    }
}
