import PickerKit
import PickerWebP
import Testing

/// WebP's plan is the one frame planner (`FrameScheduler.holds` and `pieces`) on WebP's millisecond clock.
@Suite("WebP on the one frame planner")
struct WebPOneFramePlannerTests {
    @Test func webpFramesAreTheSharedHoldsInMilliseconds() throws {
        for fps in [7.5, 24, 29.97, 30, 60, 120] {
            for duration in [0.0, 0.5, 1.01, 3.4] {
                let frameCount = Int((duration * fps).rounded(.down)) + 1
                let repeats = (0..<frameCount).map { $0 > 0 && $0 % 3 == 0 }
                let plan = try WebPFramePlan(frameCount: frameCount, fps: fps, duration: duration, repeatsPrevious: repeats)
                let holds = FrameScheduler.holds(
                    starts: (0..<frameCount).map { Int((Double($0) / fps * 1000).rounded()) }, end: Int((duration * 1000).rounded()),
                    repeatsPrevious: repeats, minimumDelay: WebPFramePlan.minimumFrameDuration)
                var expected: [WebPFramePlan.Frame] = []
                for hold in holds {
                    var start = hold.start
                    for piece in FrameScheduler.pieces(
                        of: hold.ticks, maximum: WebPFramePlan.maximumFrameDuration, minimum: WebPFramePlan.minimumFrameDuration)
                    {
                        expected.append(WebPFramePlan.Frame(sourceIndex: hold.sourceIndex, timestamp: start, duration: piece))
                        start += piece
                    }
                }
                #expect(plan.frames == expected, "\(fps) fps, \(duration) s")
            }
        }
    }
}
