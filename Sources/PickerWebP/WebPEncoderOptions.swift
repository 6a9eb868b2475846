/// How an animated WebP is encoded: looping, lossless or lossy, and how hard libwebp works.
package struct WebPEncoderOptions: Equatable, Sendable {
    /// How many times the animation plays: nil loops forever, 1 plays once, N plays N times (1 to 65,535).
    package var loopCount: Int?
    /// Lossless (the default) or lossy at a quality from 0 to 100.
    package var quality: WebPQuality
    /// libwebp's method, from 0 (fastest) to 6 (slowest).
    ///
    /// The default, 2, measured smaller and about twice as fast as 4 (cwebp's and ffmpeg's default) on the
    /// project's benchmark specs, losslessly: interface frames compress to almost the same size at any method.
    package var method: Int
    /// Whether libwebp encodes each frame both ways it can be disposed of and keeps the smaller (its
    /// `minimize_size`): 0 to 0.5 % smaller files for about twice the time on frames where both are possible.
    package var minimizeSize: Bool

    /// The default method.
    package static let standardMethod = 2

    /// Creates options; the defaults loop forever, lossless, at method 2, minimising size.
    package init(
        loopCount: Int? = nil, quality: WebPQuality = .lossless, method: Int = WebPEncoderOptions.standardMethod, minimizeSize: Bool = true
    ) {
        self.loopCount = loopCount
        self.quality = quality
        self.method = method
        self.minimizeSize = minimizeSize
    }

    /// Throws `WebPEncoderError.invalidOption` for a value out of range.
    func validate() throws(WebPEncoderError) {
        if let loopCount, !(1...65_535).contains(loopCount) {
            throw .invalidOption("the loop count \(loopCount) is not from 1 to 65535 (or nil to loop forever)")
        }
        if case .lossy(let quality) = quality, !(0...100).contains(quality) {
            throw .invalidOption("the quality \(quality) is not from 0 to 100")
        }
        guard (0...6).contains(method) else { throw .invalidOption("the method \(method) is not from 0 to 6") }
    }

    /// The ANIM chunk's loop count: 0 forever, otherwise the number of plays.
    var loopCountField: Int32 { Int32(loopCount ?? 0) }
}
