import PickerKit
import Testing

@testable import PickerCompare

/// The thresholds behind the choice of the default (docs/compare.md): a variant's critical threshold is the largest
/// distance among its pixels that are not anti-aliasing, so a frame differs exactly below it.
@Suite("Critical thresholds of the measured cases")
struct CriticalThresholdTests {
    /// The critical threshold of each frame pair under `metric`.
    static func critical(_ pairs: [(expected: RGBAImage, actual: RGBAImage)], _ metric: ColorMetric) -> [Double] {
        pairs.map { pair in
            switch metric {
            case .yiq:
                return worst(pair, distance: YIQDistance(threshold: 0)) { e, a, o in
                    (YIQDistance.squared(e, o, a, o) / YIQDistance.maximum).squareRoot()
                }
            case .oklab:
                return worst(pair, distance: OKLabDistance(threshold: 0)) { e, a, o in
                    if e[o + 3] == 255 && a[o + 3] == 255 {
                        return OKLabColor(opaque: e[o], e[o + 1], e[o + 2]).distance(to: OKLabColor(opaque: a[o], a[o + 1], a[o + 2]))
                    }
                    let backdrop = OKLabDistance.checkerboard(atByte: o)
                    return OKLabColor(blending: e, o, over: backdrop).distance(to: OKLabColor(blending: a, o, over: backdrop))
                }
            }
        }
    }

    static func worst<Distance: PixelDistance>(
        _ pair: (expected: RGBAImage, actual: RGBAImage), distance: Distance,
        _ measure: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>, Int) -> Double
    ) -> Double {
        let (expected, actual) = pair
        let detector = AntialiasingDetector(width: expected.width, height: expected.height, distance: distance)
        var worst = 0.0
        expected.pixels.withUnsafeBufferPointer { e in
            actual.pixels.withUnsafeBufferPointer { a in
                for y in 0..<expected.height {
                    for x in 0..<expected.width {
                        let offset = (y * expected.width + x) * 4
                        guard !e.samePixel(at: offset, as: a, at: offset) else { continue }
                        let value = measure(e, a, offset)
                        guard value > worst else { continue }
                        if detector.isAntialiased(x: x, y: y, in: e, comparedWith: a)
                            || detector.isAntialiased(x: x, y: y, in: a, comparedWith: e)
                        {
                            continue
                        }
                        worst = value
                    }
                }
            }
        }
        return worst
    }

    @Test("YIQ has a window between other hinting (below 0.02) and a 0.05 opacity change (above it); OKLab has none")
    func window() throws {
        let hinting = try ReviewerCases.framePairs(try #require(ReviewerCases.rasterVariants.first))
        let fainter = try ReviewerCases.framePairs(try #require(ReviewerCases.geometryVariants.first { $0.name == "opacity 0.35" }))
        let yiqHinting = try #require(Self.critical(hinting, .yiq).max())
        let yiqFainter = try #require(Self.critical(fainter, .yiq).min())
        let oklabHinting = try #require(Self.critical(hinting, .oklab).max())
        let oklabFainter = try #require(Self.critical(fainter, .oklab).min())
        print("critical | hinting yiq \(yiqHinting) oklab \(oklabHinting) | opacity 0.35 yiq \(yiqFainter) oklab \(oklabFainter)")
        #expect(yiqHinting < ColorMetric.yiq.defaultThreshold && ColorMetric.yiq.defaultThreshold < yiqFainter)
        #expect(oklabFainter < oklabHinting)
        #expect(ColorMetric.oklab.defaultThreshold < oklabFainter)
    }
}
