import Foundation
import Testing

@testable import PickerKit

/// The iOS values the appearance features reproduce, each from docs/ios-appearance.md (Apple's HIG colour table,
/// the Dynamic Type body sizes, Flutter's iOS 17 reproduction of the segmented control).
@Suite("iOS appearance")
struct AppearanceTests {
    /// The HIG table: every named colour's light and dark value.
    @Test(arguments: [
        ("red", 0xFF3B30, 0xFF453A), ("orange", 0xFF9500, 0xFF9F0A), ("yellow", 0xFFCC00, 0xFFD60A), ("green", 0x34C759, 0x30D158),
        ("mint", 0x00C7BE, 0x63E6E2), ("teal", 0x30B0C7, 0x40C8E0), ("cyan", 0x32ADE6, 0x64D2FF), ("blue", 0x007AFF, 0x0A84FF),
        ("accent", 0x007AFF, 0x0A84FF), ("indigo", 0x5856D6, 0x5E5CE6), ("purple", 0xAF52DE, 0xBF5AF2), ("pink", 0xFF2D55, 0xFF375F),
        ("brown", 0xA2845E, 0xAC8E68), ("gray", 0x8E8E93, 0x8E8E93), ("primary", 0x000000, 0xFFFFFF),
        ("systemBackground", 0xFFFFFF, 0x000000), ("black", 0x000000, 0x000000), ("white", 0xFFFFFF, 0xFFFFFF),
    ])
    func namedColoursTakeTheirDarkValue(name: String, light: Int, dark: Int) throws {
        let color = try #require(PickerColor(name))
        #expect(color.resolved(in: .light) == RGBAColor(hex: UInt32(light)))
        #expect(color.resolved(in: .dark) == RGBAColor(hex: UInt32(dark)))
    }

    @Test func semanticColoursWithAlpha() {
        #expect(PickerColor.secondary.resolved(in: .light) == RGBAColor(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.6))
        #expect(PickerColor.secondary.resolved(in: .dark) == RGBAColor(red: 235 / 255, green: 235 / 255, blue: 245 / 255, alpha: 0.6))
        #expect(
            PickerColor.tertiarySystemFill.resolved(in: .light) == RGBAColor(red: 118 / 255, green: 118 / 255, blue: 128 / 255, alpha: 0.12)
        )
        #expect(
            PickerColor.tertiarySystemFill.resolved(in: .dark) == RGBAColor(red: 118 / 255, green: 118 / 255, blue: 128 / 255, alpha: 0.24))
        // A fixed colour is the same in both schemes.
        #expect(PickerColor.hex("#123456").resolved(in: .dark) == PickerColor.hex("#123456").resolved(in: .light))
    }

    /// Dark mode: the default background becomes systemBackground's black, the default label accent's dark blue.
    @Test func darkModeChangesTheDefaults() throws {
        var spec = try PickerSpec(items: ["A"])
        #expect(spec.resolvedStyle.background == RGBAColor(hex: 0xFFFFFF))
        spec.style.colorScheme = .dark
        #expect(spec.resolvedStyle.background == RGBAColor(hex: 0x000000))
        #expect(spec.resolvedStyle.labelColor == RGBAColor(hex: 0x0A84FF))
        // A colour set explicitly by value stays as set.
        spec.style.background = .hex("#F2F2F7")
        #expect(spec.resolvedStyle.background == RGBAColor(hex: 0xF2F2F7))
    }

    @Test(arguments: [
        (DynamicTypeSize.xSmall, 14.0), (.small, 15), (.medium, 16), (.large, 17), (.xLarge, 19), (.xxLarge, 21), (.xxxLarge, 23),
        (.accessibility1, 28), (.accessibility2, 33), (.accessibility3, 40), (.accessibility4, 47), (.accessibility5, 53),
    ])
    func dynamicTypeScalesFontsAsUIFontMetricsScalesTheBodyStyle(size: DynamicTypeSize, body: Double) throws {
        #expect(size.bodySize == body)
        var spec = try PickerSpec(items: ["A"])
        spec.style.dynamicTypeSize = size
        // The default 17 pt font is the body size; a custom 13 pt font grows by the same factor.
        #expect(abs(spec.resolvedStyle.font.size - body) < 1e-9)
        spec.style.font.size = 13
        #expect(abs(spec.resolvedStyle.font.size - 13 * body / 17) < 1e-9)
        #expect(abs(spec.resolvedStyle.icon.size - 13 * body / 17) < 1e-9)
    }

    /// The segmented control as Flutter's iOS 17 reproduction gives it.
    @Test func theSegmentedPresetsMetrics() throws {
        var spec = try PickerSpec(items: ["A", "B"])
        spec.style.preset = .segmented
        let light = spec.resolvedStyle
        #expect(
            light.track
                == ResolvedTrack(
                    color: RGBAColor(red: 118 / 255, green: 118 / 255, blue: 128 / 255, alpha: 0.12), cornerRadius: 9,
                    padding: Padding(horizontal: 3, vertical: 2)))
        #expect(light.highlight.color == RGBAColor(hex: 0xFFFFFF))
        #expect(light.highlight.cornerRadius == 7 && light.highlight.opacity == 1 && light.highlight.layer == .background)
        #expect(
            light.highlight.shadows == [
                ResolvedShadow(color: RGBAColor(red: 0, green: 0, blue: 0, alpha: 0x1F / 255), x: 0, y: 3, blur: 8),
                ResolvedShadow(color: RGBAColor(red: 0, green: 0, blue: 0, alpha: 0x0A / 255), x: 0, y: 3, blur: 1),
            ])
        // 12 % and 4 % black, as the reference says.
        #expect(abs(light.highlight.shadows[0].color.alpha - 0.12) < 0.003 && abs(light.highlight.shadows[1].color.alpha - 0.04) < 0.003)
        #expect(
            light.separators
                == ResolvedSeparators(
                    color: RGBAColor(red: 142 / 255, green: 142 / 255, blue: 147 / 255, alpha: 0x4D / 255), width: 1, inset: 5))
        #expect(light.font.size == 13 && light.font.weight == 500 && light.selectedFont.weight == 600)
        #expect(light.distribution == .equal && light.labelColor == RGBAColor(hex: 0x000000))
        spec.style.colorScheme = .dark
        #expect(spec.resolvedStyle.highlight.color == RGBAColor(hex: 0x636366))
        #expect(spec.resolvedStyle.track?.color.alpha == 0.24)
    }

    /// UIKit's thumb spring, mass 1, stiffness 503.551, damping 44.8799, is the preset's spring(response: 0.28,
    /// dampingFraction: 1) in SwiftUI's terms (stiffness (2π/response)², damping 2√stiffness × fraction).
    @Test func theSegmentedPresetMovesWithUIKitsThumbSpring() throws {
        var spec = try PickerSpec(items: ["A", "B"], changes: [.select("B")])
        spec.style.preset = .segmented
        guard case .spring(let response, let fraction) = spec.resolvedAnimation(of: spec.changes[0]).curve else {
            Issue.record("the preset's curve is not a spring")
            return
        }
        let stiffness = pow(2 * Double.pi / response, 2)
        #expect(abs(stiffness - 503.551) / 503.551 < 0.001)
        #expect(abs(2 * stiffness.squareRoot() * fraction - 44.8799) / 44.8799 < 0.001)
        // A curve set by the change or the spec's animation still wins.
        spec.changes[0].curve = .easeIn
        #expect(spec.resolvedAnimation(of: spec.changes[0]).curve == .easeIn)
    }

    /// Every part of the preset is a field of its own: setting it overrides the preset's value and nothing else.
    @Test func everyPartOfThePresetCanBeOverridden() throws {
        var spec = try PickerSpec(items: ["A", "B"])
        spec.style.preset = .segmented
        spec.style.track = TrackStyle(color: .red)
        spec.style.separators = .hidden
        spec.style.highlight.shadows = []
        spec.style.selectedLabel.weight = .bold
        spec.style.highlight.cornerRadius = 3
        let style = spec.resolvedStyle
        #expect(style.track?.color == RGBAColor(hex: 0xFF3B30) && style.track?.cornerRadius == 9)
        #expect(style.separators == nil && style.highlight.shadows.isEmpty)
        #expect(style.selectedFont.weight == 700 && style.font.weight == 500)
        #expect(style.highlight.cornerRadius == 3 && style.highlight.color == RGBAColor(hex: 0xFFFFFF))
        // And on the plain look, a track or separators can be added on their own.
        var plain = try PickerSpec(items: ["A", "B"])
        plain.style.separators = .shown(SeparatorStyle())
        #expect(plain.resolvedStyle.separators?.width == 1 && plain.resolvedStyle.track == nil)
    }

    /// Right to left mirrors a horizontal picker as an HStack under `.rightToLeft` lays it out; a VStack is the same.
    @Test func rightToLeftPutsTheFirstItemRightmost() throws {
        var spec = try PickerSpec(items: ["A", "BB", "CCC"])
        let leftToRight = PickerLayout(spec: spec, measurer: FakeMeasurer())
        spec.style.layoutDirection = .rightToLeft
        let rightToLeft = PickerLayout(spec: spec, measurer: FakeMeasurer())
        #expect(rightToLeft.canvas == leftToRight.canvas)
        for (mirrored, original) in zip(rightToLeft.segments, leftToRight.segments) {
            #expect(mirrored.frame.x == leftToRight.canvas.width - original.frame.maxX)
            #expect(mirrored.frame.width == original.frame.width)
        }
        #expect(rightToLeft.segments[0].frame.x > rightToLeft.segments[2].frame.x)
        spec.style.orientation = .vertical
        spec.style.layoutDirection = .rightToLeft
        let vertical = PickerLayout(spec: spec, measurer: FakeMeasurer())
        spec.style.layoutDirection = .leftToRight
        #expect(vertical == PickerLayout(spec: spec, measurer: FakeMeasurer()))
    }

    @Test func anIconSitsOnTheLeadingSideOrOnTop() throws {
        var spec = try PickerSpec(items: [Item("a", icon: "a.svg"), Item("b", label: "", icon: "b.svg")])
        spec.style.icon = IconStyle(size: 10, spacing: 4)
        let sizes: [Size?] = [Size(width: 10, height: 10), Size(width: 10, height: 10)]
        let leading = PickerLayout(spec: spec, measurer: FakeMeasurer(), graphicSizes: sizes)
        let first = leading.segments[0]
        // Icon 10 + spacing 4 + label 10 ("a" is one 10 pt character).
        #expect(first.frame.width == 24)
        #expect(try #require(first.graphicFrame).maxX + 4 == first.labelFrame.x)
        // An icon alone takes no spacing.
        #expect(leading.segments[1].frame.width == 10)
        spec.style.layoutDirection = .rightToLeft
        let mirrored = PickerLayout(spec: spec, measurer: FakeMeasurer(), graphicSizes: sizes).segments[0]
        #expect(try #require(mirrored.graphicFrame).x == mirrored.labelFrame.maxX + 4)
        spec.style.layoutDirection = nil
        spec.style.icon.position = .top
        let top = PickerLayout(spec: spec, measurer: FakeMeasurer(), graphicSizes: sizes).segments[0]
        #expect(try #require(top.graphicFrame).maxY + 4 == top.labelFrame.y)
    }

    @Test func variantsAreTheProductNamedByWhatDiffersFromTheSpec() throws {
        var spec = try PickerSpec(items: ["A"])
        spec.variantAxes = VariantAxes(colorScheme: [.light, .dark], layoutDirection: [.leftToRight, .rightToLeft], scale: [2, 3])
        let names = spec.variants.map { $0.name("period") }
        #expect(
            names == [
                "period", "period@3x", "period-rtl", "period-rtl@3x", "period-dark", "period-dark@3x", "period-dark-rtl",
                "period-dark-rtl@3x",
            ])
        spec.variantAxes = VariantAxes(dynamicTypeSize: [.large, .accessibility2, .xSmall])
        #expect(spec.variants.map(\.suffix) == ["", "ax2", "xs"])
        // The suffix is relative to the spec's own values: a dark spec's light variant is "light".
        spec.style.colorScheme = .dark
        spec.variantAxes = VariantAxes(colorScheme: [.dark, .light])
        #expect(spec.variants.map(\.suffix) == ["", "light"])
        // A variant applied is the spec with those values and no variants of its own.
        let applied = spec.applying(spec.variants[1])
        #expect(applied.style.colorScheme == .light && applied.variantAxes == nil)
        #expect(try PickerSpec(items: ["A"]).variants == [try PickerSpec(items: ["A"]).defaultVariant])
    }

    /// A spec's variants together are at most `SpecLimits.maximumFramesInAllVariants` frames, checked by `validate`
    /// (so by the library as by the tool), naming `variants`.
    @Test func theVariantsTogetherAreWithinTheFrameLimit() throws {
        let many =
            #"{"items": ["A", "B"], "output": {"fps": 120}, "selection": {"tail": 7}, "variants": {"colorScheme": ["light", "dark"], "layoutDirection": ["leftToRight", "rightToLeft"], "dynamicTypeSize": ["xSmall", "small", "medium", "large", "xLarge", "xxLarge", "xxxLarge", "accessibility1"], "scale": [1, 2]}}"#
        let error = #expect(throws: SpecError.self) { try PickerSpec(json: Data(many.utf8), file: "many.json") }
        #expect(error?.path.description == "variants", "\(String(describing: error))")
        #expect(
            error?.description.contains("64 variants of 841 frames would be 53824 frames; at most 50000 in all") == true,
            "\(String(describing: error))")
        // One variant fewer on an axis is within it.
        let fewer = many.replacingOccurrences(of: #""scale": [1, 2]"#, with: #""scale": [1]"#)
        #expect(try PickerSpec(json: Data(fewer.utf8)).variants.count == 32)
    }

    /// One lookup by name for the tool's `--variant`, the snapshot API's `variants:` and the preview.
    @Test func aVariantIsFoundByItsNameAndDefaultIsTheSpecsOwn() throws {
        var spec = try PickerSpec(items: ["A"])
        spec.variantAxes = VariantAxes(colorScheme: [.light, .dark], scale: [2, 3])
        #expect(spec.variantNames == ["default", "@3x", "dark", "dark@3x"])
        #expect(spec.variant(named: "default") == spec.defaultVariant)
        #expect(spec.variant(named: "") == spec.defaultVariant)
        #expect(spec.variant(named: "dark@3x")?.colorScheme == .dark && spec.variant(named: "dark@3x")?.scale == 3)
        #expect(spec.variant(named: "rtl") == nil)
        #expect(spec.variants.map(\.label) == spec.variantNames)
    }

    @Test func tooManyOrRepeatedVariantsAreSpecErrors() {
        let many = specError(
            #"{"items": ["A"], "variants": {"colorScheme": ["light", "dark"], "layoutDirection": ["leftToRight", "rightToLeft"], "dynamicTypeSize": ["xSmall", "small", "medium", "large", "xLarge", "xxLarge", "xxxLarge", "accessibility1", "accessibility2"], "scale": [1, 2]}}"#
        )
        #expect(many?.path.description == "variants")
        #expect(many?.description.contains("72 variants; at most 64") == true)
        let twice = specError(#"{"items": ["A"], "variants": {"scale": [2, 3, 2]}}"#)
        #expect(twice?.path.description == "variants.scale[2]")
    }

    @Test func touchesShowAtEachChangeAndFadeShortlyAfter() throws {
        var spec = try PickerSpec(items: ["A", "BB"], initial: "A", changes: [.select("BB", after: 1), .deselect(after: 0.5)], tail: 0)
        spec.touches = TouchStyle(diameter: 30)
        let layout = PickerLayout(spec: spec, measurer: FakeMeasurer())
        let timeline = Timeline(spec: spec, layout: layout)
        #expect(timeline.state(at: 0.99).touches.isEmpty)
        let touch = try #require(timeline.state(at: 1).touches.first)
        #expect(touch.center == layout.segments[1].frame.center && touch.diameter == 30 && touch.opacity == 1)
        #expect((timeline.state(at: 1 + TouchStyle.holdTime).touches.first?.opacity ?? 0) > 0.999)
        let fading = try #require(timeline.state(at: 1 + TouchStyle.holdTime + TouchStyle.fadeTime / 2).touches.first).opacity
        #expect(abs(fading - 0.5) < 1e-9)
        #expect(timeline.state(at: 1 + TouchStyle.holdTime + TouchStyle.fadeTime).touches.isEmpty)
        // Deselecting is no tap on an item: no touch.
        #expect(timeline.state(at: 1.5).touches.isEmpty)
        // The animation lasts until the last touch has gone, so the last frame shows none.
        #expect(timeline.settleTime >= 1 + TouchStyle.holdTime + TouchStyle.fadeTime)
        #expect(timeline.state(forFrame: timeline.frameCount - 1).touches.isEmpty)
    }

    @Test func theSelectedLabelCrossFadesAsTheHighlightArrives() throws {
        var spec = try PickerSpec(items: ["A", "B"], initial: "A", changes: [.select("B", after: 1, curve: .linear, duration: 1)])
        spec.style.selectedLabel.weight = .bold
        spec.style.spacing = 0
        let timeline = Timeline(spec: spec, layout: PickerLayout(spec: spec, measurer: FakeMeasurer()))
        #expect(timeline.state(at: 0).selection == [1, 0])
        let halfway = timeline.state(at: 1.5).selection
        #expect(abs(halfway[0] - 0.5) < 1e-9 && abs(halfway[1] - 0.5) < 1e-9)
        #expect(timeline.state(at: 2).selection == [0, 1])
        // The plain look has nothing that follows the selection: no per-item amounts to track.
        let plain = try PickerSpec(items: ["A", "B"], initial: "A")
        #expect(Timeline(spec: plain, layout: PickerLayout(spec: plain, measurer: FakeMeasurer())).state(at: 0).selection.isEmpty)
    }
}
