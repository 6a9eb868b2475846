/// A finished animated PNG: its bytes and a description of the frames in it.
public struct EncodedAPNG: Equatable, Sendable {
    /// The whole file, ready to be written atomically.
    public let bytes: [UInt8]
    /// Which source frame each APNG frame shows and for how long.
    public let plan: APNGFramePlan
    /// The frames as written, in order, one for each of the plan's frames.
    public let frames: [APNGFrame]
    /// True when the file stores alpha (colour type 6, RGBA); false when every pixel is opaque and it stores RGB.
    public let hasAlpha: Bool
}
