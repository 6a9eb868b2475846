/// How a GIF is encoded: looping, dithering, and how hard libimagequant works on the palette.
public struct GIFEncoderOptions: Equatable, Sendable {
    /// How many times the GIF plays: nil loops forever, 1 plays once, N plays N times (1 to 65,535).
    public var loopCount: Int?
    /// Error-diffusion strength from 0 (none: flat colours, smaller files) to 1 (full Floyd–Steinberg: smoother
    /// gradients).
    public var dithering: Double
    /// libimagequant's speed from 1 (slowest, best palette) to 10 (fastest).
    public var speed: Int

    /// Creates options; the defaults loop forever with full dithering at libimagequant's default speed.
    public init(loopCount: Int? = nil, dithering: Double = 1, speed: Int = 4) {
        self.loopCount = loopCount
        self.dithering = dithering
        self.speed = speed
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
    }
}
