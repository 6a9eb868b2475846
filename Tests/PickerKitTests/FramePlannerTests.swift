import PickerKit
import Testing

/// The one frame planner every animated format shares (`FrameScheduler`): identical frames merged, the shortest delay
/// kept, the last picture at the end, and a hold split into the pieces one container frame can last.
@Suite("One frame planner")
struct FramePlannerTests {
    @Test("a hold longer than a container frame is split into as few pieces as fit, none over the longest or under the shortest")
    func holdsAreSplitIntoPieces() {
        for (maximum, minimum) in [(65_535, 2), ((1 << 24) - 1, 11), (10, 3)] {
            let lengths = [
                0, 1, minimum, maximum - 1, maximum, maximum + 1, maximum + minimum - 1, maximum + minimum, 2 * maximum, 2 * maximum + 1,
                3 * maximum + 7,
            ]
            for ticks in lengths {
                let pieces = FrameScheduler.pieces(of: ticks, maximum: maximum, minimum: minimum)
                #expect(pieces.reduce(0, +) == ticks, "\(ticks) ticks as \(pieces)")
                #expect(pieces.allSatisfy { $0 <= maximum }, "\(ticks) ticks as \(pieces)")
                #expect(ticks < minimum || pieces.allSatisfy { $0 >= minimum }, "\(ticks) ticks as \(pieces)")
                #expect(pieces.count == max(1, (ticks + maximum - 1) / maximum), "\(ticks) ticks as \(pieces)")
            }
        }
    }

    @Test("each hold lasts from its start until the next, the last until the end")
    func holdsLastUntilTheNextStart() {
        let holds = FrameScheduler.holds(
            starts: [0, 2, 4, 6, 30], end: 100, repeatsPrevious: [false, false, true, true, false], minimumDelay: 4)
        #expect(
            holds == [
                FrameScheduler.Hold(start: 0, sourceIndex: 0, ticks: 4), FrameScheduler.Hold(start: 4, sourceIndex: 1, ticks: 26),
                FrameScheduler.Hold(start: 30, sourceIndex: 4, ticks: 70),
            ])
        #expect(FrameScheduler.holds(starts: [], end: 10, repeatsPrevious: [], minimumDelay: 2).isEmpty)
    }
}
