import Testing

@testable import PickerKit

@Suite("Layout")
struct LayoutTests {
    let measurer = FakeMeasurer()

    @Test func horizontalFitPlacesSegmentsInARow() throws {
        let spec = try PickerSpec(items: ["Day", "Week"])
        let layout = PickerLayout(spec: spec, measurer: measurer)
        // Day is 30 × 20, Week is 40 × 20; spacing 8, padding 16.
        #expect(layout.segments[0].frame == Rect(x: 16, y: 16, width: 30, height: 20))
        #expect(layout.segments[1].frame == Rect(x: 54, y: 16, width: 40, height: 20))
        #expect(layout.canvas == Size(width: 16 + 30 + 8 + 40 + 16, height: 52))
        #expect(layout.pixelSize(scale: 2) == (220, 104))
    }

    @Test func segmentPaddingSurroundsTheLabelAndTheLabelIsCentred() throws {
        var spec = try PickerSpec(items: ["Hi"])
        spec.style.segmentPadding = Padding(horizontal: 5, vertical: 3)
        let layout = PickerLayout(spec: spec, measurer: measurer)
        #expect(layout.segments[0].frame == Rect(x: 16, y: 16, width: 30, height: 26))
        #expect(layout.segments[0].labelFrame == Rect(x: 21, y: 19, width: 20, height: 20))
    }

    @Test func equalDistributionMakesEverySegmentAsLargeAsTheLargest() throws {
        var spec = try PickerSpec(items: [1, 100])
        spec.style.distribution = .equal
        let layout = PickerLayout(spec: spec, measurer: measurer)
        #expect(layout.segments.map(\.frame.width) == [30, 30])
        #expect(layout.segments[1].frame.x == 16 + 30 + 8)
        // The short label is centred in its widened segment.
        #expect(layout.segments[0].labelFrame.x == 16 + 10)
    }

    @Test func verticalCentresSegmentsOnTheCrossAxis() throws {
        var spec = try PickerSpec(items: ["A", "Long"])
        spec.style.orientation = .vertical
        spec.style.spacing = 4
        spec.style.padding = 10
        let layout = PickerLayout(spec: spec, measurer: measurer)
        #expect(layout.segments[0].frame == Rect(x: 10 + 15, y: 10, width: 10, height: 20))
        #expect(layout.segments[1].frame == Rect(x: 10, y: 34, width: 40, height: 20))
        #expect(layout.canvas == Size(width: 60, height: 10 + 20 + 4 + 20 + 10))
    }

    @Test func labelOriginAccountsForALogicalRectThatDoesNotStartAtZero() throws {
        struct OffsetMeasurer: TextMeasurer {
            func logicalExtents(of text: String, font: ResolvedFont) -> Rect { Rect(x: -2, y: 3, width: 20, height: 10) }
        }
        var spec = try PickerSpec(items: ["x"])
        spec.style.padding = 0
        let layout = PickerLayout(spec: spec, measurer: OffsetMeasurer())
        #expect(layout.segments[0].labelOrigin.x == 2)
        #expect(layout.segments[0].labelOrigin.y == -3)
    }

    @Test func pixelSizeRoundsUpButForgivesFloatingPointNoise() {
        #expect(PickerLayout.pixels(100.0000000001) == 100)
        #expect(PickerLayout.pixels(100.01) == 101)
        #expect(PickerLayout.pixels(0) == 1)
    }
}
