import Foundation
import TestSupport
import Testing

/// Issue 26, "A manifest with every render, and up-to-date renders".
///
/// Each spec's folder gets `pickerreel-manifest.json` (what made it, and every file's name, size and SHA-256); a render whose inputs match an
/// intact output draws and writes nothing and says "up to date"; a changed spec, icon or option re-renders that spec
/// alone; `--force` renders everything; a damaged output is rendered again. All through the built binary.
@Suite("Up-to-date renders")
struct UpToDateRenderTests {
    static let icon = #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>"#
    static let otherIcon = #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><circle cx="5" cy="5" r="5"/></svg>"#

    /// A folder with `sun.svg` and two specs, `a.json` (whose first item shows the icon) and `b.json`.
    struct Batch {
        var work: URL
        var out: URL { work.appendingPathComponent("out") }
        var specA: String { work.appendingPathComponent("a.json").path }
        var specB: String { work.appendingPathComponent("b.json").path }

        init() throws {
            work = try temporaryFolder()
            try Data(UpToDateRenderTests.icon.utf8).write(to: work.appendingPathComponent("sun.svg"))
            _ = try writeSpec(
                #"{"items":[{"value":"a","icon":"sun.svg"},"b"],"selection":{"sequence":[{"select":"b","after":0.1}]},"output":{"fps":10}}"#,
                named: "a.json", in: work)
            _ = try writeSpec(
                #"{"items":["x","y","z"],"selection":{"sequence":[{"select":"z","after":0.1}]},"output":{"fps":10}}"#, named: "b.json",
                in: work)
        }

        func render(_ extra: [String] = []) throws -> ProcessRun {
            try runTool(["render", specA, specB, "-o", out.path] + extra)
        }
    }

    /// Each file's inode and modification time, by relative path: a file rewritten, or replaced by a rename, changes.
    static func identities(of folder: URL) throws -> [String: String] {
        var found: [String: String] = [:]
        for name in try FileManager.default.subpathsOfDirectory(atPath: folder.path) {
            let attributes = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)
            let inode = attributes[.systemFileNumber].map { "\($0)" } ?? "?"
            let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            found[name] = "\(inode)@\(modified)"
        }
        return found
    }

    /// `sha256sum`'s digest of a file: a check independent of the tool's own.
    static func sha256(_ url: URL) throws -> String {
        let output = try runProcess(URL(fileURLWithPath: "/usr/bin/sha256sum"), [url.path]).stdout
        return output.split(separator: " ").first.map(String.init) ?? ""
    }

    static func manifest(in folder: URL) throws -> [String: Any] {
        let data = try Data(contentsOf: folder.appendingPathComponent("pickerreel-manifest.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func theManifestRecordsTheInputsAndEveryFileWritten() throws {
        let batch = try Batch()
        let first = try batch.render(["--format", "png,gif"])
        #expect(first.status == 0, "\(first)")
        let folder = batch.out.appendingPathComponent("a")
        let manifest = try Self.manifest(in: folder)
        let inputs = try #require(manifest["inputs"] as? [String: Any])
        #expect(inputs["spec"] as? String == (try Self.sha256(URL(fileURLWithPath: batch.specA))))
        let referenced = try #require(inputs["referenced"] as? [String: String])
        #expect(referenced == ["sun.svg": try Self.sha256(batch.work.appendingPathComponent("sun.svg"))])
        #expect(inputs["tool"] as? String == "0.2.0")
        let options = try #require(inputs["options"] as? [String: String])
        #expect(options["formats"] == "gif,png")
        let environment = try #require(inputs["environment"] as? [String: [String: String]])
        let libraries = try #require(environment["libraries"])
        #expect(Set(libraries.keys) == ["cairo", "pango", "harfbuzz", "freetype", "fontconfig"])
        #expect(libraries.values.allSatisfy { $0.first?.isNumber == true }, "\(libraries)")
        #expect(environment["fonts"]?.isEmpty == false, "no font file recorded: \(environment)")
        // Every file beside the manifest is listed with its size and digest, and nothing else is.
        let files = try #require(manifest["files"] as? [[String: Any]])
        let onDisk = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != "pickerreel-manifest.json" }.sorted()
        #expect(files.compactMap { $0["name"] as? String } == onDisk)
        #expect(onDisk.contains("a.gif") && onDisk.contains("frame-0000.png"))
        for file in files {
            let url = folder.appendingPathComponent(try #require(file["name"] as? String))
            #expect(file["size"] as? Int == (try Data(contentsOf: url)).count)
            #expect(file["sha256"] as? String == (try Self.sha256(url)))
        }
        // Byte-identical run to run.
        let bytes = try Data(contentsOf: folder.appendingPathComponent("pickerreel-manifest.json"))
        #expect(try batch.render(["--format", "png,gif", "--force"]).status == 0)
        #expect(try Data(contentsOf: folder.appendingPathComponent("pickerreel-manifest.json")) == bytes)
    }

    @Test func aSecondRenderSaysUpToDateAndRewritesNothing() throws {
        let batch = try Batch()
        #expect(try batch.render().status == 0)
        let before = try Self.identities(of: batch.out)
        #expect(before.keys.contains("a/pickerreel-manifest.json"), "\(before.keys.sorted())")
        let second = try batch.render()
        #expect(second.status == 0, "\(second)")
        #expect(second.stderr.contains("a: up to date"), "\(second)")
        #expect(second.stderr.contains("b: up to date"), "\(second)")
        #expect(try Self.identities(of: batch.out) == before)
    }

    @Test func aChangedSpecIconOrOptionRendersThatSpecAgainAlone() throws {
        let batch = try Batch()
        #expect(try batch.render().status == 0)
        // The icon of a changes: a is rendered, b is not.
        try Data(Self.otherIcon.utf8).write(to: batch.work.appendingPathComponent("sun.svg"))
        var run = try batch.render()
        #expect(run.status == 0, "\(run)")
        #expect(!run.stderr.contains("a: up to date") && run.stderr.contains("b: up to date"), "\(run)")
        // b's spec changes (one byte more): b alone is rendered.
        let specB = URL(fileURLWithPath: batch.specB)
        try (try Data(contentsOf: specB) + Data(" ".utf8)).write(to: specB)
        run = try batch.render()
        #expect(run.stderr.contains("a: up to date") && !run.stderr.contains("b: up to date"), "\(run)")
        // An option that changes bytes renders both again; one that changes none (-j) renders neither.
        run = try batch.render(["--png-level", "3"])
        #expect(!run.stderr.contains("up to date"), "\(run)")
        run = try batch.render(["--png-level", "3", "-j", "1"])
        #expect(run.stderr.contains("a: up to date") && run.stderr.contains("b: up to date"), "\(run)")
        #expect(try batch.render(["--png-level", "3", "--format", "png,gif"]).stderr.contains("up to date") == false)
    }

    @Test func forceRendersEverySpec() throws {
        let batch = try Batch()
        #expect(try batch.render().status == 0)
        let before = try Self.identities(of: batch.out)
        let forced = try batch.render(["--force"])
        #expect(forced.status == 0, "\(forced)")
        #expect(!forced.stderr.contains("up to date"), "\(forced)")
        let after = try Self.identities(of: batch.out)
        #expect(after["a/frame-0000.png"] != before["a/frame-0000.png"])
        #expect(after["b/pickerreel-manifest.json"] != before["b/pickerreel-manifest.json"])
    }

    @Test func aDamagedOutputIsRenderedAgain() throws {
        let batch = try Batch()
        #expect(try batch.render().status == 0)
        let frame = batch.out.appendingPathComponent("a/frame-0001.png")
        let original = try Data(contentsOf: frame)
        // A file removed.
        try FileManager.default.removeItem(at: frame)
        var run = try batch.render()
        #expect(!run.stderr.contains("a: up to date") && run.stderr.contains("b: up to date"), "\(run)")
        #expect(try Data(contentsOf: frame) == original)
        // A file cut short.
        try original.prefix(original.count / 2).write(to: frame)
        run = try batch.render()
        #expect(!run.stderr.contains("a: up to date"), "\(run)")
        #expect(try Data(contentsOf: frame) == original)
        // The manifest itself damaged: rendered again, not trusted.
        try Data("{".utf8).write(to: batch.out.appendingPathComponent("b/pickerreel-manifest.json"))
        run = try batch.render()
        #expect(run.stderr.contains("a: up to date") && !run.stderr.contains("b: up to date"), "\(run)")
    }
}
