import Foundation
import TestSupport
import Testing

/// Issue 35, leftovers, through the built binary: a value out of range that came from a token names the token and
/// its file; a dimension written in hexadecimal is refused (Format module 2025.10, "Dimension": its value is a JSON
/// number); a variant token set no variant draws is an error naming it, as an unknown key is.
@Suite("Token values out of range, hexadecimal dimensions, unused variant token sets")
struct TokenLeftoverTests {
    static let tokens = """
        {"radius": {"$type": "dimension", "huge": {"$value": "5000px"}, "hex": {"$value": "0x10px"}, "ok": {"$value": "1e1px"}},
         "picker": {"$type": "dimension", "radius": {"$value": "{radius.huge}"}}}
        """

    static func project(_ spec: String, dark: String? = nil) throws -> URL {
        let work = try temporaryFolder()
        try FileManager.default.createDirectory(at: work.appendingPathComponent("tokens"), withIntermediateDirectories: true)
        try Data(tokens.utf8).write(to: work.appendingPathComponent("tokens/base.tokens.json"))
        if let dark { try Data(dark.utf8).write(to: work.appendingPathComponent("tokens/dark.tokens.json")) }
        try writeSpec(spec, named: "spec.json", in: work)
        return work
    }

    static func spec(radius: String, variants: String = "") -> String {
        #"{"tokens": ["tokens/base.tokens.json"], "items": ["A", "B"], "style": {"track": {"cornerRadius": "\#(radius)"}}\#(variants)}"#
    }

    @Test func aValueOutOfRangeFromATokenNamesTheTokenAndItsFile() throws {
        let work = try Self.project(Self.spec(radius: "{radius.huge}"))
        let run = try runTool(["render", "spec.json", "-o", "out"], in: work)
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.contains("spec.json: style.track.cornerRadius: "), "\(run)")
        #expect(run.stderr.contains("5000"), "\(run)")
        #expect(run.stderr.contains("(the value of {radius.huge} in tokens/base.tokens.json)"), "\(run)")
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("out").path))
        // Through an alias, the token the field names and the file that holds the value.
        let alias = try runTool(["validate", "spec.json"], in: try Self.project(Self.spec(radius: "{picker.radius}")))
        #expect(alias.status == 2 && alias.stderr.contains("(the value of {picker.radius} in tokens/base.tokens.json)"), "\(alias)")
    }

    @Test func aValueOutOfRangeFromADarkSetNamesTheDarkFile() throws {
        let dark = #"{"radius": {"$type": "dimension", "ok": {"$value": "9000px"}}}"#
        let variants = #", "variants": {"colorScheme": ["light", "dark"], "tokens": {"dark": ["tokens/dark.tokens.json"]}}"#
        let work = try Self.project(Self.spec(radius: "{radius.ok}", variants: variants), dark: dark)
        let run = try runTool(["validate", "spec.json"], in: work)
        #expect(run.status == 2 && run.stderr.contains("(the value of {radius.ok} in tokens/dark.tokens.json)"), "\(run)")
    }

    @Test func aDimensionInHexadecimalIsRefusedAndAnExponentIsADecimal() throws {
        let hex = try runTool(["validate", "spec.json"], in: try Self.project(Self.spec(radius: "{radius.hex}")))
        #expect(hex.status == 2, "\(hex)")
        #expect(
            hex.stderr.contains(
                "spec.json: style.track.cornerRadius: {radius.hex} in tokens/base.tokens.json is the string \"0x10px\", not a dimension"),
            "\(hex)")
        let exponent = try runTool(["tokens", "spec.json"], in: try Self.project(Self.spec(radius: "{radius.ok}")))
        #expect(exponent.status == 0 && exponent.stdout.contains("tokens/base.tokens.json  10"), "\(exponent)")
    }

    @Test func aVariantTokenSetNoVariantDrawsIsAnErrorNamingIt() throws {
        let dark = #"{"radius": {"$type": "dimension", "ok": {"$value": "4px"}}}"#
        let unused = #", "variants": {"tokens": {"dark": ["tokens/dark.tokens.json"]}}"#
        let work = try Self.project(Self.spec(radius: "{radius.ok}", variants: unused), dark: dark)
        let run = try runTool(["render", "spec.json", "-o", "out"], in: work)
        #expect(run.status == 2, "\(run)")
        #expect(
            run.stderr.contains(
                "spec.json: variants.tokens.dark: no variant is dark, so its token files (tokens/dark.tokens.json) would never be drawn"),
            "\(run)")
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("out").path))
        let used = #", "variants": {"colorScheme": ["light", "dark"], "tokens": {"dark": ["tokens/dark.tokens.json"]}}"#
        let fine = try runTool(
            ["validate", "spec.json"], in: try Self.project(Self.spec(radius: "{radius.ok}", variants: used), dark: dark))
        #expect(fine.status == 0, "\(fine)")
    }
}
