import Foundation
import TestSupport
import Testing

/// Issue 34, finding 7: "A manifest is trusted as evidence".
///
/// A committed frame rewritten at the same byte size read "up to date", and so did a changed spec whose new SHA-256
/// was written into `pickerreel-manifest.json`: a docs check of `render` then `git diff --exit-code` passed on stale
/// pictures. Now the up-to-date check compares the files' digests, and `render --verify` renders afresh whatever the
/// manifests say, exits 1 naming every file on disk that differs, and writes nothing. All through the built binary.
@Suite("render --verify")
struct RenderVerifyTests {
    /// A folder with `a.json` (three items, a change at 0.1 s, 10 fps) rendered into `out/a`.
    struct Rendered {
        var work: URL
        var out: URL { work.appendingPathComponent("out") }
        var folder: URL { out.appendingPathComponent("a") }
        var spec: String { work.appendingPathComponent("a.json").path }

        init(formats: String = "png") throws {
            work = try temporaryFolder()
            _ = try writeSpec(
                #"{"items":["x","y","z"],"selection":{"sequence":[{"select":"z","after":0.1}]},"output":{"fps":10}}"#, named: "a.json",
                in: work)
            let run = try render(["--format", formats])
            #expect(run.status == 0, "\(run)")
        }

        func render(_ extra: [String] = []) throws -> ProcessRun {
            try runTool(["render", spec, "-o", out.path] + extra)
        }

        /// Frame `name` with one byte in its middle changed: the same size, other bytes.
        func rewriteAtTheSameSize(_ name: String) throws -> Data {
            let url = folder.appendingPathComponent(name)
            var bytes = try Data(contentsOf: url)
            bytes[bytes.count / 2] ^= 0xFF
            try bytes.write(to: url)
            return bytes
        }
    }

    /// The SHA-256 of `url`'s bytes by `sha256sum`, independent of the tool.
    static func sha256(_ url: URL) throws -> String {
        let output = try runProcess(URL(fileURLWithPath: "/usr/bin/sha256sum"), [url.path]).stdout
        return output.split(separator: " ").first.map(String.init) ?? ""
    }

    @Test func aFrameRewrittenAtTheSameSizeIsNotUpToDate() throws {
        let rendered = try Rendered()
        let original = try Data(contentsOf: rendered.folder.appendingPathComponent("frame-0001.png"))
        let rewritten = try rendered.rewriteAtTheSameSize("frame-0001.png")
        #expect(rewritten.count == original.count && rewritten != original)
        let run = try rendered.render()
        #expect(run.status == 0, "\(run)")
        #expect(!run.stderr.contains("up to date"), "a rewritten frame was taken as up to date: \(run)")
        #expect(try Data(contentsOf: rendered.folder.appendingPathComponent("frame-0001.png")) == original)
    }

    @Test func verifyNamesAFrameRewrittenAtTheSameSizeAndWritesNothing() throws {
        let rendered = try Rendered()
        _ = try rendered.rewriteAtTheSameSize("frame-0001.png")
        let before = try snapshot(of: rendered.work)
        let run = try rendered.render(["--verify"])
        #expect(run.status == 1, "\(run)")
        let named = rendered.folder.appendingPathComponent("frame-0001.png").path
        #expect(run.stderr.contains("\(named): differs from a fresh render"), "\(run)")
        #expect(!run.stderr.contains("frame-0000.png"), "an intact frame was named: \(run)")
        #expect(try snapshot(of: rendered.work) == before, "--verify wrote into the tree")
    }

    @Test func verifyFindsStalePicturesBehindAForgedManifest() throws {
        let rendered = try Rendered()
        // The spec changes; its new SHA-256 is written into the manifest, as a pull request could commit it.
        let changed = #"{"items":["x","y","z"],"selection":{"sequence":[{"select":"y","after":0.1}]},"output":{"fps":10}}"#
        try Data(changed.utf8).write(to: URL(fileURLWithPath: rendered.spec))
        let manifestURL = rendered.folder.appendingPathComponent("pickerreel-manifest.json")
        var manifest = try String(contentsOf: manifestURL, encoding: .utf8)
        let recorded =
            try #require(
                (try JSONSerialization.jsonObject(with: Data(manifest.utf8)) as? [String: Any])?["inputs"] as? [String: Any])["spec"]
            as? String
        manifest = manifest.replacingOccurrences(of: try #require(recorded), with: try Self.sha256(URL(fileURLWithPath: rendered.spec)))
        try Data(manifest.utf8).write(to: manifestURL)
        // A plain render trusts its cache (the manifest says so), but the check does not.
        let before = try snapshot(of: rendered.work)
        let run = try rendered.render(["--verify"])
        #expect(run.status == 1, "\(run)")
        #expect(run.stderr.contains(".png: differs from a fresh render"), "\(run)")
        #expect(try snapshot(of: rendered.work) == before)
    }

    @Test func verifyNamesMissingExtraAndLinkedFilesAndLeavesOthersAlone() throws {
        let rendered = try Rendered(formats: "png,gif")
        let folder = rendered.folder
        let missing = folder.appendingPathComponent("frame-0000.png")
        try FileManager.default.removeItem(at: missing)
        try Data("old".utf8).write(to: folder.appendingPathComponent("frame-0099.png"))
        try Data("mine".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        // A link to a file with exactly the fresh bytes is still not the file a render writes.
        let elsewhere = rendered.work.appendingPathComponent("copy.gif")
        try FileManager.default.moveItem(at: folder.appendingPathComponent("a.gif"), to: elsewhere)
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("a.gif"), withDestinationURL: elsewhere)
        let before = try snapshot(of: rendered.work)
        let run = try rendered.render(["--format", "png,gif", "--verify"])
        #expect(run.status == 1, "\(run)")
        #expect(run.stderr.contains("\(missing.path): missing"), "\(run)")
        #expect(run.stderr.contains("frame-0099.png: not written by a fresh render"), "\(run)")
        #expect(run.stderr.contains("a.gif: a symbolic link"), "\(run)")
        #expect(!run.stderr.contains("notes.txt") && !run.stderr.contains("frame-0001.png"), "\(run)")
        #expect(try snapshot(of: rendered.work) == before)
    }

    @Test func verifyNamesASpecFolderThatIsALinkAndReadsNothingThrough() throws {
        let rendered = try Rendered()
        let elsewhere = rendered.work.appendingPathComponent("elsewhere")
        try FileManager.default.moveItem(at: rendered.folder, to: elsewhere)
        try FileManager.default.createSymbolicLink(atPath: rendered.folder.path, withDestinationPath: "../elsewhere")
        let run = try rendered.render(["--verify"])
        // The one rule for every output path (LinkedOutputTests): a spec folder that is a link is refused up front,
        // naming it, before anything is rendered or read through it.
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains("\(rendered.folder.path): is a symbolic link"), "\(run)")
        #expect(!run.stderr.contains("frame-0000.png"), "a file was read through the link: \(run)")
    }

    @Test func verifyOfAnIntactRenderExits0AndTouchesNothing() throws {
        let rendered = try Rendered()
        let before = try UpToDateRenderTests.identities(of: rendered.work)
        let run = try rendered.render(["--verify"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stderr.contains("files match a fresh render"), "\(run)")
        #expect(try UpToDateRenderTests.identities(of: rendered.work) == before)
    }

    @Test func verifyIntoAFolderThatDoesNotExistNamesEveryFileAndCreatesNothing() throws {
        let work = try temporaryFolder()
        let spec = try writeSpec(#"{"items":["x","y"],"output":{"fps":10},"selection":{"tail":0.1}}"#, named: "b.json", in: work)
        let out = work.appendingPathComponent("never")
        let run = try runTool(["render", spec, "-o", out.path, "--verify"])
        #expect(run.status == 1, "\(run)")
        #expect(run.stderr.contains("frame-0000.png: missing"), "\(run)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test func verifyIsInTheHelpAndTheReadme() throws {
        let help = try runTool(["render", "--help"])
        #expect(help.stdout.contains("--verify"), "\(help)")
        let readme = try String(contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let commands = readme.components(separatedBy: "pickerreel render [SPEC…]").dropFirst().first?.prefix(300) ?? ""
        #expect(commands.contains("--verify"), "the README's command list has no --verify")
        let ci = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/ci.md"), encoding: .utf8)
        #expect(ci.contains("a cache, never evidence"))
    }
}
