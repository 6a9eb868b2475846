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

    private(set) var retargets: [Retarget] = []
    /// For each retarget, the index of the newest one at or before it that replaced everything before it: where the
    /// retargets that shape the value after it start.
    private var replacedFrom: [Int] = []
    /// For each retarget, the latest `endTime` of it and every retarget before it: a running maximum, so the
    /// retargets that have all stopped moving by a moment are a prefix, found by bisection.
    private var movingUntil: [Double] = []
    /// True while every retarget comes at or after the one before it, so that the ones up to a moment are found
    /// by bisection (`Timeline` adds them in time order; otherwise every lookup scans).
    private var timeOrdered = true

    /// A value resting on `initial` from the beginning of time.
    package init(initial: AnimationVector) {
        append(Retarget(time: -.infinity, target: initial, motion: .jump))
    }

    /// Adds `retarget` and its entries in the indexes.
    private mutating func append(_ retarget: Retarget) {
        if let last = retargets.last, !(last.time <= retarget.time) { timeOrdered = false }
        let index = retargets.count
        replacedFrom.append(retarget.replacesRunning ? index : replacedFrom.last ?? 0)
        movingUntil.append(max(movingUntil.last ?? -.infinity, retarget.endTime))
        retargets.append(retarget)
    }

    /// How far before a moment a retarget must have stopped for its offset to be skipped unread: far more than the
    /// rounding of `time + duration` against `t - time`, so that a skipped offset is one `offset(at:)` makes zero.
    private static let stoppedMargin = 1e-6

    /// The number of retargets whose time passes `isUpTo`, a test that holds for a prefix of them when they are in
    /// time order.
    private func countUpTo(_ isUpTo: (Double) -> Bool) -> Int {
        guard timeOrdered else { return (retargets.lastIndex { isUpTo($0.time) } ?? -1) + 1 }
        var low = 0
        var high = retargets.count
        while low < high {
            let middle = (low + high) / 2
            if isUpTo(retargets[middle].time) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The first index from `base` on whose retarget may still move the value at `time`; those before it have all
    /// stopped (their offsets are exactly zero).
    private func firstMoving(from base: Int, through newest: Int, at time: Double) -> Int {
        let stopped = time - Self.stoppedMargin
        var low = base
        var high = newest + 1
        while low < high {
            let middle = (low + high) / 2
            if movingUntil[middle] < stopped { low = middle + 1 } else { high = middle }
        }
        return low
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

    /// The retargets that shape the value at `time`, from the newest one that replaced everything before it to
    /// the newest one, as indexes: `base...newest`.
    private func contributing(at time: Double) -> (base: Int, newest: Int) {
        let count = countUpTo { $0 <= time }
        guard count > 0 else { return (0, 0) }
        return (replacedFrom[count - 1], count - 1)
    }

    /// The retargets that move the value at some moment strictly between `start` and `end`: those of finite time
    /// that begin before `end` and stop after `start`, in order.
    ///
    /// Found by bisection among the retargets rather than by reading them all, so that keyframing each interval
    /// of a long animation costs what moves in it.
    func retargets(movingAfter start: Double, before end: Double) -> ArraySlice<Retarget> {
        guard !retargets.isEmpty else { return [] }
        let first = firstMoving(from: 0, through: retargets.count - 1, at: start)
        let count = countUpTo { $0 < end }
        guard first < count else { return [] }
        return retargets[first..<count].filter { $0.time.isFinite && $0.time < end && $0.endTime > start }[...]
    }

    /// True when a retarget that replaces everything running comes after `candidate` and at or before `time`: from
    /// then on `candidate` no longer moves the value.
    func isReplaced(_ candidate: Retarget, by time: Double) -> Bool {
        guard timeOrdered else {
            return retargets.contains { $0.replacesRunning && $0.time > candidate.time && $0.time <= time }
        }
        // The newest replacing retarget up to `time` is the latest of them all.
        let count = countUpTo { $0 <= time }
        guard count > 0 else { return false }
        let newest = retargets[replacedFrom[count - 1]]
        return newest.replacesRunning && newest.time > candidate.time
    }

    /// The value shown at `time`.
    package func value(at time: Double) -> AnimationVector {
        let (base, newest) = contributing(at: time)
        return value(at: time, base: base, newest: newest)
    }

    /// The value an instant before `time`: the same as `value(at:)` except where a jump happens at `time`.
    package func value(justBefore time: Double) -> AnimationVector {
        let count = countUpTo { $0 < time }
        guard count > 0 else { return value(at: time) }
        return value(at: time, base: replacedFrom[count - 1], newest: count - 1)
    }

    /// The newest target plus the offsets of retargets `base...newest` at `time`, added oldest first.
    ///
    /// The retargets that stopped well before `time` add exactly zero, so they are skipped; one zero is added in
    /// their place, which is what adding them did to the sum (it turns a −0 into 0), so the value is the same to the
    /// last bit as adding every one: the animated SVG's bytes do not change.
    private func value(at time: Double, base: Int, newest: Int) -> AnimationVector {
        var result = retargets[newest].target
        let first = firstMoving(from: base, through: newest, at: time)
        if first > base { result = result + .zero(count: result.components.count) }
        for index in first..<(newest + 1) { result = result + retargets[index].offset(at: time) }
        return result
    }

    /// How fast the shown value is changing at `time`, per second.
    package func velocity(at time: Double) -> AnimationVector {
        let (base, newest) = contributing(at: time)
        var result = AnimationVector.zero(count: finalTarget.components.count)
        for index in firstMoving(from: base, through: newest, at: time)..<(newest + 1) {
            result = result + retargets[index].velocity(at: time)
        }
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
            let motion = Motion.spring(spring, offset: offset, velocity: velocity, settlingTime: settling)
            append(Retarget(time: time, target: target, motion: motion))
        default:
            let points = curve.bezierControlPoints ?? (0, 0, 1, 1)
            let bezier = CubicBezier(x1: points.x1, y1: points.y1, x2: points.x2, y2: points.y2)
            append(Retarget(time: time, target: target, motion: .curve(bezier, duration: duration, delta: previousTarget - target)))
        }
    }

    /// Puts the value on `target` at `time` with no animation, ending any that are running.
    package mutating func jump(to target: AnimationVector, at time: Double) {
        append(Retarget(time: time, target: target, motion: .jump))
    }

    private func targetBefore(_ time: Double) -> AnimationVector {
        retargets.last(where: { $0.time <= time })?.target ?? finalTarget
    }
}
