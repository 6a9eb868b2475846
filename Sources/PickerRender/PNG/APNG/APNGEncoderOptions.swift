/// How an animated PNG is encoded: looping and compression.
package struct APNGEncoderOptions: Equatable, Sendable {
    /// How many times the animation plays: nil loops forever, 1 plays once, N plays N times (1 to 65,535).
    package var loopCount: Int?
    /// libdeflate's level and the row filter for every frame; the pixels are the same at every setting.
    package var compression: PNGCompression

    /// The default compression: level 6, unfiltered rows.
    package static let standardCompression = PNGCompression(level: 6, filter: .none)

    /// Creates options; the defaults loop forever at `standardCompression`.
    package init(loopCount: Int? = nil, compression: PNGCompression = APNGEncoderOptions.standardCompression) {
        self.loopCount = loopCount
        self.compression = compression
    }

    /// Throws `APNGEncodingError.invalidOption` for a value out of range.
    func validate() throws(APNGEncodingError) {
        if let loopCount, !(1...65_535).contains(loopCount) {
            throw .invalidOption("the loop count \(loopCount) is not from 1 to 65535 (or nil to loop forever)")
        }
        guard PNGCompression.levels.contains(compression.level) else {
            throw .invalidOption("the compression level \(compression.level) is not from 0 to 12")
        }
    }

    /// acTL's num_plays: 0 forever, otherwise the number of plays.
    var plays: Int { loopCount ?? 0 }
}
