import Testing

@testable import PickerKit

@Suite("Spec decoding")
struct SpecDecodingTests {
    @Test func defaultsReproduceTheSeed() throws {
        let spec = try decodeSpec(#"{"items": ["A", "B"]}"#)
        #expect(spec.initialSelection == nil)
        #expect(spec.tail == 0.5)
        // Nothing set: every field takes the seed's value when resolved.
        #expect(spec.style == PickerStyle())
        let style = spec.resolvedStyle
        #expect(style.orientation == .horizontal)
        #expect(style.distribution == .fit)
        #expect(style.spacing == 8)
        #expect(style.padding == 16)
        #expect(style.font == ResolvedFont(family: "Inter", size: 17, weight: 400))
        #expect(style.labelColor == RGBAColor(hex: 0x007AFF))
        #expect(style.background == RGBAColor(hex: 0xFFFFFF))
        #expect(style.highlight == ResolvedHighlight(cornerRadius: 16, color: RGBAColor(hex: 0x8E8E93), opacity: 0.4, layer: .overlay))
        #expect(spec.resolvedAnimation(of: .select("A")) == ResolvedAnimation(curve: .linear, duration: 0.35))
        #expect(spec.output == OutputSettings(fps: 30, scale: 2, loopCount: nil))
    }

    @Test func decodesTheVerticalExample() throws {
        let spec = try decodeSpec(
            #"""
            {
              "items": [1, 2, 3, 5, 8],
              "selection": {
                "initial": null,
                "sequence": [
                  { "select": 3, "after": 0.4 },
                  { "select": 8, "after": 0.8, "curve": { "spring": { "response": 0.55, "dampingFraction": 0.6 } } },
                  { "select": 1, "after": 0.2 },
                  { "select": null, "after": 1.0 }
                ],
                "tail": 0.4
              },
              "style": {
                "orientation": "vertical", "distribution": "equal", "spacing": 4,
                "segmentPadding": { "horizontal": 14, "vertical": 6 },
                "font": { "family": "DejaVu Sans", "size": 15, "weight": "bold" },
                "labelColor": "#1C1C1E",
                "highlight": { "cornerRadius": 8, "color": "#34C759", "opacity": 0.35, "layer": "background" },
                "background": "#F2F2F7", "padding": 12
              },
              "animation": { "curve": "easeInOut", "duration": 0.3 },
              "output": { "fps": 60, "scale": 1 }
            }
            """#)
        #expect(spec.items == [1, 2, 3, 5, 8])
        #expect(spec.changes.count == 4)
        #expect(spec.changes[0] == .select(3, after: 0.4))
        #expect(spec.resolvedAnimation(of: spec.changes[0]) == ResolvedAnimation(curve: .easeInOut, duration: 0.3))
        #expect(spec.changes[1].curve == .spring(response: 0.55, dampingFraction: 0.6))
        #expect(spec.changes[3].selection == nil)
        #expect(spec.style.font.weight == 700)
        #expect(spec.style.segmentPadding == Padding(horizontal: 14, vertical: 6))
        #expect(spec.style.highlight.layer == .background)
        #expect(spec.style.labelColor == .hex("#1C1C1E"))
        #expect(spec.output.fps == 60)
    }

    @Test func itemsAreComparedStrictly() {
        let error = specError(#"{"items": [1, 2], "selection": {"initial": "2"}}"#)
        #expect(error?.path.description == "selection.initial")
        #expect(error?.description.contains("expected one of the items (1, 2) or null") == true)
        let reverse = specError(#"{"items": ["1", "2"], "selection": {"sequence": [{"select": 2}]}}"#)
        #expect(reverse?.path.description == "selection.sequence[0].select")
    }

    @Test func colours() {
        func light(_ text: String) -> RGBAColor? { PickerColor(text)?.resolved(in: .light) }
        #expect(light("#FFF") == RGBAColor(red: 1, green: 1, blue: 1))
        #expect(light("#FF000080") == RGBAColor(red: 1, green: 0, blue: 0, alpha: 128.0 / 255))
        #expect(light("#34C759") == RGBAColor(hex: 0x34C759))
        #expect(light("gray") == RGBAColor(hex: 0x8E8E93))
        #expect(light("accent") == RGBAColor(hex: 0x007AFF))
        #expect(light("clear") == RGBAColor.clear)
        #expect(PickerColor("#12345") == nil)
        #expect(PickerColor("#GGGGGG") == nil)
        #expect(PickerColor("grey") == nil)
        #expect(PickerColor.hex("#5856d6") == PickerColor("#5856D6"))
        #expect(PickerColor.hex("#5856d6").description == "#5856D6")
        #expect(PickerColor.indigo.description == "indigo")
    }

    @Test(arguments: [
        (##"{"items": ["A"], "style": {"hightlight": {}}}"##, "style.hightlight", "did you mean \"highlight\""),
        (##"{"items": ["A"], "colour": 1}"##, "colour", "unknown key \"colour\""),
        (
            ##"{"items": ["A"], "style": {"highlight": {"opacity": 1.5}}}"##, "style.highlight.opacity",
            "a number from 0 to 1, found the number 1.5"
        ),
        (##"{"items": ["A"], "style": {"highlight": {"opacity": "0.4"}}}"##, "style.highlight.opacity", "found the string"),
        (##"{"items": ["A"], "style": {"labelColor": "#12"}}"##, "style.labelColor", "a colour"),
        (##"{"items": ["A"], "style": {"orientation": "diagonal"}}"##, "style.orientation", "\"horizontal\" or \"vertical\""),
        (##"{"items": ["A"], "style": {"font": {"size": 0}}}"##, "style.font.size", "from 1 to 512"),
        (##"{"items": ["A"], "style": {"font": {"weight": "extraBold"}}}"##, "style.font.weight", "\"semibold\""),
        (##"{"items": ["A"], "style": {"font": {"weight": 450.5}}}"##, "style.font.weight", "whole number"),
        (##"{"items": ["A", "B", "A"]}"##, "items[2]", "appears twice (first at items[0])"),
        (##"{"items": []}"##, "items", "1 to 64"),
        (##"{"items": [true]}"##, "items[0]", "a string or an integer"),
        (##"{"items": [1.5]}"##, "items[0]", "a string or an integer"),
        (##"{"style": {}}"##, "items", "missing"),
        (##"[1]"##, "", "an object"),
        (##"{"items": ["A"], "selection": {"sequence": [{"after": 1}]}}"##, "selection.sequence[0].select", "missing"),
        (##"{"items": ["A"], "selection": {"sequence": [{"select": "A", "after": -1}]}}"##, "selection.sequence[0].after", "from 0 to 60"),
        (
            ##"{"items": ["A"], "selection": {"sequence": [{"select": "A", "curve": "spring", "duration": 1}]}}"##,
            "selection.sequence[0].duration", "spring settles by itself"
        ),
        (##"{"items": ["A"], "animation": {"curve": "bounce"}}"##, "animation.curve", "\"easeInOut\""),
        (##"{"items": ["A"], "animation": {"curve": {"sprung": {}}}}"##, "animation.curve.sprung", "did you mean \"spring\""),
        (
            ##"{"items": ["A"], "animation": {"curve": {"spring": {"dampingFraction": 0}}}}"##, "animation.curve.spring.dampingFraction",
            "from 0.01 to 10"
        ),
        (##"{"items": ["A"], "output": {"fps": 0}}"##, "output.fps", "from 1 to 240"),
        (##"{"items": ["A"], "output": {"scale": 100}}"##, "output.scale", "from 0.25 to 8"),
        (##"{"items": ["A"], "selection": {"tail": 1e300}}"##, "selection.tail", "from 0 to 60"),
    ])
    func reportsEveryBadFieldWithItsPath(json: String, path: String, fragment: String) {
        let error = specError(json)
        #expect(error != nil)
        #expect(error?.path.description == path)
        #expect(error?.description.contains(fragment) == true, "\(error?.description ?? "no error")")
        #expect(error?.description.hasPrefix("test.json: ") == true)
    }

    @Test func syntaxErrorsNameLineAndColumn() {
        let error = specError("{\n  \"items\": [\"A\",]\n}")
        #expect(error?.description == "test.json: line 2, column 17: not valid JSON: a comma before ']' (trailing commas are not JSON)")
    }

    @Test func refusesOversizedFilesBeforeParsing() {
        let bytes = [UInt8](repeating: 0x20, count: SpecLimits.maximumFileBytes + 1)
        #expect {
            try PickerSpec.decode(bytes, file: "big.json")
        } throws: { error in
            (error as? SpecError)?.problem == .fileTooLarge(bytes: SpecLimits.maximumFileBytes + 1)
        }
    }

    @Test func bezierAndNamedCurves() throws {
        let spec = try decodeSpec(
            #"{"items": ["A", "B"], "animation": {"curve": {"bezier": [0.2, 0.8, 0.2, 1]}, "duration": 0.5}, "selection": {"sequence": [{"select": "B", "curve": "easeOut"}]}}"#
        )
        #expect(spec.changes[0].curve == .easeOut)
        #expect(spec.resolvedAnimation(of: spec.changes[0]) == ResolvedAnimation(curve: .easeOut, duration: 0.5))
        let other = try decodeSpec(
            #"{"items": ["A"], "animation": {"curve": {"bezier": [0.2, 0.8, 0.2, 1]}}, "selection": {"sequence": [{"select": "A"}]}}"#)
        #expect(other.resolvedAnimation(of: other.changes[0]).curve == .bezier(x1: 0.2, y1: 0.8, x2: 0.2, y2: 1))
    }
}
