/// One animated value (the highlight's rect, or its fade) as SwiftUI animates it: the latest target plus
/// the offsets of the animations still running.
///
/// - A timing curve is additive: it adds (old target − new target) × (1 − progress), and animations already
///   running carry on beside it.
/// - A spring replaces every running animation, starting from the value and velocity shown at that moment.
/// - A jump replaces every running animation with nothing: the value is on its new target at once.
/// - A retarget to the value's current target adds nothing, as SwiftUI animates only values that change.
package struct AnimatedValue: Equatable, Sendable {
    /// How a retarget moves the value.
    enum Motion: Equatable, Sendable {
        case curve(CubicBezier, duration: Double, delta: AnimationVector)
        case spring(Spring, offset: AnimationVector, velocity: AnimationVector, settlingTime: Double)
        case jump
    }

    /// One change of target.
    struct Retarget: Equatable, Sendable {
        var time: Double
        var target: AnimationVector
        var motion: Motion

        var replacesRunning: Bool {
            if case .curve = motion { return false }
            return true
        }

        /// When this retarget's motion no longer moves the value.
        var endTime: Double {
            switch motion {
            case .curve(_, let duration, _): return time + duration
            case .spring(_, _, _, let settlingTime): return time + settlingTime
            case .jump: return time
            }
        }

        func offset(at t: Double) -> AnimationVector {
            let elapsed = t - time
            switch motion {
            case .curve(let bezier, let duration, let delta):
                guard duration > 0, elapsed < duration else { return .zero(count: delta.components.count) }
                return delta * (1 - bezier.progress(atTime: elapsed / duration))
            case .spring(let spring, let offset, let velocity, let settlingTime):
                guard elapsed < settlingTime else { return .zero(count: offset.components.count) }
                return AnimationVector(
                    zip(offset.components, velocity.components).map { spring.state(offset: $0, velocity: $1, at: elapsed).offset })
            case .jump:
                return .zero(count: target.components.count)
            }
        }

        func velocity(at t: Double) -> AnimationVector {
            let elapsed = t - time
            switch motion {
            case .curve(let bezier, let duration, let delta):
                guard duration > 0, elapsed < duration else { return .zero(count: delta.components.count) }
                return delta * (-bezier.slope(atTime: elapsed / duration) / duration)
            case .spring(let spring, let offset, let velocity, let settlingTime):
                guard elapsed < settlingTime else { return .zero(count: offset.components.count) }
                return AnimationVector(
                    zip(offset.components, velocity.components).map { spring.state(offset: $0, velocity: $1, at: elapsed).velocity })
            case .jump:
                return .zero(count: target.components.count)
            }
        }
    }

    private(set) var retargets: [Retarget]

    /// A value resting on `initial` from the beginning of time.
    package init(initial: AnimationVector) {
        retargets = [Retarget(time: -.infinity, target: initial, motion: .jump)]
    }

    /// The target the value is heading for after every retarget so far.
    package var finalTarget: AnimationVector {
        // Never empty: the initializer adds the resting retarget.
        retargets[retargets.count - 1].target
    }

    /// The first moment from which the value no longer moves.
    package var settleTime: Double {
        retargets.map(\.endTime).max() ?? 0
    }

    /// The retargets that shape the value at `time`, newest first, up to and including the newest one that
    /// replaced everything before it.
    private func contributing(at time: Double) -> ArraySlice<Retarget> {
        guard let newest = retargets.lastIndex(where: { $0.time <= time }) else { return retargets[0..<1] }
        let base = retargets[...newest].lastIndex(where: \.replacesRunning) ?? 0
        return retargets[base...newest]
    }

    /// The value shown at `time`.
    package func value(at time: Double) -> AnimationVector {
        value(at: time, active: contributing(at: time))
    }

    /// The value an instant before `time`: the same as `value(at:)` except where a jump happens at `time`.
    package func value(justBefore time: Double) -> AnimationVector {
        guard let newest = retargets.lastIndex(where: { $0.time < time }) else { return value(at: time) }
        let base = retargets[...newest].lastIndex(where: \.replacesRunning) ?? 0
        return value(at: time, active: retargets[base...newest])
    }

    private func value(at time: Double, active: ArraySlice<Retarget>) -> AnimationVector {
        // `contributing` never returns an empty slice.
        var result = active[active.endIndex - 1].target
        for retarget in active { result = result + retarget.offset(at: time) }
        return result
    }

    /// How fast the shown value is changing at `time`, per second.
    package func velocity(at time: Double) -> AnimationVector {
        let active = contributing(at: time)
        var result = AnimationVector.zero(count: finalTarget.components.count)
        for retarget in active { result = result + retarget.velocity(at: time) }
        return result
    }

    /// Animates to `target` from `time` with `curve` (and `duration`, for timing curves).
    ///
    /// Does nothing when `target` is the current target. Retargets must come in time order.
    package mutating func animate(to target: AnimationVector, at time: Double, curve: AnimationCurve, duration: Double) {
        let previousTarget = targetBefore(time)
        guard target != previousTarget else { return }
        switch curve {
        case .spring(let response, let dampingFraction):
            let spring = Spring(response: response, dampingFraction: dampingFraction)
            let offset = value(at: time) - target
            let velocity = velocity(at: time)
            let settling =
                zip(offset.components, velocity.components)
                .map { spring.settlingTime(offset: $0, velocity: $1) }.max() ?? 0
            retargets.append(
                Retarget(time: time, target: target, motion: .spring(spring, offset: offset, velocity: velocity, settlingTime: settling)))
        default:
            let points = curve.bezierControlPoints ?? (0, 0, 1, 1)
            let bezier = CubicBezier(x1: points.x1, y1: points.y1, x2: points.x2, y2: points.y2)
            retargets.append(
                Retarget(time: time, target: target, motion: .curve(bezier, duration: duration, delta: previousTarget - target)))
        }
    }

    /// Puts the value on `target` at `time` with no animation, ending any that are running.
    package mutating func jump(to target: AnimationVector, at time: Double) {
        retargets.append(Retarget(time: time, target: target, motion: .jump))
    }

    private func targetBefore(_ time: Double) -> AnimationVector {
        retargets.last(where: { $0.time <= time })?.target ?? finalTarget
    }
}
