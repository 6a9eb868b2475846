/// The container and codec of a video: MP4 with H.264 (libx264) or WebM with VP9 (libvpx).
package enum VideoFormat: String, Equatable, Hashable, Sendable, CaseIterable {
    /// H.264 in an MP4 file with its index first (`+faststart`), so a browser starts playing while it loads.
    case mp4
    /// VP9 in a WebM file.
    case webm

    /// The file name extension, without the dot.
    package var fileExtension: String { rawValue }

    /// The constant rate factor used when none is given: what `ffmpeg -c:v libx264 -crf 20` and
    /// `ffmpeg -c:v libvpx-vp9 -crf 30 -b:v 0` use.
    package var defaultCRF: Int {
        switch self {
        case .mp4: return 20
        case .webm: return 30
        }
    }

    /// The encoder threads used when none are given, fixed so that the bytes do not depend on the machine: x264 runs
    /// three frame threads (what it picks itself on two cores, and what ffmpeg gives it there: on the large bench
    /// spec 2.75 against 2.80 s with two, in alternating runs, 0.04 % more bytes; small pictures get fewer threads
    /// from x264 whatever is asked), libvpx two tile and row threads.
    package var defaultThreadCount: Int {
        switch self {
        case .mp4: return 3
        case .webm: return 2
        }
    }

    /// The constant rate factors the codec accepts: lower is better quality and larger.
    package var crfRange: ClosedRange<Int> {
        switch self {
        case .mp4: return 0...51
        case .webm: return 0...63
        }
    }

    /// The libavcodec encoder's name.
    var encoderName: String {
        switch self {
        case .mp4: return "libx264"
        case .webm: return "libvpx-vp9"
        }
    }

    /// The libavformat muxer's name.
    var muxerName: String { rawValue }

    /// The longest side in pixels, the same for both: H.264's level 6.2 holds 16,384 px on a side for a picture
    /// that is not also very tall, and PickerReel's canvas stops there too (`SpecLimits.maximumPixelsPerSide`).
    static let maximumSide = 16_384
}
