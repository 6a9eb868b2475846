/// How an animated WebP is encoded: looping, lossless or lossy, and how hard libwebp works.
public struct WebPEncoderOptions: Equatable, Sendable {
    /// How many times the animation plays: nil loops forever, 1 plays once, N plays N times (1 to 65,535).
    public var loopCount: Int?
    /// Lossless (the default) or lossy at a quality from 0 to 100.
    public var quality: WebPQuality
    /// How hard libwebp works, from 0 (fastest) to 9 (smallest).
    ///
    /// Lossless encoding uses libwebp's lossless preset of that level
    /// (`WebPConfigLosslessPreset`: level 6 is method 4 at quality 75, cwebp's and ffmpeg's default); lossy
    /// encoding uses method min(effort, 6).
    public var effort: Int

    /// The default effort.
    public static let standardEffort = 6

    /// Creates options; the defaults loop forever, lossless, at `standardEffort`.
    public init(loopCount: Int? = nil, quality: WebPQuality = .lossless, effort: Int = WebPEncoderOptions.standardEffort) {
        self.loopCount = loopCount
        self.quality = quality
        self.effort = effort
    }

    /// Throws `WebPEncoderError.invalidOption` for a value out of range.
    func validate() throws(WebPEncoderError) {
        if let loopCount, !(1...65_535).contains(loopCount) {
            throw .invalidOption("the loop count \(loopCount) is not from 1 to 65535 (or nil to loop forever)")
        }
        if case .lossy(let quality) = quality, !(0...100).contains(quality) {
            throw .invalidOption("the quality \(quality) is not from 0 to 100")
        }
        guard (0...9).contains(effort) else { throw .invalidOption("the effort \(effort) is not from 0 to 9") }
    }

    /// The ANIM chunk's loop count: 0 forever, otherwise the number of plays.
    var loopCountField: Int32 { Int32(loopCount ?? 0) }
}
