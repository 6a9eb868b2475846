import PickerKit

/// Lottie's animatable properties (`{"a": 0, "k": value}` or keyframes) made from the timeline's keyframe tracks.
enum LottieProperty {
    /// How much earlier than a jump, in frames, the key holding the value before it is put: Lottie has no two keys
    /// at one time, and a thousandth of a frame is never a frame's moment.
    static let jumpLead = 0.001

    /// A property that never changes; `scalar` writes one number, otherwise an array.
    static func fixed(_ value: [Double], scalar: Bool = false) -> LottieValue {
        .object([("a", .number(0, digits: 0)), ("k", scalar ? .number(value.first ?? 0) : .numbers(value))])
    }

    /// The property following `track`'s key times and easings with `values` (one per key), at `fps` frames a
    /// second; fixed when every value is the same.
    ///
    /// A timing curve is Lottie's own eased key (its Bézier as the out and in tangents); sampled stretches (springs,
    /// retargeted motion) are linear keys. Two keys at one time (a jump) become a key a thousandth of a frame
    /// before the jump holding the value before it.
    static func animated(_ track: KeyframeTrack, values: [[Double]], fps: Double, scalar: Bool = false) -> LottieValue {
        guard let first = values.first, values.count == track.times.count else { return fixed([0], scalar: scalar) }
        guard values.contains(where: { $0 != first }) else { return fixed(first, scalar: scalar) }
        var frames = track.times.map { $0 * fps }
        var keep = [Bool](repeating: true, count: frames.count)
        for index in frames.indices.dropFirst() where frames[index] <= frames[index - 1] {
            // Of three or more keys at one time, only the first and the last matter.
            if index >= 2, frames[index - 2] >= frames[index] - jumpLead { keep[index - 1] = false }
            frames[index] = frames[index - 1]
        }
        var keys: [(frame: Double, value: [Double], easing: KeyframeTrack.Easing?)] = []
        for index in frames.indices where keep[index] {
            let easing = index < track.easings.count ? track.easings[index] : nil
            keys.append((frames[index], values[index], easing))
        }
        for index in keys.indices.dropFirst().reversed() where keys[index].frame <= keys[index - 1].frame {
            keys[index - 1].frame = keys[index].frame - jumpLead
        }
        var written: [LottieValue] = []
        for (index, key) in keys.enumerated() {
            var members: [(String, LottieValue)] = [("t", .number(key.frame, digits: 4)), ("s", .numbers(key.value))]
            if index + 1 < keys.count {
                let (x1, y1, x2, y2): (Double, Double, Double, Double)
                switch key.easing {
                case .spline(let curve)?: (x1, y1, x2, y2) = (curve.x1, curve.y1, curve.x2, curve.y2)
                case .linear?, nil: (x1, y1, x2, y2) = (0, 0, 1, 1)
                }
                members.append(("o", .object([("x", .numbers([x1], digits: 4)), ("y", .numbers([y1], digits: 4))])))
                members.append(("i", .object([("x", .numbers([x2], digits: 4)), ("y", .numbers([y2], digits: 4))])))
            }
            written.append(.object(members))
        }
        return .object([("a", .number(1, digits: 0)), ("k", .array(written))])
    }
}
