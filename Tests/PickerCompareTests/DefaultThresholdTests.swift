import PickerCompare
import PickerKit
import PickerRender
import Testing

/// The cases behind the default metric and threshold (docs/compare.md), each stated as a test on every frame of
/// the seed demo: what a reviewer sees fails, other hint styles pass, and what the default also reports.
@Suite("The defaults catch what a reviewer sees")
struct DefaultThresholdTests {
    /// Frames that differ, and the most differing pixels in one frame, at `settings`.
    static func measure(_ pairs: [(expected: RGBAImage, actual: RGBAImage)], _ settings: ComparisonSettings) -> (
        frames: Int, most: Int, least: Int
    ) {
        let counts = pairs.map {
            ImageComparison.compare(expected: $0.expected, actual: $0.actual, settings: settings).pixels?.differentPixels ?? Int.max
        }
        return (counts.count { $0 > 0 }, counts.max() ?? 0, counts.min() ?? 0)
    }

    @Test("the default (YIQ, 0.02) and OKLab at its default (0.015)", arguments: ReviewerCases.all)
    func variant(_ variant: ReviewerCases.Variant) throws {
        let pairs = try ReviewerCases.framePairs(variant)
        try #require(pairs.count >= 100)
        let standard = Self.measure(pairs, ComparisonSettings())
        let oklab = Self.measure(pairs, ComparisonSettings(metric: .oklab))
        print(
            "figures | \(variant.name) | \(variant.expectation.rawValue) | yiq 0.02: \(standard.frames)/\(pairs.count) frames, \(standard.least)–\(standard.most) px | oklab 0.015: \(oklab.frames)/\(pairs.count) frames, \(oklab.least)–\(oklab.most) px"
        )
        switch variant.expectation {
        case .fails:
            #expect(standard.frames == pairs.count, "\(variant.name): every frame must differ at the default")
            #expect(oklab.frames == pairs.count, "\(variant.name): every frame must differ with OKLab at its default")
        case .passes:
            #expect(standard.frames == 0, "\(variant.name): no frame may differ at the default")
            // The documented cost of OKLab: a few frames differ by a pixel under other hinting.
            #expect(oklab.frames <= 3 && oklab.most <= 1, "\(variant.name): OKLab at its default")
        case .reported:
            #expect(standard.frames == pairs.count, "\(variant.name): the default reports it, as docs/compare.md says")
        }
    }

    @Test("the snapshot API and the command compare with the same defaults")
    func sameDefaults() {
        let settings = ComparisonSettings()
        #expect(settings.metric == .yiq && settings.threshold == 0.02)
        #expect(ComparisonSettings(metric: .oklab).threshold == 0.015)
        #expect(ComparisonSettings.defaultThreshold == 0.02)
    }
}
