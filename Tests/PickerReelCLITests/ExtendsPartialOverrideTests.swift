import Foundation
import TestSupport
import Testing

/// `extends` refuses a spec that overrides part of a theme's token.
///
/// A spec that gives some fields of what its theme gives as one token (the theme's `"font":
/// "{type.segment}"` under the spec's `"font": {"weight": "bold"}`) would drop the token whole and draw another
/// picture without a word; it is exit 2 naming the field, the theme and the token. Given whole, it replaces.
@Suite("extends: a theme's token is not overridden in part")
struct ExtendsPartialOverrideTests {
    static func project(_ spec: String) throws -> URL {
        let work = try temporaryFolder()
        try Data(
            #"{"type": {"segment": {"$type": "typography", "$value": {"fontFamily": "DejaVu Serif", "fontSize": "20px", "fontWeight": 400}}}, "motion": {"select": {"$type": "transition", "$value": {"duration": "300ms", "timingFunction": [0.2, 0, 0, 1]}}}}"#
                .utf8
        ).write(to: work.appendingPathComponent("t.tokens.json"))
        try writeSpec(
            #"{"tokens": ["t.tokens.json"], "style": {"font": "{type.segment}"}, "animation": "{motion.select}"}"#, named: "theme.json",
            in: work)
        try writeSpec(spec, named: "spec.json", in: work)
        return work
    }

    @Test(arguments: [
        (#"{"extends": "theme.json", "items": ["A", "B"], "style": {"font": {"weight": "bold"}}}"#, "style.font", "{type.segment}"),
        (#"{"extends": "theme.json", "items": ["A", "B"], "animation": {"duration": 0.1}}"#, "animation", "{motion.select}"),
    ])
    func aPartOfAThemesTokenIsRefusedNamingIt(spec: String, field: String, token: String) throws {
        let work = try Self.project(spec)
        for command in [["validate", "spec.json"], ["render", "spec.json", "-o", "out", "-q"]] {
            let run = try runTool(command, in: work)
            #expect(run.status == 2, "\(run)")
            #expect(run.stderr.contains("spec.json: \(field): the theme theme.json gives it as the token \(token)"), "\(run)")
        }
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("out").path))
    }

    /// A theme's field written as a value (not a token) still merges field by field, and a token replaces a token.
    @Test func aValueMergesAndATokenReplaces() throws {
        let work = try Self.project(#"{"extends": "plain.json", "items": ["A", "B"], "style": {"font": {"weight": "bold"}}}"#)
        try writeSpec(#"{"style": {"font": {"family": "DejaVu Serif", "size": 20}}}"#, named: "plain.json", in: work)
        let merged = try runTool(["validate", "spec.json"], in: work)
        #expect(merged.status == 0, "\(merged)")
        try writeSpec(
            #"{"extends": "theme.json", "items": ["A", "B"], "animation": "{motion.select}", "tokens": ["t.tokens.json"]}"#,
            named: "token.json", in: work)
        let replaced = try runTool(["validate", "token.json"], in: work)
        #expect(replaced.status == 0, "\(replaced)")
    }
}
