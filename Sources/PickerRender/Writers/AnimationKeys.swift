import PickerKit

/// A track's key times and key splines as an `<animate>` writes them, written once for every attribute that follows
/// the track (the highlight's x, y, width and height share one).
///
/// Key times are fractions of the loop, clamped to 0…1, with five decimals; splines have four.
struct AnimationKeys {
    /// The key times, `;`-separated.
    var keyTimes: String
    /// One spline per interval, `;`-separated: `0 0 1 1` for a straight one.
    var splines: String
    /// True when the last key time is the loop's end, so that no key holding the last value is added.
    var endsAtLoop: Bool

    /// The keys of `track` in a loop of `loop` seconds.
    init(_ track: KeyframeTrack, loop: Double) {
        let times = track.times.map { NumberText.trimmed(min(1, max(0, $0 / loop)), digits: 5) }
        keyTimes = times.joined(separator: ";")
        splines = track.easings.map { easing -> String in
            switch easing {
            case .linear: return "0 0 1 1"
            case .spline(let curve):
                return [curve.x1, curve.y1, curve.x2, curve.y2].map { NumberText.trimmed($0, digits: 4) }.joined(separator: " ")
            }
        }.joined(separator: ";")
        endsAtLoop = times.last == "1"
    }
}
