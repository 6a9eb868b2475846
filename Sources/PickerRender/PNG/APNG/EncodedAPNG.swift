/// A finished animated PNG: its bytes and a description of the frames in it.
package struct EncodedAPNG: Equatable, Sendable {
    /// The whole file, ready to be written atomically.
    package let bytes: [UInt8]
    /// Which source frame each APNG frame shows and for how long.
    package let plan: APNGFramePlan
    /// The frames as written, in order, one for each of the plan's frames.
    package let frames: [APNGFrame]
    /// True when the file stores alpha (colour type 6, RGBA), as every animation of more than one picture does;
    /// false for a single opaque picture, stored as RGB.
    package let hasAlpha: Bool
}
