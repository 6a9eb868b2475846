/// A finished GIF: its bytes and how its frames were timed.
public struct EncodedGIF: Equatable, Sendable {
    /// The whole file, ready to be written atomically.
    public let bytes: [UInt8]
    /// Which source frame each GIF frame shows and for how long.
    public let plan: GIFFramePlan
    /// Colours in the global palette, the transparent entry included (at most 256).
    public let paletteCount: Int
}
