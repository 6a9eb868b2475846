import PickerGIF
import PickerKit
import Testing

/// The GIF's plan is the one frame planner (`FrameScheduler.holds` and `pieces`) on the GIF's centisecond clock.
@Suite("GIF on the one frame planner")
struct GIFOneFramePlannerTests {
    @Test func gifFramesAreTheSharedHoldsInCentiseconds() throws {
        for fps in [7.5, 24, 29.97, 30, 60, 120] {
            for duration in [0.0, 0.5, 1.01, 3.4, 700] {
                let frameCount = Int((min(duration, 2) * fps).rounded(.down)) + 1
                let repeats = (0..<frameCount).map { $0 > 0 && $0 % 3 == 0 }
                let plan = try GIFFramePlan(frameCount: frameCount, fps: fps, duration: duration, repeatsPrevious: repeats)
                let holds = FrameScheduler.holds(
                    starts: (0..<frameCount).map { Int((Double($0) / fps * 100).rounded()) }, end: Int((duration * 100).rounded()),
                    repeatsPrevious: repeats, minimumDelay: GIFFramePlan.minimumDelay)
                let expected = holds.flatMap { hold in
                    FrameScheduler.pieces(of: hold.ticks, maximum: GIFFramePlan.maximumDelay, minimum: GIFFramePlan.minimumDelay).map {
                        GIFFramePlan.Frame(sourceIndex: hold.sourceIndex, delay: $0)
                    }
                }
                #expect(plan.frames == expected, "\(fps) fps, \(duration) s")
            }
        }
    }
}
