import Testing

@testable import PickerKit

/// `AnimatedValue` finds the retargets that shape a moment by bisection and skips the ones that have stopped
/// (issue 34, finding 12): the values must be the very doubles that adding every retarget gave, so the animated
/// SVG's bytes do not change.
@Suite("Animated value indexes")
struct AnimatedValueIndexTests {
    /// The value as main computed it: the newest target plus the offset of every retarget from the newest replacing
    /// one, oldest first, stopped or not.
    private func summedOverAll(_ value: AnimatedValue, at time: Double, justBefore: Bool = false) -> [Double] {
        let retargets = value.retargets
        guard let newest = retargets.lastIndex(where: { justBefore ? $0.time < time : $0.time <= time }) else {
            return justBefore ? summedOverAll(value, at: time) : retargets[0].target.components
        }
        let base = retargets[...newest].lastIndex(where: \.replacesRunning) ?? 0
        var result = retargets[newest].target
        for retarget in retargets[base...newest] { result = result + retarget.offset(at: time) }
        return result.components
    }

    /// 400 overlapping overshooting curves, with springs and jumps among them, 0.07 s apart.
    private func busyValue() -> AnimatedValue {
        var value = AnimatedValue(initial: AnimationVector([0, 0, 80, 30]))
        var generator = SplitMix(seed: 34)
        for index in 0..<400 {
            let time = Double(index) * 0.07
            let target = AnimationVector([Double(index % 5) * 80, 0, 60 + Double(index % 3) * 10, 30])
            switch index % 23 {
            case 7: value.animate(to: target, at: time, curve: .spring(response: 0.4, dampingFraction: 0.6), duration: 0)
            case 15: value.jump(to: target, at: time)
            default:
                let (x1, y1, x2, y2) = (generator.unit(), 1 + generator.unit(), generator.unit(), -generator.unit())
                let curve = AnimationCurve.bezier(x1: x1, y1: y1, x2: x2, y2: y2)
                value.animate(to: target, at: time, curve: curve, duration: 0.2 + generator.unit() * 0.3)
            }
        }
        return value
    }

    @Test("every sample of 400 overlapping curves, springs and jumps is the same double as the full sum")
    func valuesMatchTheFullSumToTheBit() {
        let value = busyValue()
        var checked = 0
        for step in -10..<(28 * 240 + 10) {
            let time = Double(step) / 240
            let indexed = value.value(at: time).components
            let full = summedOverAll(value, at: time)
            #expect(indexed.map(\.bitPattern) == full.map(\.bitPattern), "at \(time): \(indexed) against \(full)")
            let before = value.value(justBefore: time).components
            #expect(before.map(\.bitPattern) == summedOverAll(value, at: time, justBefore: true).map(\.bitPattern), "just before \(time)")
            checked += 1
        }
        #expect(checked > 6_000)
    }

    @Test("the moving retargets of an interval are those a scan of all of them finds")
    func movingRetargetsMatchAScan() {
        let value = busyValue()
        for step in 0..<(28 * 20) {
            let (start, end) = (Double(step) / 20, Double(step + 1) / 20)
            let found = value.retargets(movingAfter: start, before: end)
            let scanned = value.retargets.filter { $0.time.isFinite && $0.time < end && $0.endTime > start }
            #expect(Array(found) == scanned, "\(start)–\(end)")
            for candidate in scanned {
                let replaced = value.retargets.contains { $0.replacesRunning && $0.time > candidate.time && $0.time <= start }
                #expect(value.isReplaced(candidate, by: start) == replaced)
            }
        }
    }
}

/// A small deterministic generator, so the test's curves are the same every run.
private struct SplitMix {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    /// A number in 0…1.
    mutating func unit() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
    }
}
