import PickerKit

/// How a video is encoded: the format, the chroma layout, the matte under clear pixels, and the quality.
package struct VideoEncoderOptions: Equatable, Sendable {
    /// MP4 (H.264) or WebM (VP9).
    package var format: VideoFormat
    /// 4:2:0 for every player (the default), 4:4:4 for sharp coloured edges; WebM also offers 4:2:0 with alpha
    /// and planar RGB.
    package var chroma: VideoChroma
    /// The colour clear and translucent pixels are blended over, usually the page's; white by default.
    ///
    /// Its alpha is ignored. Video has no transparency, except `.yuva420` WebM: there pixels keep their alpha,
    /// and fully clear pixels take the matte's colour at alpha 0, so the colour that 4:2:0 chroma spreads across
    /// edges is the page's. The column or row that makes an odd size even repeats the last one, so it shows the
    /// background, or the matte where the background is clear.
    package var matte: RGBAColor
    /// The constant rate factor: lower is better and larger.
    ///
    /// nil uses the format's `defaultCRF` (x264 20, VP9 30 in constant-quality mode, as `-crf 30 -b:v 0`).
    package var crf: Int?
    /// Encoder threads (1 to 16), fixed so that the bytes do not depend on the machine's core count.
    ///
    /// libx264 runs that many frame threads, libvpx that many tile and row threads. The bytes are identical run
    /// to run for a given count; different counts give different, equally valid files.
    package var threadCount: Int

    /// Creates options; the defaults are MP4, 4:2:0, a white matte, the format's default CRF and its default thread
    /// count (`VideoFormat.defaultThreadCount`).
    package init(
        format: VideoFormat = .mp4, chroma: VideoChroma = .yuv420, matte: RGBAColor = RGBAColor(hex: 0xFFFFFF), crf: Int? = nil,
        threadCount: Int? = nil
    ) {
        self.format = format
        self.chroma = chroma
        self.matte = matte
        self.crf = crf
        self.threadCount = threadCount ?? format.defaultThreadCount
    }

    /// The constant rate factor the encoder uses.
    package var effectiveCRF: Int { crf ?? format.defaultCRF }

    /// Throws `VideoEncodingError.invalidOption` for a value out of range or a chroma the format cannot hold.
    func validate() throws(VideoEncodingError) {
        if chroma.needsWebM, format != .webm {
            throw .invalidOption("\(chroma.pixelFormatName) needs WebM (VP9); PickerReel's MP4s are H.264 in YUV without alpha")
        }
        if let crf, !format.crfRange.contains(crf) {
            throw .invalidOption(
                "CRF \(crf) is not from \(format.crfRange.lowerBound) to \(format.crfRange.upperBound) for \(format.rawValue)")
        }
        guard (1...16).contains(threadCount) else { throw .invalidOption("the thread count \(threadCount) is not from 1 to 16") }
        guard [matte.red, matte.green, matte.blue].allSatisfy({ $0.isFinite && (0...1).contains($0) }) else {
            throw .invalidOption("the matte colour \(matte) has a channel outside 0 to 1")
        }
    }
}
