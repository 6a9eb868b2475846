import PickerKit

/// Compresses and writes APNG frames, each storing only the region that differs from what is on screen.
///
/// Every frame is written with dispose_op NONE and blend_op SOURCE: the region's pixels, alpha included,
/// replace what was there and stay, so no frame depends on how a viewer composites or clears, and a pixel may
/// turn transparent without clearing the frame before it.
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
    /// 4 to store RGBA, 3 to store RGB.
    let channels: Int
    private(set) var chunks = APNGChunks()
    private(set) var frames: [APNGFrame] = []
    private var scanlines = FrameScanlines()
    /// What is on screen after the frames written so far; nil before the first.
    private var canvas: RGBAImage?

    init(compressor: ZlibCompressor, filter: PNGRowFilter, channels: Int) {
        self.compressor = compressor
        self.filter = filter
        self.channels = channels
    }

    /// Writes `held` to last until tick `end`, in as many frames as `clock` needs for the delay.
    ///
    /// The first frame covers the whole canvas. A later one stores the rectangle that changed; when nothing did
    /// (a picture dropped for being too short was followed by the one on screen), and for the extra frames of a
    /// split delay, it stores the top-left pixel as it is.
    ///
    /// Throws `APNGEncodingError.compression` when libdeflate fails.
    mutating func write(_ held: Held, until end: Int, clock: APNGClock) throws(APNGEncodingError) {
        let picture = held.picture
        var rect = PixelRect(x: 0, y: 0, width: picture.width, height: picture.height)
        if let canvas { rect = FrameChange.rect(from: canvas, to: picture) }
        let unchanged = PixelRect(x: 0, y: 0, width: 1, height: 1)
        for (position, delay) in clock.delays(forTicks: end - held.start).enumerated() {
            let region = position == 0 && !rect.isEmpty ? rect : unchanged
            let frame = APNGFrame(sourceIndex: held.sourceIndex, delay: delay, rect: region, dispose: .none, blend: .source)
            let count = scanlines.fill(from: picture, rect: region, channels: channels, filter: filter)
            try compressor.compress(scanlines.bytes, count: count) { data in chunks.writeFrame(frame, data: data) }
            frames.append(frame)
        }
        canvas = picture
    }
}
