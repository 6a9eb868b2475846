import PickerKit

/// One GIF frame ready to write: the rectangle that changed and the palette indices to put there.
struct DeltaFrame {
    /// The source frame it shows.
    var sourceIndex: Int
    /// Canvas-sized palette indices, of which only `rect` is written; nil when the frame draws nothing.
    ///
    /// The transparent index means "leave what is on screen".
    var layer: [UInt8]?
    /// The part of the canvas this frame covers; never empty.
    var rect: PixelRect
    /// How long it stays on screen, in centiseconds.
    var delay: Int
    /// True when its rect must be cleared to transparent before the next frame (disposal "restore to
    /// background"), because the next frame turns some opaque pixels there transparent.
    var clearsAfterwards: Bool

    /// The palette index to write at canvas offset `index`.
    func index(at index: Int, transparentIndex: UInt8) -> UInt8 {
        layer?[index] ?? transparentIndex
    }
}
