import PickerKit

/// Which frames of a WebM libvpx encodes, and which are written as a `VP9RepeatedFrame` of the picture before.
///
/// A picker's animation holds still for about half its frames (between taps, and at the end). libvpx spends
/// nearly as long on a frame that has not changed as on one that has, so a frame equal to the one before it is
/// given to libvpx only as one of the first `encodedCopies` copies of its picture; later copies are one-byte
/// frames that show the last encoded copy again. libvpx sees the pictures it is given one tick apart, in order,
/// and `received` maps each packet back to its frame of the timeline. The video keeps one frame per tick of
/// the timeline (constant frame rate), and the frame on screen is always the encoded copy of its picture.
struct HeldFrames {
    /// How many copies of a picture libvpx encodes before the rest are repeated.
    ///
    /// The first, and two more, in which libvpx refines the still picture (it codes detail the first copy left
    /// out). Chosen by measuring the benchmark specs and twenty more against ffmpeg (docs/performance.md).
    static let encodedCopies = 3

    /// Whether the packets carry a second, alpha-channel frame (yuva420p).
    let keepsAlpha: Bool
    /// The timeline frame each picture given to libvpx was made from, by the picture's pts.
    private var timelineIndex: [Int64] = []
    /// The last picture given to libvpx, and how many frames in a row have had it.
    private var latest: RGBAImage?
    private var copies = 0
    /// The repeat of the last packet's picture, when its headers say which reference slot holds it.
    private var repeatOfLatest: (pts: Int64, frame: VP9RepeatedFrame, alpha: VP9RepeatedFrame?)?

    init(keepsAlpha: Bool) {
        self.keepsAlpha = keepsAlpha
    }

    /// The frame (and alpha frame) to write instead of encoding `image`, or nil when libvpx must encode it:
    /// a new picture, one of the first copies of a held one, or one whose last packet cannot be repeated.
    mutating func repeatFrame(for image: RGBAImage) -> (frame: VP9RepeatedFrame, alpha: VP9RepeatedFrame?)? {
        guard let previous = latest, FrameChange.rect(from: previous, to: image).isEmpty else {
            copies = 1
            return nil
        }
        copies += 1
        // The last packet must be the last picture's: libvpx hands each one out as it is given (no look-ahead).
        guard copies > Self.encodedCopies, let repeated = repeatOfLatest, repeated.pts == Int64(timelineIndex.count - 1) else {
            return nil
        }
        return (repeated.frame, repeated.alpha)
    }

    /// Records that timeline frame `index`, of picture `image`, goes to libvpx; returns the pts to give it.
    mutating func encoding(_ image: RGBAImage, index: Int) -> Int64 {
        latest = image
        timelineIndex.append(Int64(index))
        return Int64(timelineIndex.count - 1)
    }

    /// Reads the packet libvpx handed out for picture `pts` (its frame, and its alpha frame when there is one)
    /// and returns the timeline frame it shows.
    ///
    /// Throws `VideoEncodingError.ffmpeg` for a pts libvpx was not given.
    mutating func received(
        pts: Int64, frame: UnsafeBufferPointer<UInt8>, alpha: UnsafeBufferPointer<UInt8>?
    ) throws(VideoEncodingError) -> Int64 {
        guard pts >= 0, pts < Int64(timelineIndex.count) else {
            throw .ffmpeg(
                operation: "take a packet from libvpx-vp9", code: AVStatus.invalidArgument,
                detail: "a packet for picture \(pts) of the \(timelineIndex.count) it was given")
        }
        repeatOfLatest = nil
        if let repeated = VP9RepeatedFrame(showingAgainThePictureOf: frame) {
            if !keepsAlpha {
                repeatOfLatest = (pts, repeated, nil)
            } else if let alpha, let repeatedAlpha = VP9RepeatedFrame(showingAgainThePictureOf: alpha) {
                repeatOfLatest = (pts, repeated, repeatedAlpha)
            }
        }
        return timelineIndex[Int(pts)]
    }
}
