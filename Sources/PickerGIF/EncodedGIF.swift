/// A finished GIF: its bytes and how its frames were timed.
public struct EncodedGIF: Equatable, Sendable {
    /// The whole file, ready to be written atomically.
    public let bytes: [UInt8]
    /// Which source frame each GIF frame shows and for how long.
    public let plan: GIFFramePlan
    /// The frames as written, in order: the plan's, except that a frame of 4 cs or more that must make opaque
    /// pixels transparent for the next one ends with a 2 cs frame of the same picture that clears them.
    public let frames: [GIFFramePlan.Frame]
    /// Colours in the global palette, the transparent entry included (at most 256).
    public let paletteCount: Int
}
