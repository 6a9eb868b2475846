import Foundation
import TestSupport
import Testing

/// Issue 35, part 1: `preview` watches a spec's token files as it watches its icons, so a token saved reloads the page.
@Suite("Preview watches token files")
struct PreviewTokenTests {
    @Test func reloadsWhenATokenFileIsSaved() throws {
        let run = try PreviewRun()
        defer { _ = run.stop() }
        try run.waitForState("the first version") { $0["error"] is NSNull && $0["generation"] as? Int == 1 }
        let tokens = run.specFolder.appendingPathComponent("base.tokens.json")
        try Data(#"{"radius": {"$type": "dimension", "$value": "4px"}}"#.utf8).write(to: tokens)
        let text = PreviewRun.specText.replacingOccurrences(
            of: #""style": { "preset": "segmented" }"#,
            with: #""tokens": ["base.tokens.json"], "style": { "preset": "segmented", "highlight": { "cornerRadius": "{radius}" } }"#)
        try Data(text.utf8).write(to: run.specFolder.appendingPathComponent("spec.json.new"))
        _ = rename(run.specFolder.appendingPathComponent("spec.json.new").path, run.spec.path)
        try run.waitForState("the spec with tokens") { $0["error"] is NSNull && $0["generation"] as? Int == 2 }
        usleep(100_000)
        try Data(##"{"radius": {"$type": "color", "$value": "#FF0000"}}"##.utf8).write(to: tokens)
        try run.waitForState("the token file's wrong type shown") {
            ($0["error"] as? String ?? "").contains("style.highlight.cornerRadius: {radius} in base.tokens.json is a color")
        }
        try Data(#"{"radius": {"$type": "dimension", "$value": "9px"}}"#.utf8).write(to: tokens)
        try run.waitForState("the reload once the token is fixed") { $0["error"] is NSNull && $0["generation"] as? Int == 3 }
    }
}
