/// A finished MP4 or WebM: its bytes and what is in it.
public struct EncodedVideo: Equatable, Sendable {
    /// The whole file, ready to be written atomically.
    public let bytes: [UInt8]
    /// MP4 (H.264) or WebM (VP9).
    public let format: VideoFormat
    /// The chroma layout; `chroma.pixelFormatName` is what ffprobe reports as `pix_fmt`.
    public let chroma: VideoChroma
    /// The encoded width: the frames' width, plus one column (a copy of the last) when it was odd.
    public let width: Int
    /// The encoded height: the frames' height, plus one row (a copy of the last) when it was odd.
    public let height: Int
    /// The frames' own width, before padding.
    public let sourceWidth: Int
    /// The frames' own height, before padding.
    public let sourceHeight: Int
    /// Frames in the video, one per frame of the timeline.
    public let frameCount: Int
    /// The constant frame rate.
    public let frameRate: VideoFrameRate
    /// Warnings the encoder or the muxer logged (at most 32), usually none.
    public let warnings: [String]

    /// How long the video plays: `frameCount` frames of 1 / fps each, so (N) / fps for a timeline of N frames
    /// over T seconds: T + 1 / fps when T · fps is whole, since the last frame also lasts a frame.
    ///
    /// Exact in MP4; WebM times frames in milliseconds, so its duration is this rounded to the millisecond.
    public var duration: Double {
        Double(frameCount) * Double(frameRate.denominator) / Double(frameRate.numerator)
    }
}
