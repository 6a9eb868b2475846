/// What a snapshot assertion records of a spec when it is not a list of times.
public enum SnapshotKind: Sendable {
    /// The whole animation as one animated golden, an APNG (`<name>[-<variant>].animated.png`), checked in time as
    /// `pickerreel compare` checks animations: the pictures shown at every moment either animation changes, and its
    /// frame rate, length, frame count and loop count.
    case animation
}
