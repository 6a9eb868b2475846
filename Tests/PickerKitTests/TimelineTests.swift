import Testing

@testable import PickerKit

/// Items A, BB, CCC with no padding or spacing: frames x = 0, 10, 30 with widths 10, 20, 30, all 20 tall.
func threeItemSpec(initial: ItemValue? = "A", changes: [SelectionChange], tail: Double = 0.5) -> (PickerSpec, PickerLayout) {
    var spec = PickerSpec(unvalidatedItems: ["A", "BB", "CCC"], initial: initial, changes: changes, tail: tail)
    spec.style.padding = 0
    spec.style.spacing = 0
    return (spec, PickerLayout(spec: spec, measurer: FakeMeasurer()))
}

@Suite("Timeline")
struct TimelineTests {
    @Test func linearChangeMovesAtConstantSpeed() throws {
        let (spec, layout) = threeItemSpec(changes: [SelectionChange(selection: .string("BB"), after: 1, curve: .linear, duration: 1)])
        let timeline = Timeline(spec: spec, layout: layout)
        #expect(timeline.highlight(at: 0.5)?.rect == Rect(x: 0, y: 0, width: 10, height: 20))
        #expect(timeline.highlight(at: 1.5)?.rect == Rect(x: 5, y: 0, width: 15, height: 20))
        #expect(timeline.highlight(at: 2)?.rect == Rect(x: 10, y: 0, width: 20, height: 20))
        #expect(timeline.highlight(at: 1.5)?.opacity == 0.4)
    }

    @Test func easeInOutIsHalfWayAtHalfTime() {
        let (spec, layout) = threeItemSpec(changes: [SelectionChange(selection: .string("CCC"), after: 0, curve: .easeInOut, duration: 0.4)]
        )
        let timeline = Timeline(spec: spec, layout: layout)
        #expect(isClose(timeline.highlight(at: 0.2)?.rect.x ?? -1, 15, 1e-9))
    }

    @Test func retargetingATimingCurveIsAdditiveAsInSwiftUI() throws {
        // A → BB at t = 1 (1 s linear), then → CCC at t = 1.5 (1 s linear). At t = 1.75 both still run:
        // x = 30 + (0 − 10)(1 − 0.75) + (10 − 30)(1 − 0.25) = 12.5; width = 30 − 2.5 − 7.5 = 20.
        let (spec, layout) = threeItemSpec(changes: [
            SelectionChange(selection: .string("BB"), after: 1, curve: .linear, duration: 1),
            SelectionChange(selection: .string("CCC"), after: 0.5, curve: .linear, duration: 1),
        ])
        let timeline = Timeline(spec: spec, layout: layout)
        let rect = try #require(timeline.highlight(at: 1.75)?.rect)
        #expect(isClose(rect.x, 12.5))
        #expect(isClose(rect.width, 20))
        // The first curve ends at t = 2; the second at t = 2.5, when the highlight is on CCC.
        #expect(timeline.settleTime == 2.5)
        #expect(timeline.highlight(at: 2.5)?.rect == Rect(x: 30, y: 0, width: 30, height: 20))
    }

    @Test func aSpringInterruptingACurveStartsFromItsValueAndVelocityAsInSwiftUI() throws {
        // The linear move A → BB runs at 10 pt/s in x; the spring to CCC takes over at t = 1.5 with x = 5.
        let (spec, layout) = threeItemSpec(changes: [
            SelectionChange(selection: .string("BB"), after: 1, curve: .linear, duration: 1),
            SelectionChange(selection: .string("CCC"), after: 0.5, curve: .spring(response: 0.5, dampingFraction: 0.5)),
        ])
        let timeline = Timeline(spec: spec, layout: layout)
        let atStart = try #require(timeline.highlight(at: 1.5)?.rect)
        #expect(isClose(atStart.x, 5, 1e-9))
        let justAfter = try #require(timeline.highlight(at: 1.5 + 1e-6)?.rect)
        #expect(isClose((justAfter.x - atStart.x) / 1e-6, 10, 1e-2))
        // Underdamped: it overshoots CCC before settling on it.
        let overshoot = stride(from: 1.5, to: 3, by: 0.01).compactMap { timeline.highlight(at: $0)?.rect.x }.max() ?? 0
        #expect(overshoot > 30.5)
        #expect(timeline.highlight(at: timeline.settleTime)?.rect == Rect(x: 30, y: 0, width: 30, height: 20))
        // The linear curve no longer contributes: the spring replaced it.
        #expect(timeline.highlight(at: 1.9)?.rect.x != nil)
    }

    @Test func selectingNullFadesOutWhereTheHighlightIs() throws {
        let (spec, layout) = threeItemSpec(changes: [SelectionChange(selection: nil, after: 1, curve: .linear, duration: 1)])
        let timeline = Timeline(spec: spec, layout: layout)
        let fading = try #require(timeline.highlight(at: 1.5))
        #expect(fading.rect == Rect(x: 0, y: 0, width: 10, height: 20))
        #expect(isClose(fading.opacity, 0.2))
        #expect(timeline.highlight(at: 2) == nil)
    }

    @Test func selectingFromNothingFadesInOnTheTargetAsSwiftUIInsertsAView() throws {
        let (spec, layout) = threeItemSpec(
            initial: nil, changes: [SelectionChange(selection: .string("BB"), after: 1, curve: .linear, duration: 1)])
        let timeline = Timeline(spec: spec, layout: layout)
        #expect(timeline.highlight(at: 0.5) == nil)
        let appearing = try #require(timeline.highlight(at: 1.25))
        #expect(appearing.rect == Rect(x: 10, y: 0, width: 20, height: 20))
        #expect(isClose(appearing.opacity, 0.1))
    }

    @Test func selectingAfterAFadeOutJumpsButDuringOneMovesFromWhereItIs() throws {
        let jump = threeItemSpec(changes: [
            SelectionChange(selection: nil, after: 0, curve: .linear, duration: 0.5),
            SelectionChange(selection: .string("CCC"), after: 1, curve: .linear, duration: 1),
        ])
        let afterFade = Timeline(spec: jump.0, layout: jump.1)
        #expect(afterFade.highlight(at: 1.5)?.rect == Rect(x: 30, y: 0, width: 30, height: 20))

        let move = threeItemSpec(changes: [
            SelectionChange(selection: nil, after: 0, curve: .linear, duration: 1),
            SelectionChange(selection: .string("CCC"), after: 0.5, curve: .linear, duration: 1),
        ])
        let duringFade = Timeline(spec: move.0, layout: move.1)
        let rect = try #require(duringFade.highlight(at: 1)?.rect)
        #expect(isClose(rect.x, 15))
    }

    @Test func reselectingTheCurrentItemAnimatesNothing() {
        let spring = SelectionChange(selection: .string("CCC"), after: 1, curve: .spring(response: 0.5, dampingFraction: 0.6))
        let once = threeItemSpec(changes: [spring])
        let twice = threeItemSpec(changes: [spring, SelectionChange(selection: .string("CCC"), after: 0.1, curve: .linear, duration: 1)])
        let a = Timeline(spec: once.0, layout: once.1)
        let b = Timeline(spec: twice.0, layout: twice.1)
        for time in stride(from: 0.0, through: 3, by: 0.05) {
            #expect(a.highlight(at: time) == b.highlight(at: time))
        }
    }

    @Test func cornerRadiusIsClampedToHalfTheShorterSideAsSwiftUIsRoundedRectangle() {
        var (spec, layout) = threeItemSpec(changes: [])
        spec.style.highlight.cornerRadius = 16
        let timeline = Timeline(spec: spec, layout: layout)
        #expect(timeline.highlight(at: 0)?.cornerRadius == 5)
        spec.style.highlight.cornerRadius = 3
        layout = PickerLayout(spec: spec, measurer: FakeMeasurer())
        #expect(Timeline(spec: spec, layout: layout).highlight(at: 0)?.cornerRadius == 3)
    }

    @Test func frameCountFollowsTheRoundingRule() {
        // The seed demo: changes at 0.6, 1.2, 1.8, 2.4, each 0.35 s; settled at 2.75, tail 0.6 → 3.35 s,
        // N = ⌊3.35 × 30 + 0.5⌋ + 1 = 102.
        let changes = ["BB", "CCC", "A", "BB"].map { SelectionChange(selection: .string($0), after: 0.6, curve: .linear, duration: 0.35) }
        let (spec, layout) = threeItemSpec(changes: changes, tail: 0.6)
        let timeline = Timeline(spec: spec, layout: layout)
        #expect(isClose(timeline.duration, 3.35))
        #expect(timeline.frameCount == 102)
        #expect(timeline.time(ofFrame: 30) == 1)
    }

    @Test func theLastFrameShowsTheSettledState() {
        // A spring with no tail: the last frame's time may fall just before settling; it still shows the end.
        let (spec, layout) = threeItemSpec(
            changes: [SelectionChange(selection: .string("CCC"), after: 0, curve: .spring(response: 0.5, dampingFraction: 0.3))], tail: 0)
        let timeline = Timeline(spec: spec, layout: layout)
        #expect(timeline.highlight(forFrame: timeline.frameCount - 1)?.rect == Rect(x: 30, y: 0, width: 30, height: 20))
    }

    @Test func limitsAreCheckedBeforeAnythingIsAllocated() {
        var (spec, layout) = threeItemSpec(
            changes: [SelectionChange(selection: .string("BB"), after: 60, curve: .linear, duration: 60)], tail: 60)
        spec.output.fps = 240
        let timeline = Timeline(spec: spec, layout: layout)
        #expect {
            try RenderLimits.check(spec: spec, layout: layout, timeline: timeline, file: "x.json")
        } throws: { error in
            (error as? SpecError)?.path.description == "output.fps"
        }
        spec.output.fps = 30
        spec.output.scale = 8
        spec.style.padding = 1200
        layout = PickerLayout(spec: spec, measurer: FakeMeasurer())
        #expect {
            try RenderLimits.check(spec: spec, layout: layout, timeline: Timeline(spec: spec, layout: layout), file: "x.json")
        } throws: { error in
            (error as? SpecError)?.path.description == "output.scale"
        }
    }
}
