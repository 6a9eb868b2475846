import PickerKit

/// How a GIF is encoded: looping, dithering, translucency, and how hard libimagequant works on the palette.
package struct GIFEncoderOptions: Equatable, Sendable {
    /// How many times the GIF plays: nil loops forever, 1 plays once, N plays N times (1 to 65,535).
    package var loopCount: Int?
    /// Error-diffusion strength from 0 (none: flat colours, smaller files) to 1 (full Floyd–Steinberg: smoother
    /// gradients).
    package var dithering: Double
    /// libimagequant's speed from 1 (slowest, best palette) to 10 (fastest).
    package var speed: Int
    /// The colour translucent pixels are blended over, usually the page the GIF will sit on; its alpha is ignored.
    ///
    /// GIF pixels are either opaque or transparent. With nil (the default), alpha under 128 becomes transparent
    /// and the rest opaque, so a highlight at 40 % opacity over a clear background disappears. With a matte, every
    /// pixel with alpha of 8 or more is blended over it and made opaque, which keeps translucent highlights and
    /// smooth edges but shows a fringe of the matte colour on a page of another colour.
    package var matte: RGBAColor?
    /// The most bytes of the frames' changed rectangles kept between the palette pass and the writing pass (64 MiB by
    /// default); past it the frames are asked for again, which gives the same bytes more slowly.
    package var frameStoreBytes = 64 << 20

    /// Creates options; the defaults loop forever with full dithering at libimagequant's default speed, no matte.
    package init(loopCount: Int? = nil, dithering: Double = 1, speed: Int = 4, matte: RGBAColor? = nil) {
        self.loopCount = loopCount
        self.dithering = dithering
        self.speed = speed
        self.matte = matte
    }

    /// Throws `GIFEncodingError.invalidOption` for a value out of range.
    func validate() throws(GIFEncodingError) {
        if let loopCount, !(1...65_535).contains(loopCount) {
            throw .invalidOption("the loop count \(loopCount) is not from 1 to 65535 (or nil to loop forever)")
        }
        guard dithering.isFinite, (0...1).contains(dithering) else {
            throw .invalidOption("dithering \(dithering) is not from 0 to 1")
        }
        guard (1...10).contains(speed) else { throw .invalidOption("speed \(speed) is not from 1 to 10") }
        if let matte, ![matte.red, matte.green, matte.blue].allSatisfy({ $0.isFinite && (0...1).contains($0) }) {
            throw .invalidOption("the matte colour \(matte) has a channel outside 0 to 1")
        }
    }
}
