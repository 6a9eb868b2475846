/// What a snapshot assertion records of a spec and how it compares it with the golden, as swift-snapshot-testing's
/// `Snapshotting` strategies: `.frames(at: [0, 0.5])`, `.animation` or `.lottie`.
///
/// Every strategy checks every variant the call asks for, with the call's tolerance, settings and record mode.
public struct SnapshotStrategy: Equatable, Sendable {
    enum Representation: Equatable, Sendable {
        case frames([Double])
        case animation
        case lottie
    }

    let representation: Representation

    /// A PNG golden per time, in seconds (`<name>[-<variant>].0.500s.png`), each compared pixel by pixel.
    ///
    /// The call throws `SnapshotFailure` for no times, a time that is negative or not a number, and two times that
    /// would share a file name (`0.5` and `0.5004`).
    public static func frames(at times: [Double]) -> SnapshotStrategy {
        SnapshotStrategy(representation: .frames(times))
    }

    /// The whole animation as one animated golden, an APNG (`<name>[-<variant>].animated.png`, which browsers and
    /// GitHub play), checked in time as `pickerreel compare` checks animations: the pictures shown at every moment
    /// either animation changes, and its frame rate, length, frame count and loop count.
    public static let animation = SnapshotStrategy(representation: .animation)

    /// The animation as one Lottie golden (`<name>[-<variant>].lottie.json`), played frame by frame in rlottie
    /// (Debian's librlottie0-1, opened when first needed) together with the fresh Lottie, the pictures compared with
    /// the call's tolerance, after a check that the frame rate, in and out points and canvas are the same.
    ///
    /// Pictures, not JSON text, are compared, so that a glyph outline a few hundredths of a point away on another
    /// font stack counts as the PNG frames' glyphs count: within the tolerance. The golden is input: read through no
    /// link, at most 16 MiB, its images embedded in it; a golden rlottie cannot play fails
    /// the test with the reason.
    public static let lottie = SnapshotStrategy(representation: .lottie)

    /// The times the goldens are named for: the given ones for frames, 0 for the one golden of the other kinds.
    var times: [Double] {
        if case .frames(let times) = representation { return times }
        return [0]
    }
}
