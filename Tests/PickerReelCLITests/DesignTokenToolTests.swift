import Foundation
import TestSupport
import Testing

/// Issue 35, part 1, through the built binary: specs that name DTCG token files and themes, `pickerreel tokens`, a
/// token change re-rendering, and the hostile inputs (too large, too deep, a link out, a cycle, a theme outside).
@Suite("Design tokens through the tool")
struct DesignTokenToolTests {
    static let tokens = """
        {"picker": {"$type": "dimension", "radius": {"$value": {"value": 8, "unit": "px"}}},
         "color": {"$type": "color", "track": {"$value": {"colorSpace": "srgb", "components": [0.93, 0.93, 0.94]}}, "highlight": {"$value": "#FFFFFF"}},
         "motion": {"select": {"$type": "transition", "$value": {"duration": "250ms", "timingFunction": [0.2, 0, 0, 1]}}}}
        """
    static let spec = """
        {"tokens": ["tokens/base.tokens.json"], "items": ["Day", "Week"],
         "selection": {"sequence": [{"select": "Week", "after": 0.1}]}, "output": {"fps": 10},
         "animation": "{motion.select}",
         "style": {"track": {"color": "{color.track}", "cornerRadius": "{picker.radius}"}, "highlight": {"color": "{color.highlight}"}}}
        """

    /// A folder with `tokens/base.tokens.json` and `spec.json`.
    static func project(spec: String = spec, tokens: String = tokens) throws -> URL {
        let work = try temporaryFolder()
        try FileManager.default.createDirectory(at: work.appendingPathComponent("tokens"), withIntermediateDirectories: true)
        try Data(tokens.utf8).write(to: work.appendingPathComponent("tokens/base.tokens.json"))
        try writeSpec(spec, named: "spec.json", in: work)
        return work
    }

    @Test func tokensListsEveryFieldThatCameFromAToken() throws {
        let work = try Self.project()
        let run = try runTool(["tokens", work.appendingPathComponent("spec.json").path])
        #expect(run.status == 0, "\(run)")
        let lines = run.stdout.split(separator: "\n").map {
            $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        }
        #expect(
            lines.contains("animation {motion.select} tokens/base.tokens.json {curve: {bezier: [0.2, 0, 0, 1]}, duration: 0.25}"), "\(run)")
        #expect(lines.contains("style.track.color {color.track} tokens/base.tokens.json #EDEDF0"), "\(run)")
        #expect(lines.contains("style.track.cornerRadius {picker.radius} tokens/base.tokens.json 8"), "\(run)")
        #expect(lines.contains("style.highlight.color {color.highlight} tokens/base.tokens.json #FFFFFF"), "\(run)")
        let none = try runTool(["tokens", fixture("seed-demo.json")])
        #expect(none.status == 0 && none.stdout.contains("no field comes from a design token"), "\(none)")
    }

    @Test func tokensBadInputExitsTwo() throws {
        let work = try Self.project()
        let missing = try runTool(["tokens"])
        #expect(missing.status == 2 && missing.stderr.contains("give one SPEC file"), "\(missing)")
        let variant = try runTool(["tokens", work.appendingPathComponent("spec.json").path, "--variant", "sepia"])
        #expect(variant.status == 2 && variant.stderr.contains("has no variant \"sepia\""), "\(variant)")
        let help = try runTool(["tokens", "--help"])
        #expect(help.status == 0 && help.stdout.contains("pickerreel tokens SPEC"), "\(help)")
    }

    @Test func aWrongTypeFailsValidateNamingFieldTokenAndFile() throws {
        let work = try Self.project(spec: Self.spec.replacingOccurrences(of: "{picker.radius}", with: "{color.track}"))
        let run = try runTool(["validate", "spec.json"], in: work)
        #expect(run.status == 2, "\(run)")
        #expect(
            run.stderr.contains(
                "spec.json: style.track.cornerRadius: {color.track} in tokens/base.tokens.json is a color; cornerRadius needs a dimension"),
            "\(run)")
    }

    @Test func aTokenChangeRendersAgainAndAnUnchangedOneIsUpToDate() throws {
        let work = try Self.project()
        let out = work.appendingPathComponent("out")
        let first = try runTool(["render", "spec.json", "-o", out.path], in: work)
        #expect(first.status == 0, "\(first)")
        let before = try Data(contentsOf: out.appendingPathComponent("spec/frame-0009.png"))
        let again = try runTool(["render", "spec.json", "-o", out.path], in: work)
        #expect(again.stderr.contains("spec: up to date"), "\(again)")
        try Data(Self.tokens.replacingOccurrences(of: "#FFFFFF", with: "#FF0000").utf8)
            .write(to: work.appendingPathComponent("tokens/base.tokens.json"))
        let changed = try runTool(["render", "spec.json", "-o", out.path], in: work)
        #expect(changed.status == 0 && !changed.stderr.contains("up to date"), "\(changed)")
        #expect(try Data(contentsOf: out.appendingPathComponent("spec/frame-0009.png")) != before)
    }

    @Test func aTokenFileTooLargeOrTooDeepIsRefusedAndNothingIsWritten() throws {
        let large = try Self.project(tokens: "{\"pad\": \"" + String(repeating: "x", count: 1 << 20) + "\"}")
        let run = try runTool(["render", "spec.json", "-o", "out"], in: large)
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains("spec.json: tokens: cannot read the token file tokens/base.tokens.json: the file is"), "\(run)")
        #expect(!FileManager.default.fileExists(atPath: large.appendingPathComponent("out").path))
        let deep = try Self.project(tokens: String(repeating: "{\"g\":", count: 100) + "{}" + String(repeating: "}", count: 100))
        let deepRun = try runTool(["validate", "spec.json"], in: deep)
        #expect(deepRun.status == 2 && deepRun.stderr.contains("the token file tokens/base.tokens.json is not valid JSON"), "\(deepRun)")
    }

    @Test func aTokenFileLinkedFromOutsideTheTreeIsNotRead() throws {
        let outside = try temporaryFolder()
        try Data(Self.tokens.utf8).write(to: outside.appendingPathComponent("secret.tokens.json"))
        let work = try Self.project()
        try FileManager.default.createDirectory(at: work.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try FileManager.default.removeItem(at: work.appendingPathComponent("tokens/base.tokens.json"))
        try FileManager.default.createSymbolicLink(
            at: work.appendingPathComponent("tokens/base.tokens.json"),
            withDestinationURL: outside.appendingPathComponent("secret.tokens.json"))
        let run = try runTool(["validate", "spec.json"], in: work)
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains("tokens/base.tokens.json: it is outside the root"), "\(run)")
    }

    @Test func aThemeOutsideTheTreeOrInACycleIsRefused() throws {
        let work = try Self.project()
        try FileManager.default.createDirectory(at: work.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try writeSpec(#"{"extends": "../outside.json", "items": ["A"]}"#, named: "up.json", in: work)
        let up = try runTool(["validate", "up.json"], in: work)
        #expect(
            up.status == 2 && up.stderr.contains("up.json: extends: cannot read the theme ../outside.json: it is outside the root"), "\(up)"
        )
        try writeSpec(#"{"extends": "/etc/hostname", "items": ["A"]}"#, named: "absolute.json", in: work)
        let absolute = try runTool(["validate", "absolute.json"], in: work)
        #expect(absolute.status == 2 && absolute.stderr.contains("it is outside the root"), "\(absolute)")
        try writeSpec(#"{"extends": "b.json", "style": {}}"#, named: "a.json", in: work)
        try writeSpec(#"{"extends": "a.json"}"#, named: "b.json", in: work)
        try writeSpec(#"{"extends": "a.json", "items": ["A"]}"#, named: "loop.json", in: work)
        let loop = try runTool(["validate", "loop.json"], in: work)
        #expect(loop.status == 2 && loop.stderr.contains("loop.json → a.json → b.json → a.json comes back to itself"), "\(loop)")
    }

    @Test func aSpecExtendingAThemeRendersWithTheThemesTokensAndRendersAgainWhenTheThemeChanges() throws {
        let work = try Self.project()
        try FileManager.default.createDirectory(at: work.appendingPathComponent("themes"), withIntermediateDirectories: true)
        let theme = #"{"tokens": ["../tokens/base.tokens.json"], "style": {"track": {"color": "{color.track}"}, "spacing": 4}}"#
        try writeSpec(theme, named: "themes/brand.json", in: work)
        try writeSpec(
            #"{"extends": "themes/brand.json", "items": ["A", "B"], "output": {"fps": 10}, "style": {"spacing": 6}}"#, named: "small.json",
            in: work)
        let tokens = try runTool(["tokens", "small.json"], in: work)
        #expect(tokens.status == 0 && tokens.stdout.contains("{color.track}"), "\(tokens)")
        let first = try runTool(["render", "small.json", "-o", "out"], in: work)
        #expect(first.status == 0, "\(first)")
        try writeSpec(theme.replacingOccurrences(of: "\"spacing\": 4", with: "\"padding\": 9"), named: "themes/brand.json", in: work)
        let second = try runTool(["render", "small.json", "-o", "out"], in: work)
        #expect(second.status == 0 && !second.stderr.contains("up to date"), "\(second)")
    }

    @Test func docsTokensShowsWhatTheToolPrintsForTheWorkedExample() throws {
        let run = try runTool(["tokens", "Examples/tokens/period.json"], in: repositoryRoot)
        #expect(run.status == 0, "\(run)")
        let docs = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/tokens.md"), encoding: .utf8)
        #expect(!run.stdout.isEmpty && docs.contains(run.stdout), "docs/tokens.md lacks:\n\(run.stdout)")
        let validate = try runTool(["validate", "Examples/tokens/period.json"], in: repositoryRoot)
        #expect(validate.status == 0, "\(validate)")
    }
}
