import PickerKit
import PickerVideo

/// How `Renderer.mp4(options:)` and `Renderer.webm(options:)` encode the animation as a video.
///
/// Videos play at the spec's frame rate, frame k shown from k / fps; the picture is never scaled (an odd width
/// or height gets one more column or row, a copy of the last). The same spec and options give the same bytes run
/// to run on one machine.
public struct VideoOptions: Hashable, Sendable {
    /// How colour is stored.
    public enum Chroma: String, Hashable, Sendable, CaseIterable {
        /// 4:2:0, what every player and browser plays (the default); thin coloured edges soften a little.
        case yuv420 = "420"
        /// 4:4:4, colour at full resolution: Chrome and Firefox play it, Safari and most hardware players do not.
        case yuv444 = "444"
        /// WebM only: 4:2:0 with an alpha plane, so a clear background stays clear (Chrome and Firefox).
        case alpha
        /// WebM only: red, green and blue coded as they are, the sharpest and largest (VP9 profile 1).
        case rgb
    }

    /// How colour is stored; `.yuv420` by default.
    public var chroma: Chroma
    /// The colour clear and translucent pixels are blended over (the page the video sits on); nil is white.
    ///
    /// Must be an opaque colour. With `.alpha` the matte is not blended in: it only colours the fully clear
    /// pixels, so that the colour 4:2:0 spreads across edges is the page's.
    public var matte: PickerColor?
    /// The constant rate factor, lower is better and larger: 0–51 for MP4 (default 20), 0–63 for WebM (default 30).
    ///
    /// MP4 at 0 is lossless, which H.264 stores in the High 4:4:4 Predictive profile (as it stores `.yuv444`), not
    /// the High profile every player plays.
    public var crf: Int?

    /// Options; the defaults are 4:2:0 over white at the format's default quality.
    public init(chroma: Chroma = .yuv420, matte: PickerColor? = nil, crf: Int? = nil) {
        self.chroma = chroma
        self.matte = matte
        self.crf = crf
    }

    /// The encoder's options for `format`.
    ///
    /// Throws `RenderError.invalidOption` for a matte that is not an opaque colour, a chroma MP4 cannot hold, or a
    /// CRF out of the format's range.
    func encoderOptions(for format: VideoFormat) throws(RenderError) -> VideoEncoderOptions {
        var matteColor = RGBAColor(hex: 0xFFFFFF)
        if let matte {
            guard matte.isOpaque, let resolved = matte.resolved(in: .light) else {
                throw RenderError.invalidOption(WriteOptionRules.videoMatte("\(matte)"))
            }
            matteColor = resolved
        }
        let encoderChroma: VideoChroma
        switch chroma {
        case .yuv420: encoderChroma = .yuv420
        case .yuv444: encoderChroma = .yuv444
        case .alpha: encoderChroma = .yuva420
        case .rgb: encoderChroma = .rgb
        }
        if format == .mp4, chroma == .alpha || chroma == .rgb {
            throw RenderError.invalidOption(
                "the video chroma \(chroma.rawValue) needs WebM; an MP4 (H.264) holds 420 or 444, without alpha")
        }
        let formats: [OutputFormat] = format == .mp4 ? [.mp4] : [.webm]
        if let crf, !WriteOptionRules.crfs(for: formats).contains(crf) {
            throw RenderError.invalidOption(WriteOptionRules.crf("\(crf)", formats: formats))
        }
        return VideoEncoderOptions(format: format, chroma: encoderChroma, matte: matteColor, crf: crf)
    }
}
