import Foundation
import TestSupport
import Testing

/// The render environment named.
///
/// Every render's manifest records the drawing libraries' versions and the font files its labels were shaped with (by name and SHA-256); when EXPECTED and ACTUAL were made in different environments,
/// compare's first line, and every report, say what differs before any pixel count. Through the built binary.
@Suite("The render environment named")
struct RenderEnvironmentTests {
    /// The file fontconfig gives for `family` on this machine (`fc-match`), the one Pango shapes its labels with.
    static func matchedFile(_ family: String) throws -> String {
        try runProgram("fc-match", ["-f", "%{file}", family]).stdout
    }

    static func environment(in folder: URL) throws -> [String: [String: String]] {
        let inputs = try #require(try UpToDateRenderTests.manifest(in: folder)["inputs"] as? [String: Any])
        return try #require(inputs["environment"] as? [String: [String: String]])
    }

    /// A folder with `spec.json`, whose labels are drawn with `fonts/Label.ttf`, a copy of `font`.
    static func specFolder(font: String, in parent: URL, named name: String) throws -> URL {
        let folder = parent.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("fonts"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: font, toPath: folder.appendingPathComponent("fonts/Label.ttf").path)
        _ = try writeSpec(
            #"{"items":["Day","Week"],"selection":{"sequence":[{"select":"Week","after":0.1}]},"output":{"fps":10},"style":{"font":{"file":"fonts/Label.ttf"}}}"#,
            named: "spec.json", in: folder)
        return folder
    }

    static let sans = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static let serif = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"

    @Test func theManifestNamesTheInstalledFontFileTheLabelsWereShapedWith() throws {
        let work = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let spec = try writeSpec(
            #"{"items":["Day","Week"],"style":{"font":{"family":"DejaVu Sans"}},"output":{"fps":10}}"#, named: "sans.json", in: work)
        let run = try runTool(["render", spec, "-o", work.appendingPathComponent("out").path])
        try #require(run.status == 0, "\(run)")
        let file = try Self.matchedFile("DejaVu Sans")
        try #require(!file.isEmpty, "fc-match gives no file for DejaVu Sans")
        let environment = try Self.environment(in: work.appendingPathComponent("out/sans"))
        let name = URL(fileURLWithPath: file).lastPathComponent
        #expect(environment["fonts"] == [name: try UpToDateRenderTests.sha256(URL(fileURLWithPath: file))])
    }

    @Test func aFontFileIsRecordedByTheNameTheSpecGivesIt() throws {
        let work = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let folder = try Self.specFolder(font: Self.serif, in: work, named: "serif")
        let run = try runTool(["render", folder.appendingPathComponent("spec.json").path, "-o", work.appendingPathComponent("out").path])
        try #require(run.status == 0, "\(run)")
        let environment = try Self.environment(in: work.appendingPathComponent("out/spec"))
        #expect(environment["fonts"] == ["Label.ttf": try UpToDateRenderTests.sha256(URL(fileURLWithPath: Self.serif))])
    }

    /// Goldens drawn with one `Label.ttf`, a render with another file of that name, and a golden manifest claiming
    /// another pango: compare's first line names both, and every report carries the line.
    @Test func compareSaysFirstWhatDiffersInTheRenderEnvironment() throws {
        let work = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let before = try Self.specFolder(font: Self.serif, in: work, named: "before")
        let after = try Self.specFolder(font: Self.sans, in: work, named: "after")
        let goldens = work.appendingPathComponent("goldens")
        let out = work.appendingPathComponent("out")
        try #require(try runTool(["render", before.appendingPathComponent("spec.json").path, "-o", goldens.path]).status == 0)
        try #require(try runTool(["render", after.appendingPathComponent("spec.json").path, "-o", out.path]).status == 0)
        // The goldens' manifest as another machine's pango would have written it.
        let manifestURL = goldens.appendingPathComponent("spec/pickerreel-manifest.json")
        let manifest = try String(contentsOf: manifestURL, encoding: .utf8)
        let pango = try #require(try Self.environment(in: goldens.appendingPathComponent("spec"))["libraries"]?["pango"])
        try manifest.replacingOccurrences(of: "\"pango\" : \"\(pango)\"", with: "\"pango\" : \"1.44.7\"")
            .write(to: manifestURL, atomically: true, encoding: .utf8)

        let expected = "the renders were made in different environments: pango 1.44.7 → \(pango); font Label.ttf: other file"
        let json = work.appendingPathComponent("report.json")
        let junit = work.appendingPathComponent("report.xml")
        let html = work.appendingPathComponent("html")
        let run = try runTool([
            "compare", goldens.path, out.path, "--report", "json=" + json.path, "--report", "junit=" + junit.path, "--report",
            "html=" + html.path,
        ])
        #expect(run.status == 1, "\(run)")
        #expect(run.stdout.split(separator: "\n").first.map(String.init) == expected, "\(run.stdout)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
        #expect(report["environmentChanges"] as? [String] == ["pango 1.44.7 → \(pango)", "font Label.ttf: other file"])
        let xml = try String(contentsOf: junit, encoding: .utf8)
        #expect(xml.contains(#"<property name="environment" value="\#(expected)"/>"#), "\(xml)")
        let page = try String(contentsOf: html.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(page.contains(#"<p class="environment" id="environment">\#(expected)</p>"#))
        let github = try runTool(["compare", goldens.path, out.path, "--report", "github"])
        #expect(
            github.stdout.split(separator: "\n").first.map(String.init)
                == "::warning title=pickerreel compare%3A render environment::\(expected)", "\(github.stdout)")
        // merge-reports keeps the line.
        let merged = try runTool(["merge-reports", json.path])
        #expect(merged.stdout.split(separator: "\n").first.map(String.init) == expected, "\(merged.stdout)")

        // Renders made alike say nothing of it.
        let same = try runTool(["compare", out.path, out.path])
        #expect(same.status == 0 && !same.stdout.contains("environment"), "\(same.stdout)")
    }

    /// The line explains differences, so it is not printed when a spec's own change uses other fonts (a bold weight
    /// loads the bold file), nor when every picture matches whatever the manifests say.
    @Test func aSpecsOwnChangeOrAMatchIsNoEnvironmentChange() throws {
        let work = try temporaryFolder()
        for side in ["a", "b"] {
            try FileManager.default.createDirectory(at: work.appendingPathComponent(side), withIntermediateDirectories: true)
        }
        let regular = try writeSpec(
            #"{"items":["Day","Week"],"output":{"fps":10}}"#, named: "period.json", in: work.appendingPathComponent("a"))
        let bold = try writeSpec(
            #"{"items":["Day","Week"],"output":{"fps":10},"style":{"font":{"weight":700}}}"#, named: "period.json",
            in: work.appendingPathComponent("b"))
        let goldens = work.appendingPathComponent("goldens")
        let out = work.appendingPathComponent("out")
        try #require(try runTool(["render", regular, "-o", goldens.path]).status == 0)
        try #require(try runTool(["render", bold, "-o", out.path]).status == 0)
        let fonts = try #require(try Self.environment(in: out.appendingPathComponent("period"))["fonts"])
        #expect(fonts != (try Self.environment(in: goldens.appendingPathComponent("period"))["fonts"]), "the bold spec used the same fonts")
        let run = try runTool(["compare", goldens.path, out.path])
        #expect(run.status == 1 && !run.stdout.contains("environment"), "\(run.stdout)")
        // Goldens claiming another pango, pictures equal: exit 0 and no line.
        let copy = work.appendingPathComponent("copy")
        try FileManager.default.copyItem(at: goldens, to: copy)
        let manifestURL = copy.appendingPathComponent("period/pickerreel-manifest.json")
        let pango = try #require(try Self.environment(in: goldens.appendingPathComponent("period"))["libraries"]?["pango"])
        try String(contentsOf: manifestURL, encoding: .utf8).replacingOccurrences(
            of: "\"pango\" : \"\(pango)\"", with: "\"pango\" : \"1.44.7\""
        )
        .write(to: manifestURL, atomically: true, encoding: .utf8)
        let same = try runTool(["compare", copy.path, goldens.path])
        #expect(same.status == 0 && !same.stdout.contains("environment"), "\(same.stdout)")
    }

    /// `compare --update` leaves ACTUAL's manifest in the goldens it changed, marked as accepted: the next compare
    /// knows the goldens' environment, and a render into the goldens is never taken as up to date.
    @Test func updateKeepsTheEnvironmentTheGoldensCameFrom() throws {
        let work = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let before = try Self.specFolder(font: Self.serif, in: work, named: "before")
        let after = try Self.specFolder(font: Self.sans, in: work, named: "after")
        let goldens = work.appendingPathComponent("goldens")
        let out = work.appendingPathComponent("out")
        try #require(try runTool(["render", before.appendingPathComponent("spec.json").path, "-o", goldens.path]).status == 0)
        try #require(try runTool(["render", after.appendingPathComponent("spec.json").path, "-o", out.path]).status == 0)
        let update = try runTool(["compare", goldens.path, out.path, "--update"])
        #expect(update.status == 0, "\(update)")
        #expect(
            try Self.environment(in: goldens.appendingPathComponent("spec"))
                == (try Self.environment(in: out.appendingPathComponent("spec"))))
        let inputs = try #require(try UpToDateRenderTests.manifest(in: goldens.appendingPathComponent("spec"))["inputs"] as? [String: Any])
        #expect((inputs["options"] as? [String: String])?["accepted"] == "compare --update")
        let again = try runTool(["compare", goldens.path, out.path])
        #expect(again.status == 0 && !again.stdout.contains("environment"), "\(again.stdout)")
        let render = try runTool(["render", after.appendingPathComponent("spec.json").path, "-o", goldens.path])
        #expect(render.status == 0 && !render.stderr.contains("up to date"), "\(render.stderr)")
    }

    /// An installed font whose file changes (a new version of a font package) re-renders the specs drawn with it: the
    /// manifest names the file fontconfig chose, here from a fontconfig set of the test's own.
    @Test func anInstalledFontsNewVersionIsNotUpToDate() throws {
        let work = try temporaryFolder()
        let fonts = work.appendingPathComponent("fonts")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.serif, toPath: fonts.appendingPathComponent("Probe.ttf").path)
        let config = work.appendingPathComponent("fonts.conf")
        try Data(
            "<?xml version=\"1.0\"?><fontconfig><dir>\(fonts.path)</dir><cachedir>\(work.appendingPathComponent("cache").path)</cachedir></fontconfig>"
                .utf8
        ).write(to: config)
        let spec = try writeSpec(
            #"{"items":["Day","Week"],"style":{"font":{"family":"DejaVu Serif"}},"output":{"fps":10}}"#, named: "probe.json", in: work)
        let out = work.appendingPathComponent("out")
        let environment = ["FONTCONFIG_FILE": config.path]
        try #require(try runTool(["render", spec, "-o", out.path], environment: environment).status == 0)
        let recorded = try #require(try Self.environment(in: out.appendingPathComponent("probe"))["fonts"])
        #expect(recorded == ["Probe.ttf": try UpToDateRenderTests.sha256(fonts.appendingPathComponent("Probe.ttf"))])
        let again = try runTool(["render", spec, "-o", out.path], environment: environment)
        #expect(again.stderr.contains("up to date"), "\(again.stderr)")
        // The package's new version: other bytes under the same name.
        let bold = "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf"
        try FileManager.default.removeItem(at: fonts.appendingPathComponent("Probe.ttf"))
        try FileManager.default.copyItem(atPath: bold, toPath: fonts.appendingPathComponent("Probe.ttf").path)
        let changed = try runTool(["render", spec, "-o", out.path], environment: environment)
        #expect(changed.status == 0 && !changed.stderr.contains("up to date"), "\(changed.stderr)")
    }

    /// A changed font file re-renders its spec: the manifest records it among the files the spec references.
    @Test func aChangedFontFileIsNotUpToDate() throws {
        let work = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let folder = try Self.specFolder(font: Self.serif, in: work, named: "font")
        let spec = folder.appendingPathComponent("spec.json").path
        let out = work.appendingPathComponent("out")
        try #require(try runTool(["render", spec, "-o", out.path]).status == 0)
        let second = try runTool(["render", spec, "-o", out.path])
        #expect(second.stderr.contains("up to date"), "\(second.stderr)")
        try FileManager.default.removeItem(at: folder.appendingPathComponent("fonts/Label.ttf"))
        try FileManager.default.copyItem(atPath: Self.sans, toPath: folder.appendingPathComponent("fonts/Label.ttf").path)
        let third = try runTool(["render", spec, "-o", out.path])
        #expect(third.status == 0 && !third.stderr.contains("up to date"), "\(third.stderr)")
    }
}
