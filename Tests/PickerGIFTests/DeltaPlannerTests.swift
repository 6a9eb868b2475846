import Testing

@testable import PickerGIF

@Suite("Delta frames and disposal")
struct DeltaPlannerTests {
    /// A 4 × 1 canvas whose transparent index is 9.
    private let transparent: UInt8 = 9

    private func summary(_ frames: [DeltaFrame]) -> [String] {
        frames.map { frame in
            let pixels = (frame.rect.x..<(frame.rect.x + frame.rect.width)).map { frame.index(at: $0, transparentIndex: transparent) }
            return
                "\(frame.sourceIndex) x\(frame.rect.x)+\(frame.rect.width) \(pixels) \(frame.delay)cs\(frame.clearsAfterwards ? " clears" : "")"
        }
    }

    @Test("clearing goes through the frame before: exactly for an empty one, by a split for a long one, by widening otherwise")
    func clearing() {
        var planner = DeltaPlanner(width: 4, height: 1, transparentIndex: transparent)
        let all = [true, true, true, true]
        #expect(planner.add(target: [1, 1, 9, 9], changed: all, sourceIndex: 0, delay: 10).isEmpty)
        // Nothing changes: frame 1 draws nothing.
        #expect(
            summary(planner.add(target: [1, 1, 9, 9], changed: [false, false, false, false], sourceIndex: 1, delay: 10)) == [
                "0 x0+4 [1, 1, 9, 9] 10cs"
            ])
        // Pixel 0 turns transparent: the empty frame 1 clears just that pixel.
        #expect(
            summary(planner.add(target: [9, 1, 9, 9], changed: [true, false, false, false], sourceIndex: 2, delay: 3)) == [
                "1 x0+1 [9] 10cs clears"
            ])
        // Pixel 2 turns opaque; frame 2 had nothing left to draw once pixel 0 was cleared.
        #expect(
            summary(planner.add(target: [9, 1, 1, 9], changed: [false, false, true, false], sourceIndex: 3, delay: 3)) == ["2 x0+1 [9] 3cs"]
        )
        // Pixel 1 turns transparent after a 3 cs frame: that frame widens to clear it.
        #expect(
            summary(planner.add(target: [9, 9, 1, 9], changed: [false, true, false, false], sourceIndex: 4, delay: 4)) == [
                "3 x1+2 [9, 1] 3cs clears"
            ])
        // Pixel 2 turns transparent after a 4 cs frame: it keeps 2 cs and a 2 cs frame of its picture clears.
        #expect(
            summary(planner.add(target: [9, 9, 9, 9], changed: [false, false, true, false], sourceIndex: 5, delay: 2))
                == ["4 x2+1 [1] 2cs", "4 x2+1 [9] 2cs clears"])
        #expect(summary(planner.finish().map { [$0] } ?? []) == ["5 x0+1 [9] 2cs"])
    }
}
