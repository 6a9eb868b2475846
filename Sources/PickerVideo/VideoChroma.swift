import CPickerFFmpeg

/// How colour is stored in the video: the chroma resolution, and whether there is an alpha plane.
package enum VideoChroma: String, Equatable, Hashable, Sendable, CaseIterable {
    /// 4:2:0 (`yuv420p`): colour at half the resolution in each direction. Every player and browser plays it;
    /// thin coloured lines and coloured text lose some sharpness.
    case yuv420
    /// 4:4:4 (`yuv444p`): colour at full resolution, for sharp coloured edges. H.264's High 4:4:4 profile and
    /// VP9's profile 1: Chrome and Firefox play them; Safari and many hardware players do not.
    case yuv444
    /// 4:2:0 with an alpha plane (`yuva420p`), WebM only: a clear background stays clear (Chrome and Firefox
    /// honour it). The matte is then never blended in; it colours the fully clear pixels (at alpha 0).
    case yuva420
    /// The red, green and blue planes coded directly at full resolution (`gbrp`, VP9 profile 1), WebM only:
    /// no colour matrix, the sharpest and largest. It is what `ffmpeg -c:v libvpx-vp9` picks for PNG input;
    /// players that decode VP9 profile 1 with libvpx or FFmpeg (Chrome, Firefox, VLC, mpv) play it, Safari and
    /// hardware decoders do not.
    case rgb

    /// FFmpeg's name for the pixel format, as ffprobe prints it.
    package var pixelFormatName: String {
        switch self {
        case .yuv420: return "yuv420p"
        case .yuv444: return "yuv444p"
        case .yuva420: return "yuva420p"
        case .rgb: return "gbrp"
        }
    }

    /// Whether the alpha channel is kept.
    package var hasAlpha: Bool { self == .yuva420 }

    var pixelFormat: AVPixelFormat {
        switch self {
        case .yuv420: return AV_PIX_FMT_YUV420P
        case .yuv444: return AV_PIX_FMT_YUV444P
        case .yuva420: return AV_PIX_FMT_YUVA420P
        case .rgb: return AV_PIX_FMT_GBRP
        }
    }

    /// Whether the colours go through a YUV matrix (all but `.rgb`).
    var isYUV: Bool { self != .rgb }

    /// Whether only WebM (VP9) can hold it.
    var needsWebM: Bool { self == .yuva420 || self == .rgb }
}
