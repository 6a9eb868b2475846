import Testing

@testable import PickerKit

/// Issue 35, part 3: Increase Contrast and Reduce Motion as settings of a spec and as variant axes that combine with
/// colour scheme, direction and text size.
@Suite("Accessibility settings as variants")
struct AccessibilitySettingsTests {
    /// Apple's Human Interface Guidelines, Color, iOS system colours, "Increased contrast" light and dark columns
    /// (iOS 15–17 table, as docs/ios-appearance.md lists it), checked against a device's values
    /// (zetavg/rn-expo-study-2024-02, packages/react-native-ui-ios/src/tokens/colors/schemes/lightHighContrast.ts and
    /// darkHighContrast.ts), which give mint in dark mode as #63E6E2.
    static let increasedContrast: [(NamedColor, light: UInt32, dark: UInt32)] = [
        (.red, 0xD70015, 0xFF6961), (.orange, 0xC93400, 0xFFB340), (.yellow, 0xB25000, 0xFFD426), (.green, 0x248A3D, 0x30DB5B),
        (.mint, 0x0C817B, 0x63E6E2), (.teal, 0x008299, 0x5DE6FF), (.cyan, 0x0071A4, 0x70D7FF), (.blue, 0x0040DD, 0x409CFF),
        (.indigo, 0x3634A3, 0x7D7AFF), (.purple, 0x8944AB, 0xDA8FFF), (.pink, 0xD30F45, 0xFF6482), (.brown, 0x7F6545, 0xB59469),
        (.gray, 0x6C6C70, 0xAEAEB2),
    ]

    @Test("Increase Contrast: each system colour takes the HIG's increased-contrast value, light and dark")
    func systemColoursTakeTheirIncreasedContrastValues() {
        for (color, light, dark) in Self.increasedContrast {
            #expect(color.value(in: .light, increasedContrast: true) == RGBAColor(hex: light), "\(color) light")
            #expect(color.value(in: .dark, increasedContrast: true) == RGBAColor(hex: dark), "\(color) dark")
            #expect(color.value(in: .light, increasedContrast: false) != RGBAColor(hex: light), "\(color) is unchanged when off")
        }
        #expect(NamedColor.white.value(in: .light, increasedContrast: true) == RGBAColor(hex: 0xFFFFFF))
    }

    @Test("Increase Contrast: secondary text and the fill take the device's values; label and background keep theirs")
    func semanticColoursTakeTheDevicesValues() {
        // The same device dump's uiColors: secondaryLabel, tertiarySystemFill, label, systemBackground.
        #expect(
            NamedColor.secondary.value(in: .light, increasedContrast: true)
                == RGBAColor(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.8))
        #expect(
            NamedColor.secondary.value(in: .dark, increasedContrast: true)
                == RGBAColor(red: 235 / 255, green: 235 / 255, blue: 245 / 255, alpha: 178 / 255))
        #expect(
            NamedColor.tertiarySystemFill.value(in: .dark, increasedContrast: true)
                == RGBAColor(red: 118 / 255, green: 118 / 255, blue: 128 / 255, alpha: 0.32))
        #expect(NamedColor.tertiarySystemFill.value(in: .light, increasedContrast: true) == NamedColor.tertiarySystemFill.value(in: .light))
        for color in [NamedColor.primary, .systemBackground] {
            for scheme in ColorScheme.allCases {
                #expect(color.value(in: scheme, increasedContrast: true) == color.value(in: scheme), "\(color) \(scheme)")
            }
        }
    }

    @Test("A spec's colours resolve with Increase Contrast when its style (or variant) turns it on")
    func resolvedStyleUsesTheSetting() throws {
        let spec = try decodeSpec(#"{"items": ["A", "B"], "style": {"highlight": {"color": "blue"}, "increaseContrast": true}}"#)
        #expect(spec.resolvedStyle.highlight.color == RGBAColor(hex: 0x0040DD))
        let variants = try decodeSpec(#"{"items": ["A"], "style": {"labelColor": "red"}, "variants": {"increaseContrast": [false, true]}}"#)
        let contrast = try #require(variants.variant(named: "contrast"))
        #expect(variants.applying(contrast).resolvedStyle.labelColor == RGBAColor(hex: 0xD70015))
        #expect(variants.resolvedStyle.labelColor == RGBAColor(hex: 0xFF3B30))
    }

    @Test("The settings combine with colour scheme, direction and text size, in a fixed order and with their own suffixes")
    func settingsCombineWithTheOtherAxes() throws {
        let spec = try decodeSpec(
            """
            {"items": ["A"], "variants": {"colorScheme": ["light", "dark"], "layoutDirection": ["leftToRight", "rightToLeft"],
              "increaseContrast": [false, true], "reduceMotion": [false, true]}}
            """)
        #expect(spec.variants.count == 16)
        #expect(spec.variantNames.prefix(4) == ["default", "reduce-motion", "contrast", "contrast-reduce-motion"])
        #expect(spec.variantNames.contains("dark-rtl-contrast-reduce-motion"))
        let both = try #require(spec.variant(named: "dark-rtl-contrast-reduce-motion"))
        let drawn = spec.applying(both)
        #expect(drawn.style.colorScheme == .dark && drawn.style.layoutDirection == .rightToLeft)
        #expect(drawn.style.increaseContrast == true && drawn.style.reduceMotion == true)
        #expect(specError(#"{"items": ["A"], "variants": {"reduceMotion": [true, true]}}"#)?.path.description == "variants.reduceMotion[1]")
        #expect(
            specError(#"{"items": ["A"], "variants": {"increaseContrast": ["yes"]}}"#)?.description.contains("expected true or false")
                == true)
    }

    static let moving = """
        {"items": ["A", "B"], "selection": {"initial": "A", "sequence": [{"select": "B", "after": 0.2}]},
         "animation": {"duration": 0.4, "curve": "linear", "reduceMotion": "MODE"}, "output": {"fps": 10}, "style": {"reduceMotion": true}}
        """

    static func timeline(_ mode: String, reduceMotion: Bool = true) throws -> Timeline {
        var text = moving.replacingOccurrences(of: "MODE", with: mode)
        if !reduceMotion { text = text.replacingOccurrences(of: "\"reduceMotion\": true", with: "\"reduceMotion\": false") }
        let spec = try decodeSpec(text)
        return Timeline(spec: spec, layout: PickerLayout(spec: spec, measurer: FakeMeasurer()))
    }

    @Test("Reduce Motion, none: the highlight is at the new segment, fully shown, the moment the change starts")
    func noneMovesAtOnce() throws {
        let slide = try Self.timeline("slide")
        let none = try Self.timeline("none")
        let start = try #require(slide.highlight(at: 0)).rect.x
        let end = try #require(slide.highlight(at: 1)).rect.x
        #expect(try #require(none.highlight(at: 0.25)).rect.x == end)
        #expect(try #require(none.highlight(at: 0.25)).opacity == (try #require(slide.highlight(at: 1)).opacity))
        #expect(try #require(slide.highlight(at: 0.25)).rect.x > start && (try #require(slide.highlight(at: 0.25)).rect.x) < end)
    }

    @Test("Reduce Motion, crossfade: the highlight never stands between segments; it fades out and in over the duration")
    func crossfadeNeverMoves() throws {
        let fade = try Self.timeline("crossfade")
        let start = try #require(fade.highlight(at: 0)).rect.x
        let end = try #require(fade.highlight(at: 1)).rect.x
        var lowest = 1.0
        for step in 0...100 {
            let time = Double(step) / 100
            guard let highlight = fade.highlight(at: time) else {
                lowest = 0
                continue
            }
            #expect(highlight.rect.x == start || highlight.rect.x == end, "t = \(time): x \(highlight.rect.x)")
            lowest = min(lowest, highlight.opacity)
        }
        #expect(lowest < 0.05)
        #expect(try #require(fade.highlight(at: 0.3)).rect.x == start)
        #expect(try #require(fade.highlight(at: 0.5)).rect.x == end)
    }

    @Test("With the setting off, or no behaviour given, the highlight slides: what an app that ignores it shows")
    func slideIsTheDefault() throws {
        let off = try Self.timeline("crossfade", reduceMotion: false)
        let slide = try Self.timeline("slide")
        for time in stride(from: 0.0, through: 1, by: 0.1) {
            #expect(off.highlight(at: time) == slide.highlight(at: time))
        }
    }

    @Test("variants.tokens.increaseContrast: the contrast variants take their own token set, over the dark one")
    func contrastTokenSet() throws {
        let base = ##"{"c": {"$type": "color", "track": {"$value": "#EEEEEE"}}}"##
        let dark = ##"{"c": {"$type": "color", "track": {"$value": "#333333"}}}"##
        let high = ##"{"c": {"$type": "color", "track": {"$value": "#000000"}}}"##
        let spec = try DesignTokenTests.decode(
            """
            {"tokens": ["b.json"], "items": ["A"], "style": {"track": {"color": "{c.track}"}},
             "variants": {"colorScheme": ["light", "dark"], "increaseContrast": [false, true],
                          "tokens": {"dark": ["d.json"], "increaseContrast": ["h.json"]}}}
            """, files: ["b.json": base, "d.json": dark, "h.json": high])
        func track(_ name: String) throws -> String? {
            spec.applying(try #require(spec.variant(named: name))).style.track?.color?.description
        }
        #expect(try track("default") == "#EEEEEE")
        #expect(try track("dark") == "#333333")
        #expect(try track("contrast") == "#000000")
        #expect(try track("dark-contrast") == "#000000")
    }
}
