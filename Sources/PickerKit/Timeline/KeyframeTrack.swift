/// An animated value written as keyframes, for formats that animate by themselves (animated SVG): key times,
/// the value at each, and how to ease from each key to the next.
public struct KeyframeTrack: Equatable, Sendable {
    /// How the value moves between two neighbouring keys.
    public enum Easing: Equatable, Sendable {
        /// Straight interpolation (holds, and samples of springs and overlapping curves).
        case linear
        /// A cubic Bézier timing function over the whole interval.
        case spline(CubicBezier)
    }

    /// Key times in seconds, never decreasing; two equal times mark a jump.
    public var times: [Double] = []
    /// The value's components at each key.
    public var values: [[Double]] = []
    /// The easing from key i to key i + 1 (one fewer than keys).
    public var easings: [Easing] = []

    mutating func append(time: Double, value: [Double], easingFromPrevious: Easing) {
        if !times.isEmpty { easings.append(easingFromPrevious) }
        times.append(time)
        values.append(value)
    }
}

extension AnimatedValue {
    /// The value from 0 to `duration` as keyframes: a timing curve that runs alone from its start to its end
    /// becomes one spline interval; springs and overlapping curves are sampled `samplesPerSecond` times a
    /// second; jumps become two keys at the same time.
    public func keyframes(duration: Double, samplesPerSecond: Double) -> KeyframeTrack {
        var events: Set<Double> = [0, duration]
        for retarget in retargets where retarget.time.isFinite {
            if retarget.time >= 0 && retarget.time <= duration { events.insert(retarget.time) }
            if retarget.endTime > 0 && retarget.endTime <= duration { events.insert(retarget.endTime) }
        }
        let times = events.sorted()
        var track = KeyframeTrack()
        track.append(time: 0, value: value(at: 0).components, easingFromPrevious: .linear)
        for (start, end) in zip(times, times.dropFirst()) {
            // A jump at `start`: the value just before it differs from the value at it.
            if retargets.contains(where: { $0.time == start && $0.motion == .jump }), start > 0 {
                track.append(time: start, value: value(at: start).components, easingFromPrevious: .linear)
            }
            let moving = retargets.filter { $0.time.isFinite && $0.time < end && $0.endTime > start }
            let live = moving.filter { candidate in
                // A curve stops contributing once a later spring or jump replaces it.
                !retargets.contains { $0.replacesRunning && $0.time > candidate.time && $0.time <= start }
            }
            if live.isEmpty {
                track.append(time: end, value: value(at: end).components, easingFromPrevious: .linear)
            } else if live.count == 1, let only = live.first, only.time == start, only.endTime == end,
                case .curve(let bezier, _, _) = only.motion
            {
                track.append(time: end, value: value(at: end).components, easingFromPrevious: .spline(bezier))
            } else {
                let steps = max(1, Int(((end - start) * samplesPerSecond).rounded(.up)))
                for step in 1...steps {
                    let time = step == steps ? end : start + (end - start) * Double(step) / Double(steps)
                    track.append(time: time, value: value(at: time).components, easingFromPrevious: .linear)
                }
            }
        }
        return track
    }
}

extension Timeline {
    /// The highlight's rect (x, y, width, height) as keyframes from 0 to `duration`, or nil when no item is
    /// ever selected.
    public func rectKeyframes(samplesPerSecond: Double) -> KeyframeTrack? {
        rect?.keyframes(duration: duration, samplesPerSecond: samplesPerSecond)
    }

    /// The highlight's fill opacity (style opacity × fade, clamped to 0…1) as keyframes from 0 to `duration`.
    public func opacityKeyframes(samplesPerSecond: Double) -> KeyframeTrack {
        var track = fade.keyframes(duration: duration, samplesPerSecond: samplesPerSecond)
        if rect == nil { track.values = track.values.map { _ in [0] } }
        track.values = track.values.map { [style.opacity * min(max($0.first ?? 0, 0), 1)] }
        return track
    }

    /// The corner radius the highlight's style asks for, before clamping to the rect.
    public var requestedCornerRadius: Double { style.cornerRadius }
}
