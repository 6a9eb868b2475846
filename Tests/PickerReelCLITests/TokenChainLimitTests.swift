import Foundation
import TestSupport
import Testing

/// At most 64 aliases lead from a field to its value.
///
/// A token file committed by a pull request could chain aliases as long as its 20,000 tokens allow: followed for
/// every field and variant, that took 72 s in a debug build for one spec (the chain was checked for a cycle step by
/// step). A longer chain is exit 2 naming it, at once.
@Suite("Design tokens: the alias chain limit")
struct TokenChainLimitTests {
    static func project(links: Int) throws -> URL {
        var tokens: [String] = (0..<links).map { "\"t\($0)\": {\"$value\": \"{t\($0 + 1)}\"}" }
        tokens.append("\"t\(links)\": {\"$type\": \"dimension\", \"$value\": \"4px\"}")
        let spec =
            #"{"tokens": ["chain.tokens.json"], "items": ["A", "B"], "style": {"spacing": "{t0}", "padding": "{t1}"}, "variants": {"colorScheme": ["light", "dark"]}}"#
        let work = try temporaryFolder()
        try Data(("{" + tokens.joined(separator: ",") + "}").utf8).write(to: work.appendingPathComponent("chain.tokens.json"))
        try writeSpec(spec, named: "spec.json", in: work)
        return work
    }

    @Test func aChainOfTwentyThousandAliasesIsRefusedNamingIt() throws {
        let work = try Self.project(links: 19_998)
        let run = try runTool(["validate", "spec.json"], in: work, timeLimit: 60)
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains("style.spacing: the alias chain from {t0} in chain.tokens.json is longer than 64 aliases"), "\(run)")
        #expect(run.errorLines.count == 1, "\(run)")
    }

    @Test func sixtyFourAliasesResolveAndSixtyFiveDoNot() throws {
        let run = try runTool(["validate", "spec.json"], in: try Self.project(links: 64))
        #expect(run.status == 0, "\(run)")
        let longer = try runTool(["validate", "spec.json"], in: try Self.project(links: 65))
        #expect(longer.status == 2 && longer.stderr.contains("longer than 64 aliases"), "\(longer)")
    }
}
