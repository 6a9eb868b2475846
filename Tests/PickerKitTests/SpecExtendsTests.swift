import Testing

@testable import PickerKit

/// Issue 35, part 1: `"extends": "theme.json"` takes a theme's style, animation, variants and token files, the spec
/// overriding field by field; and a variant value (`dark`) may name token files of its own (`variants.tokens`).
@Suite("Themes and variant token files")
struct SpecExtendsTests {
    static let tokens = """
        {"color": {"$type": "color", "track": {"$value": "#EEEEEF"}, "label": {"$value": "#111111"}},
         "size": {"$type": "dimension", "radius": {"$value": "9px"}}}
        """
    static let theme = """
        {"tokens": ["../tokens/base.tokens.json"],
         "style": {"track": {"color": "{color.track}", "cornerRadius": "{size.radius}"}, "labelColor": "{color.label}", "spacing": 3},
         "animation": {"duration": 0.4}, "variants": {"colorScheme": ["light", "dark"]}}
        """

    @Test("A spec takes its theme's style, animation, variants and tokens, and overrides them field by field")
    func themeFieldsAreOverriddenOneByOne() throws {
        let spec = try DesignTokenTests.decode(
            #"{"extends": "themes/brand.json", "items": ["A", "B"], "style": {"track": {"cornerRadius": 2}, "spacing": 5}}"#,
            files: ["themes/brand.json": Self.theme, "tokens/base.tokens.json": Self.tokens])
        #expect(spec.style.track?.cornerRadius == 2)
        #expect(spec.style.track?.color?.description == "#EEEEEF")
        #expect(spec.style.spacing == 5)
        #expect(spec.style.labelColor?.description == "#111111")
        #expect(spec.animation.duration == 0.4)
        #expect(spec.variantNames == ["default", "dark"])
        #expect(spec.inputFiles == ["themes/brand.json", "tokens/base.tokens.json"])
    }

    @Test("A chain of themes that comes back to a file on it is refused, showing the chain")
    func extendsCycle() {
        let message = DesignTokenTests.message(
            #"{"extends": "a.json", "items": ["A"]}"#, files: ["a.json": #"{"extends": "b.json"}"#, "b.json": #"{"extends": "a.json"}"#])
        #expect(
            message
                == "spec.json: extends: the extends chain spec.json → a.json → b.json → a.json comes back to itself (a cycle); a theme may not extend what extends it"
        )
        let itself = DesignTokenTests.message(#"{"extends": "./spec.json", "items": ["A"]}"#, files: [:])
        #expect(itself.contains("comes back to itself"), "\(itself)")
    }

    @Test("A theme that cannot be read, or holds a key a theme may not, is named with what is wrong")
    func badThemes() {
        let missing = DesignTokenTests.message(#"{"extends": "none.json", "items": ["A"]}"#, files: [:])
        #expect(missing == "spec.json: extends: cannot read the theme none.json: no such file")
        let items = DesignTokenTests.message(#"{"extends": "t.json", "items": ["A"]}"#, files: ["t.json": #"{"stlye": {}}"#])
        #expect(items.contains("the theme t.json has the key \"stlye\" (did you mean \"style\"?)"), "\(items)")
        let number = DesignTokenTests.message(#"{"extends": 3, "items": ["A"]}"#, files: [:])
        #expect(number.contains("extends: expected the path of a spec"), "\(number)")
    }

    @Test("A theme's paths start at its own folder; one that leaves the spec's folder keeps its .. for the confined read")
    func pathsAreJoinedFromTheFileThatNamesThem() {
        #expect(SpecInputPath.joined("../tokens/a.json", writtenIn: "themes/brand.json") == "tokens/a.json")
        #expect(SpecInputPath.joined("../../etc/passwd", writtenIn: "themes/brand.json") == "../etc/passwd")
        #expect(SpecInputPath.joined("/etc/passwd", writtenIn: "spec.json") == "/etc/passwd")
    }

    @Test("variants.tokens: the dark variant takes its dark token files over the spec's; the light one does not")
    func darkVariantTakesItsTokenFiles() throws {
        let dark = ##"{"color": {"track": {"$type": "color", "$value": "#2C2C2E"}}}"##
        let spec = try DesignTokenTests.decode(
            """
            {"tokens": ["tokens/base.tokens.json"], "items": ["A", "B"], "style": {"track": {"color": "{color.track}"}},
             "variants": {"colorScheme": ["light", "dark"], "tokens": {"dark": ["tokens/dark.tokens.json"]}}}
            """, files: ["tokens/base.tokens.json": Self.tokens, "tokens/dark.tokens.json": dark])
        let light = try #require(spec.variant(named: "default"))
        let darkVariant = try #require(spec.variant(named: "dark"))
        #expect(spec.applying(light).style.track?.color?.description == "#EEEEEF")
        #expect(spec.applying(darkVariant).style.track?.color?.description == "#2C2C2E")
        #expect(spec.applying(darkVariant).tokenFields.first?.file == "tokens/dark.tokens.json")
        #expect(spec.referencedFiles == ["tokens/base.tokens.json", "tokens/dark.tokens.json"])
    }

    @Test("variants.tokens: a bad token in the dark set fails decoding, not only the dark render; an unknown value is named")
    func darkSetIsCheckedUpFront() {
        let dark = #"{"color": {"track": {"$type": "dimension", "$value": "3px"}}}"#
        let message = DesignTokenTests.message(
            """
            {"tokens": ["b.json"], "items": ["A"], "style": {"track": {"color": "{color.track}"}},
             "variants": {"colorScheme": ["light", "dark"], "tokens": {"dark": ["d.json"]}}}
            """, files: ["b.json": Self.tokens, "d.json": dark])
        #expect(message == "spec.json: style.track.color: {color.track} in d.json is a dimension; color needs a color")
        let unknown = DesignTokenTests.message(#"{"items": ["A"], "variants": {"tokens": {"drak": []}}}"#, files: [:])
        #expect(unknown.contains("variants.tokens.drak: unknown key \"drak\" (did you mean \"dark\"?)"), "\(unknown)")
    }
}
