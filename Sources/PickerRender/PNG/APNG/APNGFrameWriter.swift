import PickerKit

/// Compresses and writes APNG frames, each storing only the region that differs from what is on screen.
///
/// Every frame keeps what it drew (dispose_op NONE), so nothing depends on how a viewer clears. A later frame
/// is blended OVER the canvas with every pixel that did not change made fully transparent, which compresses to
/// almost nothing (a third smaller files for the example specs); when a changed pixel is not opaque, OVER could
/// not put it on screen exactly, so that frame replaces its region instead (blend_op SOURCE), alpha included.
/// Files store RGBA, except an animation of a single opaque frame, which stores RGB.
struct APNGFrameWriter {
    /// A picture waiting to be written until its delay is known: where it starts and what it shows.
    struct Held {
        /// The tick at which it appears.
        let start: Int
        /// The source frame it shows.
        let sourceIndex: Int
        /// Its pixels.
        let picture: RGBAImage
    }

    let compressor: ZlibCompressor
    let filter: PNGRowFilter
    /// 4 to store RGBA, 3 to store RGB; chosen with the first frame.
    private(set) var channels = 4
    private(set) var chunks = APNGChunks()
    private(set) var frames: [APNGFrame] = []
    private var scanlines = FrameScanlines()
    /// What is on screen after the frames written so far; nil before the first.
    private var canvas: RGBAImage?

    init(compressor: ZlibCompressor, filter: PNGRowFilter) {
        self.compressor = compressor
        self.filter = filter
    }

    /// Writes `held` to last until tick `end`, in as many frames as `clock` needs for the delay.
    ///
    /// The first frame covers the whole canvas; it is stored as RGB when it is opaque and `isOnlyPicture` says
    /// no other picture follows. A later one stores the rectangle that changed; when nothing did (a picture
    /// dropped for being too short was followed by the one on screen), and for the extra frames of a split
    /// delay, it stores the top-left pixel as it is.
    ///
    /// Throws `APNGEncodingError.compression` when libdeflate fails.
    mutating func write(_ held: Held, until end: Int, clock: APNGClock, isOnlyPicture: Bool) throws(APNGEncodingError) {
        let picture = held.picture
        let whole = PixelRect(x: 0, y: 0, width: picture.width, height: picture.height)
        var change: FrameChange?
        if let canvas {
            change = FrameChange(from: canvas, to: picture)
        } else {
            channels = isOnlyPicture && picture.isOpaque(within: whole) ? 3 : 4
        }
        let rect = change?.rect ?? whole
        let unchanged = PixelRect(x: 0, y: 0, width: 1, height: 1)
        for (position, delay) in clock.delays(forTicks: end - held.start).enumerated() {
            let region = position == 0 && !rect.isEmpty ? rect : unchanged
            // Over the canvas, keeping only what changed, when every changed pixel is opaque.
            let keep = position == 0 && channels == 4 ? change.flatMap { Self.changedPixelsAreOpaque(picture, $0) ? $0.changed : nil } : nil
            let frame = APNGFrame(
                sourceIndex: held.sourceIndex, delay: delay, rect: region, dispose: .none, blend: keep == nil ? .source : .over)
            let count = scanlines.fill(from: picture, rect: region, channels: channels, filter: filter, changed: keep)
            try compressor.compress(scanlines.bytes, count: count) { data in chunks.writeFrame(frame, data: data) }
            frames.append(frame)
        }
        canvas = picture
    }

    /// True when every pixel that changed is opaque in `picture`, so OVER puts it on screen exactly.
    private static func changedPixelsAreOpaque(_ picture: RGBAImage, _ change: FrameChange) -> Bool {
        let rect = change.rect
        return picture.pixels.withUnsafeBufferPointer { pixels in
            change.changed.withUnsafeBufferPointer { changed in
                for y in rect.y..<(rect.y + rect.height) {
                    let start = y * picture.width + rect.x
                    for index in start..<(start + rect.width) where changed[index] && pixels[index * 4 + 3] != 255 { return false }
                }
                return true
            }
        }
    }
}
