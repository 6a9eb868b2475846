import Foundation
import PickerReel
import Testing

/// One rule, in `Timeline`: from `settledFrom` on every picture is the last frame's, the settled state, and the
/// timeline's `state(at:)` says so at the same moments as the pictures `Renderer.image(at:)` draws.
@Suite("The settled last frame")
struct SettledMomentTests {
    /// A change that settles at 0.44 s with no tail: 0.44 × 30 fps rounds down, so the last frame (0.433 s) comes
    /// before everything has settled and shows the settled state from its own time.
    func settlingAfterTheLastFrame() throws -> PickerSpec {
        try PickerSpec(
            json: Data(
                #"{"items": ["A", "B", "C"], "selection": {"initial": "A", "sequence": [{"select": "C", "after": 0.1, "duration": 0.34}], "tail": 0}, "output": {"fps": 30, "scale": 1}}"#
                    .utf8))
    }

    @Test func theTimelineAndThePicturesAgreeOnWhenThePictureIsSettled() throws {
        for spec in [try settlingAfterTheLastFrame(), .seedDemo] {
            let renderer = try Renderer(spec)
            let timeline = renderer.timeline
            let last = renderer.frameCount - 1
            let settledPicture = try renderer.image(frame: last)
            let settledState = timeline.state(forFrame: last)
            #expect(timeline.state(at: timeline.settledFrom) == settledState)
            var moments = stride(from: 0.0, through: renderer.duration + 0.1, by: 1 / 240).map { $0 }
            moments += [timeline.settledFrom, timeline.time(ofFrame: last), timeline.settleTime, renderer.duration]
            for time in moments {
                let pictureSettled = try renderer.image(at: time) == settledPicture
                let stateSettled = timeline.state(at: time) == settledState
                #expect(
                    pictureSettled == stateSettled,
                    "at \(time) s the picture is \(pictureSettled ? "" : "not ")settled, the timeline's state \(stateSettled ? "is" : "is not")"
                )
                #expect(!stateSettled || timeline.highlight(at: time) == settledState.highlight)
            }
        }
    }

    @Test func aLastFrameBeforeEverythingHasSettledShowsTheSettledStateFromItsOwnTime() throws {
        let renderer = try Renderer(try settlingAfterTheLastFrame())
        let timeline = renderer.timeline
        let lastTime = timeline.time(ofFrame: renderer.frameCount - 1)
        #expect(lastTime < timeline.settleTime)
        #expect(timeline.settledFrom == lastTime)
        let between = (lastTime + timeline.settleTime) / 2
        #expect(timeline.state(at: between) == timeline.state(forFrame: renderer.frameCount - 1))
        #expect(try renderer.image(at: between) == renderer.image(frame: renderer.frameCount - 1))
    }
}
