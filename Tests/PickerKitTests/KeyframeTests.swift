import Testing

@testable import PickerKit

/// The keyframes the animated SVG is written from: where they sample, and what they show at the end.
@Suite("Keyframes")
struct KeyframeTests {
    /// A change to CCC at `after` with an ease-in-out over 0.35 s, at `fps`, no tail, touches on.
    private func shortTail(fps: Double, after: Double) -> Timeline {
        var (spec, layout) = threeItemSpec(
            changes: [SelectionChange(selection: .string("CCC"), after: after, curve: .easeInOut, duration: 0.35)], tail: 0)
        spec.output.fps = fps
        spec.touches = TouchStyle()
        spec.style.separators = .shown(SeparatorStyle())
        layout = PickerLayout(spec: spec, measurer: FakeMeasurer())
        return Timeline(spec: spec, layout: layout)
    }

    @Test("fps 1, no tail: the single frame is the settled state, and so is every key of every track")
    func aSingleFrameIsSettledThroughout() throws {
        let timeline = shortTail(fps: 1, after: 0)
        #expect(timeline.frameCount == 1 && timeline.settledEarly == 0)
        let settled = Rect(x: 30, y: 0, width: 30, height: 20)
        let rect = try #require(timeline.rectKeyframes(samplesPerSecond: 60))
        #expect(rect.values.allSatisfy { $0 == [settled.x, settled.y, settled.width, settled.height] }, "\(rect.values)")
        #expect(Set(timeline.opacityKeyframes(samplesPerSecond: 60).values).count == 1)
        let last = timeline.state(forFrame: 0).selection
        for (item, track) in timeline.selectionKeyframes(samplesPerSecond: 60).enumerated() {
            #expect(track.values.allSatisfy { $0 == [last[item]] }, "item \(item): \(track.values)")
        }
        for touch in timeline.touchKeyframes() { #expect(touch.track.values.allSatisfy { $0 == [0] }, "\(touch.track.values)") }
    }

    @Test("fps 2, no tail: the motion runs until the last frame's time, then every track jumps to the settled state")
    func aLastFrameBeforeSettlingCutsTheMotionShort() throws {
        // The change runs from 0.25 s to 0.6 s; frames at 0 and 0.5 s, the last one settled.
        let timeline = shortTail(fps: 2, after: 0.25)
        #expect(timeline.frameCount == 2 && timeline.settledEarly == 0.5)
        let rect = try #require(timeline.rectKeyframes(samplesPerSecond: 60))
        let keys = rect.times.indices.filter { rect.times[$0] == 0.5 }
        #expect(keys.count == 2, "\(rect.times)")
        if keys.count == 2 {
            // Just before the cut: where the motion is then; from it: the settled rect, held to the end.
            #expect(isClose(rect.values[keys[0]][0], timeline.highlightInMotion(at: 0.5)?.rect.x ?? -1, 1e-6))
            #expect(rect.values[keys[1]][0] == 30)
        }
        #expect(rect.times.last == timeline.duration && rect.values.last?[0] == 30)
        for (item, track) in timeline.selectionKeyframes(samplesPerSecond: 60).enumerated() {
            #expect(track.values.last == [timeline.state(forFrame: 1).selection[item]])
            #expect(track.times.filter { $0 > 0.5 } == [timeline.duration])
        }
        // The touch (shown from 0.25 s for 0.12 s, then fading) is gone in the settled state.
        let touch = try #require(timeline.touchKeyframes().first)
        #expect(touch.track.values.last == [0] && touch.track.times.filter { $0 > 0.5 } == [timeline.duration])
    }

    @Test("a tail of half a frame or more changes nothing: no track is cut")
    func aLongEnoughTailCutsNothing() {
        var (spec, layout) = threeItemSpec(
            changes: [SelectionChange(selection: .string("CCC"), after: 0.25, curve: .easeInOut, duration: 0.35)], tail: 0.25)
        spec.output.fps = 2
        layout = PickerLayout(spec: spec, measurer: FakeMeasurer())
        #expect(Timeline(spec: spec, layout: layout).settledEarly == nil)
    }

    @Test("samples lie on one grid of 1 / rate: 0.2 s to 0.6 s at 60 a second is 23 grid points and the end")
    func samplesLieOnOneGrid() {
        // 0.4 × 60 is 24.000000000000004 in floating point: spaced evenly from the start, the samples were 25 and fell
        // between the frames of a 30 fps animation.
        let times = KeyframeTrack.sampleTimes(after: 0.2, through: 0.6, perSecond: 60)
        #expect(times.count == 24 && times.last == 0.6)
        #expect(times.dropLast().allSatisfy { isClose(($0 * 60).rounded(), $0 * 60, 1e-9) })
        #expect(KeyframeTrack.sampleTimes(after: 0.2, through: 0.21, perSecond: 60) == [0.21])
    }

    @Test("a spring at 30 fps sampled at 60 a second has a key at every frame's moment, with the frame's value")
    func everyFrameOfASpringIsAKey() throws {
        var (spec, layout) = threeItemSpec(
            changes: [SelectionChange(selection: .string("CCC"), after: 0.2, curve: .spring(response: 0.4, dampingFraction: 0.45))])
        spec.output.fps = 30
        layout = PickerLayout(spec: spec, measurer: FakeMeasurer())
        let timeline = Timeline(spec: spec, layout: layout)
        let track = try #require(timeline.rectKeyframes(samplesPerSecond: 60))
        for frame in 6..<timeline.frameCount {
            let time = timeline.time(ofFrame: frame)
            guard time < timeline.settleTime else { break }
            let key = try #require(track.times.firstIndex { isClose($0, time, 1e-9) }, "no key at frame \(frame), \(time) s")
            #expect(isClose(track.values[key][0], timeline.highlight(at: time)?.rect.x ?? -1, 1e-9))
        }
    }
}
