import Foundation
import TestSupport
import Testing

/// Issue 35, part 1: `preview` watches a resolver document and the token files it names, as it watches a spec's
/// own token files, so a token saved in a file only the resolver names reloads the page.
@Suite("Preview watches a resolver's files")
struct PreviewResolverTests {
    @Test func reloadsWhenAFileOnlyTheResolverNamesIsSaved() throws {
        let run = try PreviewRun()
        defer { _ = run.stop() }
        try run.waitForState("the first version") { $0["error"] is NSNull && $0["generation"] as? Int == 1 }
        let tokens = run.specFolder.appendingPathComponent("radius.tokens.json")
        try Data(#"{"radius": {"$type": "dimension", "$value": "4px"}}"#.utf8).write(to: tokens)
        let resolver = #"""
            {"version": "2025.10", "sets": {"base": {"sources": [{"$ref": "radius.tokens.json"}]}},
             "modifiers": {"look": {"contexts": {"plain": [], "round": [{"radius": {"$type": "dimension", "$value": "12px"}}]}}},
             "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/look"}]}
            """#
        try Data(resolver.utf8).write(to: run.specFolder.appendingPathComponent("look.resolver.json"))
        let text = PreviewRun.specText.replacingOccurrences(
            of: #""style": { "preset": "segmented" }"#,
            with:
                #""tokens": {"resolver": "look.resolver.json"}, "style": { "preset": "segmented", "highlight": { "cornerRadius": "{radius}" } }"#
        )
        try Data(text.utf8).write(to: run.specFolder.appendingPathComponent("spec.json.new"))
        _ = rename(run.specFolder.appendingPathComponent("spec.json.new").path, run.spec.path)
        try run.waitForState("the spec with a resolver") { $0["error"] is NSNull && $0["generation"] as? Int == 2 }
        usleep(100_000)
        try Data(##"{"radius": {"$type": "color", "$value": "#FF0000"}}"##.utf8).write(to: tokens)
        try run.waitForState("the resolver's token file's wrong type shown") {
            ($0["error"] as? String ?? "").contains("style.highlight.cornerRadius: {radius} in radius.tokens.json is a color")
        }
        try Data(#"{"radius": {"$type": "dimension", "$value": "9px"}}"#.utf8).write(to: tokens)
        try run.waitForState("the reload once the token is fixed") { $0["error"] is NSNull && $0["generation"] as? Int == 3 }
    }
}
