/// One GIF frame ready to write: the rectangle that changed and the palette indices to put there.
struct DeltaFrame {
    /// Canvas-sized palette indices; only `rect` is written, and the transparent index there means
    /// "leave what is on screen".
    var layer: [UInt8]
    /// The part of the canvas this frame covers; never empty.
    var rect: PixelRect
    /// How long it stays on screen, in centiseconds.
    var delay: Int
    /// True when its rect must be cleared to transparent before the next frame (disposal "restore to
    /// background"), because the next frame turns some opaque pixels there transparent.
    var clearsAfterwards: Bool
}
