/// A finished GIF: its bytes and how its frames were timed.
package struct EncodedGIF: Equatable, Sendable {
    /// The whole file, ready to be written atomically.
    package let bytes: [UInt8]
    /// Which source frame each GIF frame shows and for how long.
    package let plan: GIFFramePlan
    /// The frames as written, in order: the plan's, except that a frame of 4 cs or more that must make opaque
    /// pixels transparent for the next one ends with a 2 cs frame of the same picture that clears them.
    package let frames: [GIFFramePlan.Frame]
    /// Colours in the global palette, the transparent entry included (at most 256).
    package let paletteCount: Int
}
