import Foundation
import TestSupport
import Testing

/// Issue 23, "Trees without exits": `compare` and `compare --update` never read or write through a link that leads
/// out of EXPECTED or ACTUAL; such a link is refused with exit 2 naming it, before anything is read, written or
/// copied into a report.
@Suite("Trees without exits")
struct TreeLinkTests {
    /// `work/{expected,actual}` and two pictures of the same size that differ: `first` and `second`.
    struct Trees {
        var work: URL
        var expected: URL { work.appendingPathComponent("expected") }
        var actual: URL { work.appendingPathComponent("actual") }
        var first: Data
        var second: Data

        init() throws {
            let work = try temporaryFolder()
            self.work = work
            for folder in [work.appendingPathComponent("expected"), work.appendingPathComponent("actual")] {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            }
            let spec = try writeSpec(
                #"{"items":["A","B"],"selection":{"initial":"A","sequence":[{"select":"B","after":0.1}]},"output":{"scale":1}}"#,
                named: "p.json", in: work)
            var pictures: [Data] = []
            for time in ["0", "5"] {
                let file = work.appendingPathComponent("p\(time).png")
                let run = try runTool(["frame", spec, "--time", time, "-o", file.path], timeLimit: 60)
                guard run.status == 0 else { throw RenderFailed(message: run.stderr) }
                pictures.append(try Data(contentsOf: file))
            }
            (first, second) = (pictures[0], pictures[1])
        }

        func write(_ data: Data, _ relative: String, in folder: URL) throws {
            let url = folder.appendingPathComponent(relative)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }

        func link(_ relative: String, in folder: URL, to destination: String) throws {
            try FileManager.default.createSymbolicLink(
                atPath: folder.appendingPathComponent(relative).path, withDestinationPath: destination)
        }
    }

    @Test func updateDoesNotWriteThroughALinkedFolderThatLeavesExpected() throws {
        let trees = try Trees()
        #expect(trees.first != trees.second)
        let outside = trees.work.appendingPathComponent("outside/dir")
        try trees.write(trees.first, "x.png", in: outside)
        try trees.link("sub", in: trees.expected, to: "../outside/dir")
        try trees.write(trees.second, "sub/x.png", in: trees.actual)
        try trees.write(trees.second, "sub/new.png", in: trees.actual)
        try trees.write(trees.first, "kept.png", in: trees.actual)
        let before = try snapshot(of: outside)
        for arguments in [["--update"], []] {
            let run = try runTool(["compare", trees.expected.path, trees.actual.path] + arguments, timeLimit: 60)
            #expect(run.status == 2, "\(arguments): \(run)")
            #expect(run.stderr.contains(trees.expected.appendingPathComponent("sub").path), "\(run)")
            #expect(run.stderr.contains("a link that leads out of"), "\(run)")
        }
        #expect(try snapshot(of: outside) == before)
        #expect(!FileManager.default.fileExists(atPath: trees.expected.appendingPathComponent("kept.png").path), "nothing is written")
    }

    /// A switch left in EXPECTED to be finished (as a pull request could forge one) does not move files through a
    /// link out of it either.
    @Test func aForgedSwitchToFinishDoesNotWriteThroughALink() throws {
        let trees = try Trees()
        let outside = trees.work.appendingPathComponent("outside/dir")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try trees.link("sub", in: trees.expected, to: "../outside/dir")
        let commit = trees.expected.appendingPathComponent(".pickerreel-commit-1-1")
        try trees.write(trees.second, "sub/x.png", in: commit)
        try trees.write(Data(#"{"write":["sub/x.png"],"remove":[]}"#.utf8), ".pickerreel-manifest", in: commit)
        try trees.write(trees.first, "a.png", in: trees.actual)
        let run = try runTool(["compare", trees.expected.path, trees.actual.path, "--update"], timeLimit: 60)
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains("is a link"), "\(run)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
    }

    /// A golden that is a link to a PNG elsewhere is neither compared nor copied into the HTML report.
    @Test func aGoldenLinkedToAPictureElsewhereIsRefusedAndNotCopiedIntoTheReport() throws {
        let trees = try Trees()
        try trees.write(trees.first, "secret.png", in: trees.work.appendingPathComponent("elsewhere"))
        try trees.link("a.png", in: trees.expected, to: trees.work.appendingPathComponent("elsewhere/secret.png").path)
        try trees.write(trees.second, "a.png", in: trees.actual)
        let report = trees.work.appendingPathComponent("report")
        let run = try runTool(["compare", trees.expected.path, trees.actual.path, "--report", "html", report.path], timeLimit: 60)
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains(trees.expected.appendingPathComponent("a.png").path), "\(run)")
        #expect(!FileManager.default.fileExists(atPath: report.appendingPathComponent("files/expected/a.png").path))
        // The same answer when the link leads nowhere: nothing is learnt about the outside.
        try FileManager.default.removeItem(at: trees.work.appendingPathComponent("elsewhere"))
        let dangling = try runTool(["compare", trees.expected.path, trees.actual.path], timeLimit: 60)
        #expect(dangling.status == 2 && dangling.stderr == run.stderr, "\(dangling)")
    }

    @Test func aLinkInActualThatLeavesItIsRefused() throws {
        let trees = try Trees()
        try trees.write(trees.first, "a.png", in: trees.expected)
        try trees.write(trees.first, "secret.png", in: trees.work.appendingPathComponent("elsewhere"))
        try trees.link("a.png", in: trees.actual, to: "../elsewhere/secret.png")
        let run = try runTool(["compare", trees.expected.path, trees.actual.path, "--update"], timeLimit: 60)
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains(trees.actual.appendingPathComponent("a.png").path), "\(run)")
        #expect(try Data(contentsOf: trees.expected.appendingPathComponent("a.png")) == trees.first)
    }

    /// A link that stays inside its tree is not followed either (issue 34: no link in a tree is followed, for
    /// reading or writing): it is refused naming it, exit 2; EXPECTED itself may be a link, the user's argument.
    ///
    /// Until issue 34's rule, such a link was followed: `b.png -> a.png` was compared as `a.png`.
    @Test func aLinkThatStaysInsideTheTreeIsRefusedAndTheRootMayBeALink() throws {
        let trees = try Trees()
        try trees.write(trees.first, "a.png", in: trees.expected)
        try trees.write(trees.first, "a.png", in: trees.actual)
        try trees.link("goldens", in: trees.work, to: "expected")
        let plain = try runTool(["compare", trees.work.appendingPathComponent("goldens").path, trees.actual.path], timeLimit: 60)
        #expect(plain.status == 0, "\(plain)")

        try trees.link("b.png", in: trees.expected, to: "a.png")
        try trees.write(trees.first, "b.png", in: trees.actual)
        let run = try runTool(["compare", trees.work.appendingPathComponent("goldens").path, trees.actual.path], timeLimit: 60)
        #expect(!run.trapped && run.status == 2, "\(run)")
        #expect(run.stderr.contains("b.png"), "\(run.stderr)")
        #expect(run.stderr.contains("a symbolic link is on its path, and none is followed here"), "\(run.stderr)")
    }
}
