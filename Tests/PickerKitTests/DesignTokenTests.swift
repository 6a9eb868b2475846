import Testing

@testable import PickerKit

/// Issue 35, part 1: a spec's fields may be DTCG aliases.
///
/// They are resolved by the Design Tokens Format Module 2025.10 and
/// Color Module 2025.10 (designtokens.org/TR/2025.10/format, …/color). Each test names the section it follows.
@Suite("Design tokens in specs")
struct DesignTokenTests {
    /// Decodes `spec` (as `spec.json`) with `files` as the files beside it.
    static func decode(_ spec: String, files: [String: String]) throws(SpecError) -> PickerSpec {
        let reader: SpecInputReader = { path, maximumBytes in
            guard let text = files[path] else { return .failure(SpecInputRefusal(reason: "no such file")) }
            guard text.utf8.count <= maximumBytes else { return .failure(SpecInputRefusal(reason: "too large")) }
            return .success(Array(text.utf8))
        }
        return try PickerSpec.decode(Array(spec.utf8), file: "spec.json", reader: reader)
    }

    static func message(_ spec: String, files: [String: String]) -> String {
        do {
            _ = try decode(spec, files: files)
            return "(decoded)"
        } catch {
            return error.description
        }
    }

    static let base = """
        {
          "picker": {
            "$type": "dimension",
            "highlight": {
              "radius": {"$value": {"value": 8, "unit": "px"}},
              "inset": {"$value": "{picker.highlight.radius}"},
              "color": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [0, 0.5, 1], "alpha": 0.5}}
            },
            "font": {"$value": {"value": 1, "unit": "rem"}}
          },
          "legacy": {"gray": {"$type": "color", "$value": "#8E8E93"}, "pad": {"$type": "dimension", "$value": "6px"}},
          "motion": {
            "fast": {"$type": "duration", "$value": {"value": 200, "unit": "ms"}},
            "old": {"$type": "duration", "$value": "350ms"},
            "ease": {"$type": "cubicBezier", "$value": [0.25, 0.1, 0.25, 1]},
            "select": {"$type": "transition", "$value": {"duration": "{motion.fast}", "delay": {"value": 0, "unit": "ms"}, "timingFunction": "{motion.ease}"}}
          },
          "type": {
            "body": {"$type": "typography", "$value": {"fontFamily": ["Inter", "sans-serif"], "fontSize": {"value": 15, "unit": "px"}, "fontWeight": "semi-bold"}},
            "bold": {"$type": "fontWeight", "$value": 700}
          },
          "opacity": {"$type": "number", "$value": 0.25}
        }
        """

    static func spec(_ style: String, animation: String = "") -> String {
        """
        {"tokens": ["tokens/base.tokens.json"], "items": ["A", "B"]\(animation.isEmpty ? "" : ", \"animation\": \(animation)"),
         "style": \(style)}
        """
    }

    @Test("Format module, Aliases / References: {a.b.c} names a token; an alias of an alias is followed to its value")
    func aliasChainsResolve() throws {
        let spec = try Self.decode(
            Self.spec(#"{"highlight": {"cornerRadius": "{picker.highlight.inset}"}}"#), files: ["tokens/base.tokens.json": Self.base])
        #expect(spec.style.highlight.cornerRadius == 8)
        #expect(
            spec.tokenFields.map(\.description) == ["style.highlight.cornerRadius = {picker.highlight.inset} (tokens/base.tokens.json) → 8"]
        )
    }

    @Test("Format module, Groups: $type on a group is inherited; Dimension: {value, unit} in px and rem (16 px)")
    func groupTypeAndDimensionUnits() throws {
        let spec = try Self.decode(
            Self.spec(#"{"font": {"size": "{picker.font}"}, "padding": "{legacy.pad}", "spacing": "{picker.highlight.radius}"}"#),
            files: ["tokens/base.tokens.json": Self.base])
        #expect(spec.style.font.size == 16)
        #expect(spec.style.padding == 6)
        #expect(spec.style.spacing == 8)
    }

    @Test("Color module, Format: srgb components 0–1 and alpha become #RRGGBBAA; the legacy hex string is kept")
    func colourObjectsAndStrings() throws {
        let spec = try Self.decode(
            Self.spec(#"{"highlight": {"color": "{picker.highlight.color}"}, "labelColor": "{legacy.gray}"}"#),
            files: ["tokens/base.tokens.json": Self.base])
        #expect(spec.style.highlight.color?.description == "#0080FF80")
        #expect(spec.style.labelColor?.description == "#8E8E93")
    }

    @Test("Color module: a colour space the picker cannot draw uses its hex fallback, else is refused naming the token")
    func otherColourSpaces() throws {
        let tokens =
            ##"{"p3": {"$type": "color", "$value": {"colorSpace": "display-p3", "components": [1, 0, 0], "hex": "#FF0000"}},"##
            + #""lab": {"$type": "color", "$value": {"colorSpace": "lab", "components": [50, 20, 20]}}}"#
        let spec = try Self.decode(Self.spec(#"{"labelColor": "{p3}"}"#), files: ["tokens/base.tokens.json": tokens])
        #expect(spec.style.labelColor?.description == "#FF0000")
        let message = Self.message(Self.spec(#"{"labelColor": "{lab}"}"#), files: ["tokens/base.tokens.json": tokens])
        #expect(
            message.contains(
                "spec.json: style.labelColor: {lab} in tokens/base.tokens.json is in the colour space \"lab\", which the picker cannot draw"
            ), "\(message)")
    }

    @Test("Format module, Duration, Cubic Bézier and Transition: ms and s, legacy \"350ms\", a transition is an animation")
    func durationsCurvesAndTransitions() throws {
        let spec = try Self.decode(
            Self.spec("{}", animation: #"{"curve": "{motion.ease}", "duration": "{motion.old}"}"#),
            files: ["tokens/base.tokens.json": Self.base])
        #expect(spec.animation.curve == .bezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1))
        #expect(spec.animation.duration == 0.35)
        let whole = try Self.decode(Self.spec("{}", animation: #""{motion.select}""#), files: ["tokens/base.tokens.json": Self.base])
        #expect(whole.animation.curve == .bezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1))
        #expect(whole.animation.duration == 0.2)
    }

    @Test("Format module, Typography, Font family and Font weight: a typography token is style.font; names map to numbers")
    func typographyAndWeights() throws {
        let spec = try Self.decode(
            Self.spec(#"{"font": "{type.body}", "selectedLabel": {"weight": "{type.bold}"}, "highlight": {"opacity": "{opacity}"}}"#),
            files: ["tokens/base.tokens.json": Self.base])
        #expect(spec.style.font.family == "Inter")
        #expect(spec.style.font.size == 15)
        #expect(spec.style.font.weight == FontWeight(600))
        #expect(spec.style.selectedLabel.weight == FontWeight(700))
        #expect(spec.style.highlight.opacity == 0.25)
    }

    @Test("A token of the wrong type: the message names the field, the token, its file, its type and the type needed")
    func wrongType() {
        let message = Self.message(
            Self.spec(#"{"highlight": {"cornerRadius": "{picker.highlight.color}"}}"#), files: ["tokens/base.tokens.json": Self.base])
        #expect(
            message
                == "spec.json: style.highlight.cornerRadius: {picker.highlight.color} in tokens/base.tokens.json is a color; cornerRadius needs a dimension"
        )
    }

    @Test("An unknown token: the message says so, names the files looked in, and suggests the closest token")
    func unknownTokenWithDidYouMean() {
        let message = Self.message(
            Self.spec(#"{"highlight": {"cornerRadius": "{picker.highlight.raduis}"}}"#), files: ["tokens/base.tokens.json": Self.base])
        #expect(message.hasPrefix("spec.json: style.highlight.cornerRadius: {picker.highlight.raduis} is not a token"), "\(message)")
        #expect(message.contains("tokens/base.tokens.json") && message.contains("(did you mean {picker.highlight.radius}?)"), "\(message)")
    }

    @Test("Format module, Aliases: a circular reference is an error, and the chain is shown")
    func cycle() {
        let tokens = #"{"a": {"$type": "dimension", "$value": "{b}"}, "b": {"$value": "{c}"}, "c": {"$value": "{a}"}}"#
        let message = Self.message(Self.spec(#"{"spacing": "{a}"}"#), files: ["tokens/base.tokens.json": tokens])
        #expect(
            message.contains("style.spacing: the alias chain {a} → {b} → {c} → {a} in tokens/base.tokens.json comes back to itself"),
            "\(message)")
    }

    @Test("A unit that cannot be converted to points or seconds is refused, naming the unit and the units allowed")
    func unconvertibleUnits() {
        let tokens =
            #"{"em": {"$type": "dimension", "$value": {"value": 2, "unit": "em"}}, "pct": {"$type": "dimension", "$value": "50%"}}"#
        let em = Self.message(Self.spec(#"{"spacing": "{em}"}"#), files: ["tokens/base.tokens.json": tokens])
        #expect(
            em
                == "spec.json: style.spacing: {em} in tokens/base.tokens.json has the unit \"em\", which cannot be converted to the picker's points; a dimension is in px or rem",
            "\(em)")
        let percent = Self.message(Self.spec(#"{"spacing": "{pct}"}"#), files: ["tokens/base.tokens.json": tokens])
        #expect(percent.contains("has the unit \"%\""), "\(percent)")
    }

    @Test("Format module, Type: a token with no $type on it, its groups or its alias has no type, and is refused")
    func untypedToken() {
        let message = Self.message(Self.spec(#"{"spacing": "{loose}"}"#), files: ["tokens/base.tokens.json": #"{"loose": {"$value": 4}}"#])
        #expect(message.contains("{loose} in tokens/base.tokens.json has no $type"), "\(message)")
    }

    @Test("Aliases where no token can go, or with no token files named, are refused at their field")
    func aliasesOutOfPlace() {
        let noFiles = Self.message(#"{"items": ["A"], "style": {"spacing": "{x}"}}"#, files: [:])
        #expect(noFiles.contains("style.spacing: {x} names a design token, but the spec names no token files"), "\(noFiles)")
        let words = Self.message(Self.spec(#"{"orientation": "{picker.font}"}"#), files: ["tokens/base.tokens.json": Self.base])
        #expect(words.contains("style.orientation: {picker.font}: orientation cannot take a design token"), "\(words)")
    }

    @Test("An item whose value is written in braces is still selected by it: a selection never names a token")
    func itemsInBracesAreNotTokens() throws {
        let spec = try decodeSpec(
            #"{"items": ["{a}", "b"], "selection": {"initial": "{a}", "sequence": [{"select": "{a}", "after": 0.1}]}}"#)
        #expect(spec.initialSelection == .string("{a}") && spec.changes.first?.selection == .string("{a}"))
    }

    @Test("Token files: a later file's token replaces an earlier one's; an unreadable or invalid file is named")
    func layeredAndBrokenFiles() throws {
        let dark = ##"{"legacy": {"gray": {"$type": "color", "$value": "#636366"}}}"##
        let spec = try Self.decode(
            #"{"tokens": ["tokens/base.tokens.json", "tokens/dark.tokens.json"], "items": ["A"], "style": {"labelColor": "{legacy.gray}"}}"#,
            files: ["tokens/base.tokens.json": Self.base, "tokens/dark.tokens.json": dark])
        #expect(spec.style.labelColor?.description == "#636366")
        let missing = Self.message(#"{"tokens": ["tokens/none.json"], "items": ["A"]}"#, files: [:])
        #expect(missing == "spec.json: tokens: cannot read the token file tokens/none.json: no such file")
        let broken = Self.message(#"{"tokens": ["t.json"], "items": ["A"]}"#, files: ["t.json": "{"])
        #expect(broken.hasPrefix("spec.json: tokens: the token file t.json is not valid JSON at line 1"), "\(broken)")
        let badName = Self.message(#"{"tokens": ["t.json"], "items": ["A"]}"#, files: ["t.json": #"{"a.b": {"$value": 1}}"#])
        #expect(badName.contains("the name \"a.b\" holds {, } or ."), "\(badName)")
    }

    @Test("A spec given as bytes with no file cannot read token files: an error, never a read from the current folder")
    func bytesWithoutAReader() {
        #expect(specError(#"{"tokens": ["t.json"], "items": ["A"]}"#)?.description.contains("a spec given as bytes cannot read") == true)
    }

    @Test("Token and theme files are among the files a spec depends on (the manifest digests them, the preview watches them)")
    func inputFilesAreReferenced() throws {
        let spec = try Self.decode(Self.spec(#"{"spacing": "{legacy.pad}"}"#), files: ["tokens/base.tokens.json": Self.base])
        #expect(spec.referencedFiles == ["tokens/base.tokens.json"])
    }
}
