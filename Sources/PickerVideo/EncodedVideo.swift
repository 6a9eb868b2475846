/// A finished MP4 or WebM: its bytes and what is in it.
package struct EncodedVideo: Equatable, Sendable {
    /// The whole file, ready to be written atomically.
    package let bytes: [UInt8]
    /// MP4 (H.264) or WebM (VP9).
    package let format: VideoFormat
    /// The chroma layout; `chroma.pixelFormatName` is what ffprobe reports as `pix_fmt`.
    package let chroma: VideoChroma
    /// The encoded width: the frames' width, plus one column (a copy of the last) when it was odd.
    package let width: Int
    /// The encoded height: the frames' height, plus one row (a copy of the last) when it was odd.
    package let height: Int
    /// The frames' own width, before padding.
    package let sourceWidth: Int
    /// The frames' own height, before padding.
    package let sourceHeight: Int
    /// Frames in the video, one per frame of the timeline.
    package let frameCount: Int
    /// The constant frame rate.
    package let frameRate: VideoFrameRate
    /// Warnings the encoder or the muxer logged (at most 32), usually none.
    package let warnings: [String]

    /// How long the video plays: `frameCount` frames of 1 / fps each, so (N) / fps for a timeline of N frames
    /// over T seconds: T + 1 / fps when T · fps is whole, since the last frame also lasts a frame.
    ///
    /// Exact in MP4; WebM times frames in milliseconds, so its duration is this rounded to the millisecond.
    package var duration: Double {
        Double(frameCount) * Double(frameRate.denominator) / Double(frameRate.numerator)
    }
}
