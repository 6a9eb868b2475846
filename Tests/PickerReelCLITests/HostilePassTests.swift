import Foundation
import TestSupport
import Testing

/// The lead's own hostile pass after issue 34's fixes, as a pull request's author: each test is one finding of that
/// pass, through the binary, and failed on the build before its fix.
@Suite("Hostile pass after issue 34")
struct HostilePassTests {
    static let spec =
        #"{"items": ["Day", "Week"], "selection": {"initial": "Day", "sequence": [{"select": "Week", "after": 0.1}], "tail": 0.1}, "animation": {"duration": 0.1}, "output": {"fps": 10, "scale": 1}}"#
    static let changedSpec =
        #"{"items": ["Day", "Week"], "selection": {"initial": "Day", "sequence": [{"select": "Week", "after": 0.1}], "tail": 0.1}, "animation": {"duration": 0.1}, "output": {"fps": 10, "scale": 1}, "style": {"highlight": {"color": "red", "opacity": 1}}}"#

    /// A work folder with `specs/a.json` rendered into `goldens` and, changed, into `out`: every frame differs.
    static func differingTrees() throws -> URL {
        let work = try temporaryFolder()
        try FileManager.default.createDirectory(at: work.appendingPathComponent("specs"), withIntermediateDirectories: true)
        let specFile = work.appendingPathComponent("specs/a.json")
        try Data(spec.utf8).write(to: specFile)
        let goldens = try runTool(["render", "specs/a.json", "-o", "goldens", "-q"], in: work)
        try #require(goldens.status == 0, "\(goldens)")
        try Data(changedSpec.utf8).write(to: specFile)
        let out = try runTool(["render", "specs/a.json", "-o", "out", "-q"], in: work)
        try #require(out.status == 0, "\(out)")
        return work
    }

    /// A forged manifest's environment stays a few short lines in every report.
    ///
    /// The goldens' committed manifest names a thousand made-up 4 KB "libraries" (within the manifest's limits). Before: an 8 MB step summary (GitHub allows 1 MiB, the
    /// docs say 64 KB), an 8 MB `::warning` line, and 8 MB of standard error and HTML.
    @Test func aForgedManifestsEnvironmentCannotFloodTheReports() throws {
        let work = try Self.differingTrees()
        let manifestURL = work.appendingPathComponent("goldens/a/pickerreel-manifest.json")
        var manifest = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: manifestURL)) as? [String: Any])
        var inputs = try #require(manifest["inputs"] as? [String: Any])
        var environment = try #require(inputs["environment"] as? [String: Any])
        var libraries = try #require(environment["libraries"] as? [String: Any])
        libraries["pango"] = "1.50.12 -- runner fonts are outdated, get the fixed ones at https://evil.example/fonts.zip"
        for index in 0..<999 { libraries["lib\(index)-" + String(repeating: "x", count: 4000)] = String(repeating: "9", count: 4000) }
        environment["libraries"] = libraries
        inputs["environment"] = environment
        manifest["inputs"] = inputs
        try JSONSerialization.data(withJSONObject: manifest, options: [.sortedKeys]).write(to: manifestURL)
        let summary = work.appendingPathComponent("summary.md")
        let run = try runTool(
            ["compare", "goldens", "out", "--report", "github", "--report", "html", "report"], in: work,
            environment: ["GITHUB_STEP_SUMMARY": summary.path])
        #expect(run.status == 1, "\(run.stderr.prefix(2000))")
        #expect(run.stderr.contains("the renders were made in different environments"), "\(run.stderr.prefix(2000))")
        #expect(run.stderr.contains("more changes"), "the count of the changes left out: \(run.stderr.prefix(2000))")
        let summaryBytes = try Data(contentsOf: summary).count
        #expect(summaryBytes < 64 << 10, "step summary of \(summaryBytes) bytes")
        #expect(run.stdout.utf8.count < 64 << 10, "annotations of \(run.stdout.utf8.count) bytes")
        #expect(run.stderr.utf8.count < 64 << 10, "standard error of \(run.stderr.utf8.count) bytes")
        let html = try Data(contentsOf: work.appendingPathComponent("report/index.html")).count
        #expect(html < 256 << 10, "index.html of \(html) bytes")
    }

    /// A link committed inside the HTML report's folder is refused before anything is written.
    ///
    /// `report/files -> a folder of the runner's`, and a diff folder holding a link, likewise. Before: the diff, expected and actual pictures
    /// were written through it, a golden's bytes (any bytes after a PNG header) under a name the pull request chose.
    @Test func aLinkInsideTheReportFolderIsNotWrittenThrough() throws {
        let work = try Self.differingTrees()
        let outside = work.appendingPathComponent("runner-home")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: work.appendingPathComponent("report"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: work.appendingPathComponent("report/files").path, withDestinationPath: outside.path)
        let run = try runTool(["compare", "goldens", "out", "--report", "html", "report", "--report", "json=shard.json"], in: work)
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains("report/files is a symbolic link"), "\(run)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty, "written through the link")
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("shard.json").path), "nothing is written")
        // A diff folder holding a link, likewise.
        try FileManager.default.createDirectory(at: work.appendingPathComponent("diffs"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: work.appendingPathComponent("diffs/a").path, withDestinationPath: outside.path)
        let diff = try runTool(["compare", "goldens", "out", "--diff", "diffs"], in: work)
        #expect(diff.status == 2, "\(diff)")
        #expect(diff.stderr.contains("diffs/a is a symbolic link"), "\(diff)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty, "written through the link")
    }

    /// The Action's compare step writes no report through a committed `Output/pickerreel-report/files` link.
    ///
    /// The report folder is the run's own and is emptied first, so nothing lands outside the workspace.
    @Test func theActionsCompareStepWritesNoReportThroughACommittedLink() throws {
        let root = try temporaryFolder()
        let repository = root.appendingPathComponent("repo")
        let outside = root.appendingPathComponent("runner-home")
        for folder in [repository.appendingPathComponent("specs"), outside, repository.appendingPathComponent("Output/pickerreel-report")] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        let spec = repository.appendingPathComponent("specs/a.json")
        try Data(Self.spec.utf8).write(to: spec)
        let goldens = try runTool(["render", "specs/a.json", "-o", "goldens", "-q"], in: repository)
        try #require(goldens.status == 0, "\(goldens)")
        try Data(Self.changedSpec.utf8).write(to: spec)
        try FileManager.default.createSymbolicLink(
            atPath: repository.appendingPathComponent("Output/pickerreel-report/files").path, withDestinationPath: outside.path)
        let run = try AttackFindingsTests.runCIScript(in: repository, [:])
        #expect(run.status == 1, "the pictures differ: \(run)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty, "written through the link: \(run)")
    }

    /// An icon whose filter librsvg cannot bound is exit 2 naming the icon.
    ///
    /// A large convolution (librsvg 2.54 aborted the process, exit 134)
    /// or a turbulence of many octaves (time linear in them: 54 s for 1,000, hours for a million). Each is exit 2
    /// naming `items[0].icon`, at once, from validate and render.
    @Test(arguments: [
        #"<feConvolveMatrix order="30" kernelMatrix="KERNEL"/>"#,
        #"<feConvolveMatrix order="3 40"/>"#,
        #"<feTurbulence baseFrequency="0.05" numOctaves="1000000"/>"#,
        #"<feTurbulence numOctaves='1e9'/>"#,
    ])
    func anIconFilterBeyondItsBoundIsRefusedNamingTheIcon(filter: String) throws {
        let work = try temporaryFolder()
        try FileManager.default.createDirectory(at: work.appendingPathComponent("icons"), withIntermediateDirectories: true)
        let kernel = Array(repeating: "1", count: 900).joined(separator: " ")
        let svg =
            #"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><filter id="f">"#
            + filter.replacingOccurrences(of: "KERNEL", with: kernel)
            + #"</filter><rect width="100" height="100" fill="red" filter="url(#f)"/></svg>"#
        try Data(svg.utf8).write(to: work.appendingPathComponent("icons/c.svg"))
        let spec =
            #"{"items": [{"value": "a", "icon": "icons/c.svg"}, "b"], "selection": {"initial": "a"}, "style": {"icon": {"size": 400}}, "output": {"fps": 1}}"#
        try Data(spec.utf8).write(to: work.appendingPathComponent("c.json"))
        for command in [["validate", "c.json"], ["render", "c.json", "-o", "out", "-q"]] {
            let run = try runTool(command, in: work, timeLimit: 30)
            #expect(run.status == 2, "\(run)")
            #expect(!run.trapped, "\(run)")
            #expect(run.stderr.contains("items[0].icon"), "\(run)")
            #expect(run.stderr.contains("at most"), "\(run)")
        }
    }

    /// Filters within the bounds still draw: a 3 × 3 convolution and a turbulence of 4 octaves.
    @Test func anIconFilterWithinItsBoundsIsDrawn() throws {
        let work = try temporaryFolder()
        let svg =
            #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><filter id="f"><feConvolveMatrix order="3" kernelMatrix="0 1 0 1 1 1 0 1 0"/><feTurbulence numOctaves="4"/></filter><rect width="10" height="10" fill="red" filter="url(#f)"/></svg>"#
        try Data(svg.utf8).write(to: work.appendingPathComponent("c.svg"))
        let spec = #"{"items": [{"value": "a", "icon": "c.svg"}, "b"], "selection": {"initial": "a"}, "output": {"fps": 1}}"#
        try Data(spec.utf8).write(to: work.appendingPathComponent("c.json"))
        let run = try runTool(["validate", "c.json"], in: work)
        #expect(run.status == 0, "\(run)")
    }

    /// Canonically equal folder names spelt with other code points are not taken for one folder.
    ///
    /// A golden folder `Å` spelt U+212B beside the spec's U+00C5. First: exit 0, "All 4 files match", its pictures
    /// never read. Then it was compared as the other folder it is (exit 1, "1 removed"), but `--update` still took
    /// one spelling for the other and wrote the wrong goldens with exit 0 (stop 42's hostile pass). Now a folder
    /// holding one name in two forms is refused, exit 2, naming both (`UnicodeFormNameTests`).
    @Test func canonicallyEqualFolderNamesAreNotOneFolder() throws {
        let work = try temporaryFolder()
        try Data(Self.spec.utf8).write(to: work.appendingPathComponent("\u{00C5}.json"))
        let goldens = try runTool(["render", "\u{00C5}.json", "-o", "goldens", "-q"], in: work)
        try #require(goldens.status == 0, "\(goldens)")
        let out = try runTool(["render", "\u{00C5}.json", "-o", "out", "-q"], in: work)
        try #require(out.status == 0, "\(out)")
        let real = work.appendingPathComponent("goldens/\u{00C5}")
        let stray = work.appendingPathComponent("goldens/\u{212B}")
        try FileManager.default.createDirectory(at: stray, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: real.appendingPathComponent("frame-0000.png"), to: stray.appendingPathComponent("frame-0000.png"))
        let run = try runTool(["compare", "goldens", "out"], in: work)
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains("U+00C5") && run.stderr.contains("U+212B"), "both spellings are named: \(run)")
    }
}
