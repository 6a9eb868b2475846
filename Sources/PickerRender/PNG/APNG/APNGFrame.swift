import PickerKit

/// One frame as written into an APNG: the part of the canvas it stores, how it is put there, and for how long.
package struct APNGFrame: Equatable, Sendable {
    /// What happens to the frame's region once its delay is over (fcTL dispose_op).
    package enum Dispose: UInt8, Equatable, Sendable {
        /// The region stays as drawn (APNG_DISPOSE_OP_NONE).
        case none = 0
        /// The region is cleared to transparent black (APNG_DISPOSE_OP_BACKGROUND).
        case background = 1
        /// The region goes back to what it was before the frame (APNG_DISPOSE_OP_PREVIOUS).
        case previous = 2
    }

    /// How the frame's pixels are put on the canvas (fcTL blend_op).
    package enum Blend: UInt8, Equatable, Sendable {
        /// They replace the region, alpha included (APNG_BLEND_OP_SOURCE).
        case source = 0
        /// They are composited over it (APNG_BLEND_OP_OVER).
        case over = 1
    }

    /// The source frame it shows.
    package let sourceIndex: Int
    /// How long it stays on screen.
    package let delay: APNGDelay
    /// The region of the canvas it stores; the whole canvas for the first frame.
    package let rect: PixelRect
    /// What happens to the region afterwards.
    package let dispose: Dispose
    /// How the pixels are put on the canvas.
    package let blend: Blend
}
