/// An animated value written as keyframes, for formats that animate by themselves (animated SVG): key times,
/// the value at each, and how to ease from each key to the next.
package struct KeyframeTrack: Equatable, Sendable {
    /// How the value moves between two neighbouring keys.
    package enum Easing: Equatable, Sendable {
        /// Straight interpolation (holds, and samples of springs and overlapping curves).
        case linear
        /// A cubic Bézier timing function over the whole interval.
        case spline(CubicBezier)
    }

    /// Key times in seconds, never decreasing; two equal times mark a jump.
    package var times: [Double] = []
    /// The value's components at each key.
    package var values: [[Double]] = []
    /// The easing from key i to key i + 1 (one fewer than keys).
    package var easings: [Easing] = []

    /// An empty track.
    package init() {}

    /// Adds a key at `time` (not before the last), eased from the previous key by `easingFromPrevious`.
    package mutating func append(time: Double, value: [Double], easingFromPrevious: Easing) {
        if !times.isEmpty { easings.append(easingFromPrevious) }
        times.append(time)
        values.append(value)
    }

    /// The moments at which a value is sampled between `start` and `end`: the multiples of 1 / `perSecond` strictly
    /// between them, then `end`.
    ///
    /// On one grid for the whole animation, so that at a rate that is a multiple of the frame rate every frame's
    /// moment is a key, and the animated SVG shows there what the frame shows (samples spaced evenly from each
    /// interval's start fell between frames, where the straight line between samples cuts a spring's curve).
    package static func sampleTimes(after start: Double, through end: Double, perSecond: Double) -> [Double] {
        guard perSecond > 0, perSecond.isFinite, end > start else { return [end] }
        var times: [Double] = []
        var index = (start * perSecond).rounded(.down) + 1
        // A grid point within a microsecond of the end is the end.
        while index / perSecond < end - 1e-6 {
            times.append(index / perSecond)
            index += 1
        }
        return times + [end]
    }

    /// This track, linear between its keys, up to `cut`; there it jumps to `settled` and holds it until `end`.
    ///
    /// For the tracks sampled from the frames' states (selection, touches) when the last frame comes before
    /// everything has settled (`Timeline.settledEarly`).
    package func settling(to settled: [Double], from cut: Double, until end: Double) -> KeyframeTrack {
        var track = KeyframeTrack()
        for index in times.indices where times[index] < cut {
            track.append(time: times[index], value: values[index], easingFromPrevious: index > 0 ? easings[index - 1] : .linear)
        }
        if let last = times.lastIndex(where: { $0 < cut }) {
            // The value an instant before the cut: on the line to the first key at or after it.
            var before = values[last]
            if let next = times.firstIndex(where: { $0 >= cut }), times[next] > times[last] {
                let share = (cut - times[last]) / (times[next] - times[last])
                before = zip(values[last], values[next]).map { $0 + ($1 - $0) * share }
            }
            track.append(time: cut, value: before, easingFromPrevious: .linear)
        }
        if track.values.last != settled { track.append(time: cut, value: settled, easingFromPrevious: .linear) }
        track.append(time: end, value: settled, easingFromPrevious: .linear)
        return track
    }
}

extension AnimatedValue {
    /// The value from 0 to `duration` as keyframes: a timing curve that runs alone from its start to its end
    /// becomes one spline interval (when its control points lie in 0…1, as SMIL's `keySplines` require; an
    /// overshooting curve is sampled); springs and overlapping curves are sampled `samplesPerSecond` times a
    /// second; a jump becomes two keys at the same time, the value just before it and the value after.
    ///
    /// With `settledFrom` before `duration`, the value jumps to its settled value at that moment and holds it to the
    /// end, as the frames do when the last frame comes before everything has settled (`Timeline.settledEarly`).
    package func keyframes(duration: Double, samplesPerSecond: Double, settledFrom cut: Double? = nil) -> KeyframeTrack {
        let end = min(max(cut ?? duration, 0), duration)
        guard end > 0 || duration <= 0 else {
            // Settled from the start: one value throughout.
            var track = KeyframeTrack()
            let settled = value(at: duration).components
            track.append(time: 0, value: settled, easingFromPrevious: .linear)
            track.append(time: duration, value: settled, easingFromPrevious: .linear)
            return track
        }
        var track = keyframes(until: end, samplesPerSecond: samplesPerSecond)
        if end < duration {
            let settled = value(at: duration).components
            if track.values.last != settled { track.append(time: end, value: settled, easingFromPrevious: .linear) }
            track.append(time: duration, value: settled, easingFromPrevious: .linear)
        }
        return track
    }

    /// The keyframes from 0 to `duration`, as `keyframes(duration:samplesPerSecond:)` describes.
    private func keyframes(until duration: Double, samplesPerSecond: Double) -> KeyframeTrack {
        var events: Set<Double> = [0, duration]
        for retarget in retargets where retarget.time.isFinite {
            if retarget.time >= 0 && retarget.time <= duration { events.insert(retarget.time) }
            if retarget.endTime > 0 && retarget.endTime <= duration { events.insert(retarget.endTime) }
        }
        let times = events.sorted()
        let jumps = Set(retargets.filter { $0.motion == .jump }.map(\.time))
        var track = KeyframeTrack()
        track.append(time: 0, value: value(at: 0).components, easingFromPrevious: .linear)
        for (start, end) in zip(times, times.dropFirst()) {
            // A jump at `start`: the last key holds the value just before it; this one the value after.
            if start > 0, jumps.contains(start) {
                track.append(time: start, value: value(at: start).components, easingFromPrevious: .linear)
            }
            // A curve stops contributing once a later spring or jump replaces it.
            let live = retargets(movingAfter: start, before: end).filter { !isReplaced($0, by: start) }
            let endValue = value(justBefore: end).components
            if live.isEmpty {
                track.append(time: end, value: endValue, easingFromPrevious: .linear)
            } else if live.count == 1, let only = live.first, only.time == start, only.endTime == end,
                case .curve(let bezier, _, _) = only.motion, bezier.staysWithinUnitSquare
            {
                track.append(time: end, value: endValue, easingFromPrevious: .spline(bezier))
            } else {
                for time in KeyframeTrack.sampleTimes(after: start, through: end, perSecond: samplesPerSecond) {
                    let sample = time == end ? endValue : value(at: time).components
                    track.append(time: time, value: sample, easingFromPrevious: .linear)
                }
            }
        }
        return track
    }
}

extension Timeline {
    /// The highlight's rect (x, y, width, height) as keyframes from 0 to `duration`, or nil when no item is
    /// ever selected.
    package func rectKeyframes(samplesPerSecond: Double) -> KeyframeTrack? {
        rect?.keyframes(duration: duration, samplesPerSecond: samplesPerSecond, settledFrom: settledEarly)
    }

    /// The highlight's fill opacity (style opacity × fade, clamped to 0…1) as keyframes from 0 to `duration`.
    package func opacityKeyframes(samplesPerSecond: Double) -> KeyframeTrack {
        var track = fade.keyframes(duration: duration, samplesPerSecond: samplesPerSecond, settledFrom: settledEarly)
        if rect == nil { track.values = track.values.map { _ in [0] } }
        track.values = track.values.map { [style.opacity * min(max($0.first ?? 0, 0), 1)] }
        return track
    }

    /// The corner radius drawn (the style's, clamped to half the rect's shorter side) as keyframes on the key
    /// times of `rectTrack`, sampled `samplesPerSecond` times a second inside the intervals where the clamp starts
    /// or stops biting, since there the radius is not the interval's easing of its end values.
    ///
    /// Within an interval each of the requested radius, half the width and half the height is the same easing of
    /// its end values; when the same one is the smallest at both ends it is the smallest throughout, and the
    /// radius follows the rect's easing exactly.
    package func cornerRadiusKeyframes(following rectTrack: KeyframeTrack, samplesPerSecond: Double) -> KeyframeTrack {
        let requested = style.cornerRadius
        func halves(_ value: [Double]) -> (Double, Double) { (max(0, value[2]) / 2, max(0, value[3]) / 2) }
        func radius(_ value: [Double]) -> Double {
            Rect(x: 0, y: 0, width: max(0, value[2]), height: max(0, value[3])).cornerRadius(clamping: requested)
        }
        func limit(_ value: [Double]) -> Int {
            let (width, height) = halves(value)
            if requested <= width && requested <= height { return 0 }
            return width <= height ? 1 : 2
        }
        var track = KeyframeTrack()
        guard let first = rectTrack.values.first, let firstTime = rectTrack.times.first else { return track }
        track.append(time: firstTime, value: [radius(first)], easingFromPrevious: .linear)
        for index in rectTrack.times.indices.dropFirst() {
            let (start, end) = (rectTrack.times[index - 1], rectTrack.times[index])
            let (from, to) = (rectTrack.values[index - 1], rectTrack.values[index])
            let easing = rectTrack.easings[index - 1]
            guard end > start, limit(from) != limit(to), let rect else {
                track.append(time: end, value: [radius(to)], easingFromPrevious: easing)
                continue
            }
            for time in KeyframeTrack.sampleTimes(after: start, through: end, perSecond: samplesPerSecond) {
                let value = time == end ? to : rect.value(at: time).components
                track.append(time: time, value: [radius(value)], easingFromPrevious: .linear)
            }
        }
        return track
    }
}

extension Timeline {
    /// Each item's selection (`FrameState.selection`) and each separator's opacity as keyframes, sampled
    /// `samplesPerSecond` times a second and at every change's start and end, keys that lie on a straight line
    /// between their neighbours dropped; empty when the timeline does not track selection.
    package func selectionKeyframes(samplesPerSecond: Double) -> [KeyframeTrack] {
        guard tracksSelection, duration > 0 else { return [] }
        var times = Set((0...Int((duration * samplesPerSecond).rounded(.up))).map { min(duration, Double($0) / samplesPerSecond) })
        for value in [rect, fade].compactMap({ $0 }) {
            for retarget in value.retargets where retarget.time.isFinite {
                for time in [retarget.time, retarget.endTime] where time >= 0 && time <= duration { times.insert(time) }
            }
        }
        let sorted = times.sorted()
        let samples = sorted.map { motion(at: $0).selection }
        return segmentFrames.indices.map { item in
            var track = KeyframeTrack()
            let values = samples.map { $0.indices.contains(item) ? $0[item] : 0 }
            for index in values.indices {
                let previous = index > 0 ? values[index - 1] : nil
                let next = index + 1 < values.count ? values[index + 1] : nil
                if let previous, let next, previous == values[index], next == values[index] { continue }
                track.append(time: sorted[index], value: [values[index]], easingFromPrevious: .linear)
            }
            guard let cut = settledEarly else { return track }
            let settled = state(forFrame: frameCount - 1).selection
            return track.settling(to: [settled.indices.contains(item) ? settled[item] : 0], from: cut, until: duration)
        }
    }

    /// The touches as keyframes of their opacity: none until the touch, fully shown at once, then fading; one track
    /// per touch, with its centre.
    package func touchKeyframes() -> [(center: Point, diameter: Double, track: KeyframeTrack)] {
        touchEvents.map { event in
            var track = KeyframeTrack()
            let shown = event.time + TouchStyle.holdTime
            let gone = shown + TouchStyle.fadeTime
            track.append(time: 0, value: [0], easingFromPrevious: .linear)
            if event.time > 0 { track.append(time: event.time, value: [0], easingFromPrevious: .linear) }
            track.append(time: event.time, value: [1], easingFromPrevious: .linear)
            track.append(time: min(shown, duration), value: [1], easingFromPrevious: .linear)
            if gone <= duration {
                track.append(time: gone, value: [0], easingFromPrevious: .linear)
                if gone < duration { track.append(time: duration, value: [0], easingFromPrevious: .linear) }
            }
            // The settled state shows no touch: the last touch is gone by the time everything has settled.
            if let cut = settledEarly { track = track.settling(to: [0], from: cut, until: duration) }
            return (event.center, touchDiameter, track)
        }
    }
}
