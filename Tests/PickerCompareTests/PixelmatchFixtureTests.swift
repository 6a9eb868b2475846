import Foundation
import PickerCompare
import PickerKit
import PickerRender
import Testing

/// Each metric against the pixelmatch version it comes from, on that version's own test fixtures
/// (Fixtures/pixelmatch/, copied from mapbox/pixelmatch; see the README there) with the options each of its tests
/// uses and the counts it expects.
@Suite("pixelmatch's own test suite")
struct PixelmatchFixtureTests {
    /// One `diffTest(...)` line of pixelmatch's test/test.js.
    struct Case: CustomTestStringConvertible, Sendable {
        var expected: String
        var actual: String
        var threshold: Double?
        var includesAntialiasing = false
        var count: Int
        /// pixelmatch's diff picture for the pair, in the folder of that version, when its colours are the defaults.
        var diff: String?

        var testDescription: String {
            "\(expected)/\(actual) at threshold \(threshold.map { "\($0)" } ?? "default") → \(count)"
        }
    }

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/pixelmatch")

    static func picture(_ name: String) throws -> RGBAImage {
        try PNGFile.read(folder.appendingPathComponent("\(name).png").path)
    }

    /// The cases of pixelmatch 6.0.0 (ad43c33), test/test.js; its default threshold is 0.1.
    ///
    /// The 1a/1b count at the default
    /// threshold (106) is from the test 7.0.0 added for it, on pictures that are opaque, so unchanged by 7.0's
    /// checkerboard.
    static let yiqCases: [Case] = [
        Case(expected: "1a", actual: "1b", threshold: 0.05, count: 143, diff: "diff-6.0.0/1diff"),
        Case(expected: "1a", actual: "1b", threshold: 0.1, count: 106),
        Case(expected: "1a", actual: "1a", threshold: 0, count: 0),
        Case(expected: "2a", actual: "2b", threshold: 0.05, count: 12437),
        Case(expected: "3a", actual: "3b", threshold: 0.05, count: 212, diff: "diff-6.0.0/3diff"),
        Case(expected: "4a", actual: "4b", threshold: 0.05, count: 36049, diff: "diff-6.0.0/4diff"),
        Case(expected: "5a", actual: "5b", threshold: 0.05, count: 0, diff: "diff-6.0.0/5diff"),
        Case(expected: "6a", actual: "6b", threshold: 0.05, count: 51, diff: "diff-6.0.0/6diff"),
        Case(expected: "6a", actual: "6a", threshold: 0, count: 0),
        Case(expected: "7a", actual: "7b", threshold: 0.1, count: 2448, diff: "diff-6.0.0/7diff"),
    ]

    /// pixelmatch at c6fee35 (the OKLab HyAB metric, after release 7.2.0), test/test.js; default threshold 0.1.
    static let oklabCases: [Case] = [
        Case(expected: "1a", actual: "1b", threshold: 0.05, count: 154, diff: "diff-c6fee35/1diff"),
        Case(expected: "1a", actual: "1b", threshold: 0.1, count: 120),
        Case(expected: "1a", actual: "1a", threshold: 0, count: 0),
        Case(expected: "2a", actual: "2b", threshold: 0.05, count: 12821),
        Case(expected: "3a", actual: "3b", threshold: 0.05, count: 220, diff: "diff-c6fee35/3diff"),
        Case(expected: "4a", actual: "4b", threshold: 0.05, count: 36563, diff: "diff-c6fee35/4diff"),
        Case(expected: "5a", actual: "5b", threshold: 0.05, count: 0, diff: "diff-c6fee35/5diff"),
        Case(expected: "6a", actual: "6b", threshold: 0.05, count: 51, diff: "diff-c6fee35/6diff"),
        Case(expected: "6a", actual: "6a", threshold: 0, count: 0),
        Case(expected: "7a", actual: "7b", threshold: 0.1, count: 2440, diff: "diff-c6fee35/7diff"),
        Case(expected: "8a", actual: "5b", threshold: 0.05, count: 32896, diff: "diff-c6fee35/8diff"),
    ]

    @Test("YIQ gives pixelmatch 6's counts and marks the same pixels", arguments: yiqCases)
    func yiq(_ testCase: Case) throws {
        try check(testCase, metric: .yiq)
    }

    @Test("OKLab gives the counts of pixelmatch's OKLab metric and marks the same pixels", arguments: oklabCases)
    func oklab(_ testCase: Case) throws {
        try check(testCase, metric: .oklab)
    }

    /// Compares the pair as the case says; the count must be pixelmatch's, and when its diff picture is at hand,
    /// every pixel must be marked the same way: different, anti-aliasing, or neither.
    func check(_ testCase: Case, metric: ColorMetric) throws {
        let settings = ComparisonSettings(
            metric: metric, threshold: testCase.threshold, includesAntialiasing: testCase.includesAntialiasing,
            drawsDiffImage: testCase.diff != nil)
        let result = ImageComparison.compare(
            expected: try Self.picture(testCase.expected), actual: try Self.picture(testCase.actual), settings: settings)
        let pixels = try #require(result.pixels)
        #expect(pixels.differentPixels == testCase.count)
        guard let diffName = testCase.diff else { return }
        let theirs = try Self.picture(diffName)
        let ours = try #require(pixels.diffImage)
        try #require(theirs.width == ours.width && theirs.height == ours.height)
        var disagreements = 0
        for y in 0..<ours.height {
            for x in 0..<ours.width where Self.mark(ours.pixel(x: x, y: y)) != Self.mark(theirs.pixel(x: x, y: y)) {
                disagreements += 1
            }
        }
        #expect(disagreements == 0, "\(disagreements) pixels marked differently from \(diffName).png")
    }

    /// How a diff picture marks a pixel: 1 different (red, or pixelmatch's alternative green for darker pixels),
    /// 2 anti-aliasing (yellow), 0 neither (grey).
    static func mark(_ pixel: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)) -> Int {
        switch (pixel.red, pixel.green, pixel.blue) {
        case (255, 0, 0), (0, 255, 0): return 1
        case (255, 255, 0): return 2
        default: return 0
        }
    }

    @Test("OKLab: the toe keeps near-black differences small, as pixelmatch's own unit tests say")
    func nearBlack() {
        #expect(Self.count((0, 0, 0, 255), (13, 13, 13, 255), threshold: 0.1) == 0)
        #expect(Self.count((0, 0, 0, 255), (23, 23, 23, 255), threshold: 0.1) == 1)
    }

    @Test("OKLab separates the colour pairs of mapbox/pixelmatch#127 that YIQ scores as near-identical")
    func issue127Pairs() {
        #expect(Self.count((41, 56, 157, 255), (41, 56, 0, 255), threshold: 0.1) == 1)
        #expect(Self.count((39, 44, 92, 255), (39, 44, 14, 255), threshold: 0.1) == 1)
        #expect(Self.count((0, 254, 252, 255), (94, 254, 252, 255), threshold: 0.1) == 0)
        #expect(Self.count((0, 254, 252, 255), (47, 254, 252, 255), threshold: 0.1) == 0)
    }

    @Test("OKLab: translucent pixels are blended over a checkerboard, so half-transparent black is not opaque grey")
    func checkerboard() {
        #expect(Self.count((0, 0, 0, 128), (127, 127, 127, 255), threshold: 0.1) == 1)
    }

    @Test("YIQ: pixels whose alphas differ are also blended over black, so half-transparent black is not opaque grey")
    func yiqOverBlack() {
        // Over white alone, as pixelmatch blends, the two are the same colour; over black they are not.
        #expect(Self.count((0, 0, 0, 128), (127, 127, 127, 255), threshold: 0.1, metric: .yiq) == 1)
        // Equal alphas are blended over white only: pixelmatch's counts, which its fixtures above pin.
        #expect(Self.count((0, 0, 0, 128), (0, 0, 0, 128), threshold: 0, metric: .yiq) == 0)
        #expect(Self.count((250, 250, 250, 128), (255, 255, 255, 128), threshold: 0.1, metric: .yiq) == 0)
    }

    /// Differing pixels between two 1 × 1 pictures.
    static func count(
        _ first: (UInt8, UInt8, UInt8, UInt8), _ second: (UInt8, UInt8, UInt8, UInt8), threshold: Double, metric: ColorMetric = .oklab
    ) -> Int? {
        let settings = ComparisonSettings(metric: metric, threshold: threshold)
        return ImageComparison.compare(
            expected: RGBAImage(width: 1, height: 1, filledWith: first), actual: RGBAImage(width: 1, height: 1, filledWith: second),
            settings: settings
        ).pixels?.differentPixels
    }
}
