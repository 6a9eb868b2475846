import Foundation
import TestSupport
import Testing

/// Issue 35, part 1: a spec gives a DTCG resolver document instead of token files (Resolver module 2025.10,
/// https://www.designtokens.org/TR/2025.10/resolver/), each combination of its modifiers' contexts a variant, through
/// the built binary; and the hostile documents the module says a tool must refuse.
@Suite("DTCG resolver documents through the tool")
struct TokenResolverToolTests {
    static let base = """
        {"color": {"$type": "color", "track": {"$value": "#EEEEEF"}, "thumb": {"$value": "#FFFFFF"}},
         "radius": {"$type": "dimension", "thumb": {"$value": "8px"}}}
        """
    static let dark = ##"{"color": {"$type": "color", "track": {"$value": "#333336"}, "thumb": {"$value": "#636366"}}}"##
    static let compact = #"{"radius": {"$type": "dimension", "thumb": {"$value": "4px"}}}"#
    /// Module 4.1.4 (a set of a file), 4.1.5 (modifiers with contexts and a default), 4.1.6 (resolutionOrder by
    /// reference), a context with inline tokens after a file (4.1.5.1: later sources win).
    static let resolver = """
        {"$schema": "https://www.designtokens.org/schemas/2025.10/resolver.json", "version": "2025.10",
         "sets": {"base": {"sources": [{"$ref": "base.tokens.json"}]}},
         "modifiers": {
           "theme": {"contexts": {"light": [], "dark": [{"$ref": "dark.tokens.json"}]}, "default": "light"},
           "density": {"contexts": {"regular": [], "compact": [{"$ref": "compact.tokens.json"},
                                                              {"radius": {"thumb": {"$type": "dimension", "$value": "3px"}}}]}}},
         "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/theme"}, {"$ref": "#/modifiers/density"}]}
        """
    static let spec = """
        {"tokens": {"resolver": "tokens/acme.resolver.json"}, "items": ["Day", "Week"],
         "selection": {"sequence": [{"select": "Week", "after": 0.1}]}, "output": {"fps": 10},
         "style": {"track": {"color": "{color.track}"}, "highlight": {"color": "{color.thumb}", "cornerRadius": "{radius.thumb}"}}}
        """

    /// A repository (`.git`) with `tokens/` holding the resolver and its files, and `spec.json`.
    static func project(resolver: String = resolver, spec: String = spec) throws -> URL {
        let work = try temporaryFolder()
        let tokens = work.appendingPathComponent("tokens")
        try FileManager.default.createDirectory(at: tokens, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: work.appendingPathComponent(".git"), withIntermediateDirectories: true)
        for (name, text) in [
            ("base.tokens.json", base), ("dark.tokens.json", dark), ("compact.tokens.json", compact), ("acme.resolver.json", resolver),
        ] {
            try Data(text.utf8).write(to: tokens.appendingPathComponent(name))
        }
        try writeSpec(spec, named: "spec.json", in: work)
        return work
    }

    static func squeezed(_ text: String) -> [String] {
        text.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
    }

    @Test func eachCombinationOfContextsIsAVariantNamedByItsContexts() throws {
        let work = try Self.project()
        let run = try runTool(["tokens", "spec.json"], in: work)
        #expect(run.status == 0, "\(run)")
        let lines = Self.squeezed(run.stdout)
        // theme varies slowest, as it comes first in resolutionOrder; the defaults (light, regular) are the spec's own.
        #expect(lines.filter { $0.hasSuffix(":") } == ["default:", "compact:", "dark:", "dark-compact:"], "\(run)")
        #expect(lines.contains("style.track.color {color.track} tokens/base.tokens.json #EEEEEF"), "\(run)")
        #expect(lines.contains("style.track.color {color.track} tokens/dark.tokens.json #333336"), "\(run)")
        // Module 6.2: in a context, the inline tokens after compact.tokens.json win.
        #expect(
            lines.contains(
                "style.highlight.cornerRadius {radius.thumb} tokens/acme.resolver.json (modifiers.density.contexts.compact[1]) 3"),
            "\(run)")
        let one = try runTool(["tokens", "spec.json", "--variant", "dark-compact"], in: work)
        #expect(
            one.status == 0 && Self.squeezed(one.stdout).contains("style.highlight.color {color.thumb} tokens/dark.tokens.json #636366"),
            "\(one)")
    }

    @Test func theContextsToRenderCanBeChosen() throws {
        let spec = Self.spec.replacingOccurrences(
            of: #""resolver": "tokens/acme.resolver.json""#,
            with: #""resolver": "tokens/acme.resolver.json", "contexts": {"density": ["compact"]}"#)
        let work = try Self.project(spec: spec)
        let run = try runTool(["tokens", "spec.json"], in: work)
        #expect(run.status == 0, "\(run)")
        #expect(Self.squeezed(run.stdout).filter { $0.hasSuffix(":") } == ["default:", "dark:"], "\(run)")
        #expect(Self.squeezed(run.stdout).contains { $0.hasPrefix("style.highlight.cornerRadius") && $0.hasSuffix(" 3") }, "\(run)")
        let wrong = Self.spec.replacingOccurrences(
            of: #""resolver": "tokens/acme.resolver.json""#,
            with: #""resolver": "tokens/acme.resolver.json", "contexts": {"densty": ["compact"]}"#)
        let bad = try runTool(["validate", "spec.json"], in: try Self.project(spec: wrong))
        #expect(bad.status == 2, "\(bad)")
        #expect(
            bad.stderr.contains(
                "spec.json: tokens.contexts.densty: tokens/acme.resolver.json has no modifier \"densty\" (did you mean \"density\"?)"),
            "\(bad)")
    }

    @Test func aModifierCanFollowTheColourScheme() throws {
        let spec = Self.spec.replacingOccurrences(
            of: #""resolver": "tokens/acme.resolver.json""#, with: #""resolver": "tokens/acme.resolver.json", "colorScheme": "theme""#
        ).replacingOccurrences(
            of: #""output": {"fps": 10}"#, with: #""output": {"fps": 10}, "variants": {"colorScheme": ["light", "dark"]}"#)
        let run = try runTool(["tokens", "spec.json"], in: try Self.project(spec: spec))
        #expect(run.status == 0, "\(run)")
        // theme is no list of its own: the dark colour scheme takes its dark context, density still multiplies.
        #expect(Self.squeezed(run.stdout).filter { $0.hasSuffix(":") } == ["default:", "compact:", "dark:", "dark-compact:"], "\(run)")
        let dark = try runTool(["tokens", "spec.json", "--variant", "dark"], in: try Self.project(spec: spec))
        #expect(Self.squeezed(dark.stdout).contains("style.track.color {color.track} tokens/dark.tokens.json #333336"), "\(dark)")
        let mismatched = spec.replacingOccurrences(of: #""colorScheme": "theme""#, with: #""colorScheme": "density""#)
        let bad = try runTool(["validate", "spec.json"], in: try Self.project(spec: mismatched))
        #expect(bad.status == 2, "\(bad)")
        #expect(
            bad.stderr.contains(
                "spec.json: tokens.colorScheme: the spec renders the light colour scheme, which is no context of the resolver's modifier density (regular, compact)"
            ), "\(bad)")
    }

    @Test func theResolverAndEveryFileItNamesAreInputsOfTheRender() throws {
        let work = try Self.project()
        let first = try runTool(["render", "spec.json", "-o", "out", "--format", "png"], in: work)
        #expect(first.status == 0, "\(first)")
        let darkFrame = work.appendingPathComponent("out/spec-dark/frame-0009.png")
        let light = try Data(contentsOf: work.appendingPathComponent("out/spec/frame-0009.png"))
        let before = try Data(contentsOf: darkFrame)
        #expect(light != before)
        let again = try runTool(["render", "spec.json", "-o", "out", "--format", "png"], in: work)
        #expect(again.status == 0 && again.stderr.contains("spec-dark: up to date"), "\(again)")
        // A file only the resolver names: the dark variant draws again, with the new colour.
        try Data(Self.dark.replacingOccurrences(of: "#636366", with: "#FF0000").utf8)
            .write(to: work.appendingPathComponent("tokens/dark.tokens.json"))
        let changed = try runTool(["render", "spec.json", "-o", "out", "--format", "png"], in: work)
        #expect(changed.status == 0 && !changed.stderr.contains("spec-dark: up to date"), "\(changed)")
        #expect(try Data(contentsOf: darkFrame) != before)
    }

    @Test func docsTokensShowsWhatTheToolPrintsAndValidatesForTheResolverExample() throws {
        let run = try runTool(["tokens", "Examples/tokens/brands.json", "--variant", "dark-globex"], in: repositoryRoot)
        #expect(run.status == 0, "\(run)")
        let docs = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/tokens.md"), encoding: .utf8)
        #expect(!run.stdout.isEmpty && docs.contains(run.stdout), "docs/tokens.md lacks:\n\(run.stdout)")
        let validate = try runTool(["validate", "Examples/tokens/brands.json"], in: repositoryRoot)
        #expect(validate.status == 0 && validate.stdout.contains("4 variants"), "\(validate)")
    }

    @Test func aThemeMayNameTheResolverAndOnlyTheSpecsTokensMayBeOne() throws {
        let work = try Self.project()
        try FileManager.default.createDirectory(at: work.appendingPathComponent("themes"), withIntermediateDirectories: true)
        // The theme's path starts at its own folder.
        try writeSpec(
            #"{"tokens": {"resolver": "../tokens/acme.resolver.json"}, "style": {"track": {"color": "{color.track}"}}}"#,
            named: "themes/acme.json", in: work)
        try writeSpec(#"{"extends": "themes/acme.json", "items": ["A", "B"]}"#, named: "small.json", in: work)
        let run = try runTool(["tokens", "small.json", "--variant", "dark"], in: work)
        #expect(
            run.status == 0 && Self.squeezed(run.stdout).contains("style.track.color {color.track} tokens/dark.tokens.json #333336"),
            "\(run)")
        try writeSpec(
            #"{"items": ["A"], "variants": {"colorScheme": ["light", "dark"], "tokens": {"dark": {"resolver": "tokens/acme.resolver.json"}}}}"#,
            named: "nested.json", in: work)
        let nested = try runTool(["validate", "nested.json"], in: work)
        #expect(nested.status == 2, "\(nested)")
        #expect(
            nested.stderr.contains("nested.json: variants.tokens.dark: expected an array of at most 32 DTCG token file paths, found"),
            "\(nested)")
        #expect(!nested.stderr.contains("resolver.json\"}"), "\(nested)")
    }

    /// One hostile document and the words its message must hold (after `spec.json: tokens.resolver: `).
    static let refusals: [(name: String, resolver: String, message: String)] = [
        (
            "no version", #"{"resolutionOrder": []}"#,
            "tokens/acme.resolver.json: version: expected \"2025.10\""
        ),
        (
            "a cycle of sets",
            ##"{"version": "2025.10", "sets": {"a": {"sources": [{"$ref": "#/sets/b"}]}, "b": {"sources": [{"$ref": "#/sets/a"}]}}, "resolutionOrder": [{"$ref": "#/sets/a"}]}"##,
            "come back to themselves (a cycle)"
        ),
        (
            "a set that includes itself",
            ##"{"version": "2025.10", "sets": {"a": {"sources": [{"$ref": "#/sets/a"}]}}, "resolutionOrder": [{"$ref": "#/sets/a"}]}"##,
            "come back to themselves (a cycle)"
        ),
        (
            "an unknown set", ##"{"version": "2025.10", "resolutionOrder": [{"$ref": "#/sets/nope"}]}"##,
            "tokens/acme.resolver.json: resolutionOrder[0].$ref: \"#/sets/nope\" points at no set of the document"
        ),
        (
            "a modifier with no contexts",
            ##"{"version": "2025.10", "modifiers": {"theme": {"contexts": {}}}, "resolutionOrder": [{"$ref": "#/modifiers/theme"}]}"##,
            "tokens/acme.resolver.json: modifiers.theme.contexts: the modifier theme has no contexts; the module asks a tool to refuse it (4.1.5.1)"
        ),
        (
            "a modifier with one context",
            ##"{"version": "2025.10", "modifiers": {"theme": {"contexts": {"light": []}}}, "resolutionOrder": [{"$ref": "#/modifiers/theme"}]}"##,
            "the modifier theme has one context, which is a set"
        ),
        (
            "a default that is no context",
            ##"{"version": "2025.10", "modifiers": {"theme": {"contexts": {"light": [], "dark": []}, "default": "dim"}}, "resolutionOrder": [{"$ref": "#/modifiers/theme"}]}"##,
            "modifiers.theme.default: expected one of the modifier's contexts (light, dark) (4.1.5.3)"
        ),
        (
            "a set referencing a modifier",
            ##"{"version": "2025.10", "sets": {"a": {"sources": [{"$ref": "#/modifiers/theme"}]}}, "modifiers": {"theme": {"contexts": {"light": [], "dark": []}}}, "resolutionOrder": [{"$ref": "#/sets/a"}]}"##,
            "sets.a.sources[0].$ref: a set or a context may not reference a modifier; only resolutionOrder may (4.2.1)"
        ),
        (
            "a name twice in resolutionOrder",
            ##"{"version": "2025.10", "sets": {"a": {"sources": []}}, "resolutionOrder": [{"$ref": "#/sets/a"}, {"type": "set", "name": "a", "sources": []}]}"##,
            "resolutionOrder[1]: the name \"a\" is in resolutionOrder twice"
        ),
        (
            "a remote file",
            ##"{"version": "2025.10", "sets": {"a": {"sources": [{"$ref": "https://example.com/t.json"}]}}, "resolutionOrder": [{"$ref": "#/sets/a"}]}"##,
            "is a remote reference; only files in the repository are read"
        ),
        (
            "a file outside the repository",
            ##"{"version": "2025.10", "sets": {"a": {"sources": [{"$ref": "../../outside.json"}]}}, "resolutionOrder": [{"$ref": "#/sets/a"}]}"##,
            "sets.a.sources[0].$ref: cannot read the token file ../outside.json: it is outside the root"
        ),
        (
            "a missing token file",
            ##"{"version": "2025.10", "sets": {"a": {"sources": [{"$ref": "gone.json"}]}}, "resolutionOrder": [{"$ref": "#/sets/a"}]}"##,
            "tokens/acme.resolver.json: sets.a.sources[0].$ref: cannot read the token file tokens/gone.json"
        ),
    ]

    @Test(arguments: refusals.indices)
    func aDocumentTheModuleSaysToRefuseExitsTwoNamingTheResolverAndItsPath(_ index: Int) throws {
        let refusal = Self.refusals[index]
        let work = try Self.project(resolver: refusal.resolver)
        let run = try runTool(["render", "spec.json", "-o", "out"], in: work)
        #expect(run.status == 2, "\(refusal.name): \(run)")
        #expect(run.stderr.contains("spec.json: tokens.resolver: "), "\(refusal.name): \(run)")
        #expect(run.stderr.contains(refusal.message), "\(refusal.name): \(run)")
        #expect(run.errorLines.count == 1, "\(refusal.name): \(run)")
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("out").path), "\(refusal.name)")
    }

    @Test func absurdlyManyCombinationsAreCappedWithAMessageSayingHowToChoose() throws {
        let modifiers = (1...12).map { #""m\#($0)": {"contexts": {"a\#($0)": [], "b\#($0)": []}}"# }.joined(separator: ", ")
        let order = (1...12).map { ##"{"$ref": "#/modifiers/m\##($0)"}"## }.joined(separator: ", ")
        let work = try Self.project(resolver: #"{"version": "2025.10", "modifiers": {\#(modifiers)}, "resolutionOrder": [\#(order)]}"#)
        let run = try runTool(["validate", "spec.json"], in: work)
        #expect(run.status == 2, "\(run)")
        #expect(
            run.stderr.contains(
                "spec.json: tokens.resolver: tokens/acme.resolver.json: its modifiers make more than 64 combinations (m1 2 × m2 2 × m3 2"),
            "\(run)")
        #expect(run.stderr.contains("list the contexts to render in \"tokens\": {\"contexts\""), "\(run)")
        // With the spec's other variant lists, the product is capped as theirs is.
        let both = try Self.project(
            spec: Self.spec.replacingOccurrences(
                of: #""output": {"fps": 10}"#,
                with:
                    #""output": {"fps": 10}, "variants": {"colorScheme": ["light", "dark"], "layoutDirection": ["leftToRight", "rightToLeft"], "dynamicTypeSize": ["small", "large", "xLarge", "xxLarge", "xxxLarge"]}"#
            ))
        let bothRun = try runTool(["validate", "spec.json"], in: both)
        #expect(
            bothRun.status == 2
                && bothRun.stderr.contains("the variant lists and the token resolver's modifiers make 80 variants; at most 64"),
            "\(bothRun)")
    }

    @Test func aResolverThroughALinkOrTooLargeIsNotRead() throws {
        let outside = try temporaryFolder()
        try Data(Self.resolver.utf8).write(to: outside.appendingPathComponent("acme.resolver.json"))
        let work = try Self.project()
        let path = work.appendingPathComponent("tokens/acme.resolver.json")
        try FileManager.default.removeItem(at: path)
        try FileManager.default.createSymbolicLink(at: path, withDestinationURL: outside.appendingPathComponent("acme.resolver.json"))
        let linked = try runTool(["validate", "spec.json"], in: work)
        #expect(linked.status == 2, "\(linked)")
        #expect(
            linked.stderr.contains(
                "spec.json: tokens.resolver: cannot read the resolver document tokens/acme.resolver.json: it is outside the root"),
            "\(linked)")
        try FileManager.default.removeItem(at: path)
        try Data(("{\"pad\": \"" + String(repeating: "x", count: 1 << 20) + "\"}").utf8).write(to: path)
        let large = try runTool(["validate", "spec.json"], in: work)
        #expect(
            large.status == 2 && large.stderr.contains("cannot read the resolver document tokens/acme.resolver.json: the file is"),
            "\(large)")
    }
}
