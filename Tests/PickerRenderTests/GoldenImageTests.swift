import Foundation
import PickerCompare
import PickerSnapshot
import TestSupport
import Testing

/// The example specs' frames against the goldens in Fixtures/golden, through `assertPickerSnapshot`.
///
/// The same API other packages use. Re-record with `PICKERREEL_RECORD=1 swift test --filter GoldenImageTests`, then
/// look at the pictures before committing them.
/// A golden no test of the suite reads is reported after it (a failure with `PICKERREEL_RECORD=never`).
@Suite("Golden images", .snapshotOrphans(in: repositoryRoot.appendingPathComponent("Fixtures/golden").path))
struct GoldenImageTests {
    /// Where the project keeps its goldens: in Fixtures, not beside the tests, like every other fixture.
    static let goldenFolder = repositoryRoot.appendingPathComponent("Fixtures/golden").path

    /// At most 0.2 % of a frame's pixels may differ beyond anti-aliasing.
    ///
    /// Goldens are compared on other machines, whose fonts rasterise a little differently, so not exactly. Measured
    /// on the seed demo: shifting the whole picker by 0.05 to 0.2 pt changes 0.12 % to 0.18 % of the pixels beyond
    /// anti-aliasing (Pango puts glyphs on whole pixels, so thin stems jump by one), which this absorbs; moving the
    /// highlight by 2 pt changes 0.5 %, and the whole picker by 1 pt 1.3 % to 4 %, which it catches. A highlight off
    /// by one frame mid-move is several points away, far beyond it. Moves of 1 pt or less of the highlight alone
    /// are mostly anti-aliasing and pass; the API tests check those with the exact default.
    static let tolerance = Tolerance.ratio(0.002)

    /// The path of an example spec.
    static func spec(_ name: String) -> String {
        repositoryRoot.appendingPathComponent("Fixtures/specs/\(name).json").path
    }

    /// Day at rest, Day → Week mid-move, and Year → Day rushing back across the picker.
    @Test func seedDemo() throws {
        try assertPickerSnapshot(
            ofSpecFile: Self.spec("seed-demo"), as: .frames(at: [0, 0.78, 2.5]), named: "seed-demo", tolerance: Self.tolerance,
            snapshotDirectory: Self.goldenFolder)
    }

    /// Fading in on 3, the spring towards 8 at its furthest, overshooting 1 at the top, and fading out.
    @Test func numbersVertical() throws {
        try assertPickerSnapshot(
            ofSpecFile: Self.spec("numbers-vertical"), as: .frames(at: [0.5, 1.43, 1.9, 2.55]), named: "numbers-vertical",
            tolerance: Self.tolerance, snapshotDirectory: Self.goldenFolder)
    }
}
