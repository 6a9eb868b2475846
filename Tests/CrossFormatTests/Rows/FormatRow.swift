import AnimationTestSupport
import Foundation
import PickerReel

/// One format as its viewer shows it: a row of the cross-format matrix.
///
/// A row makes the format's file with the renderer (as the binary does), reads it back with a decoder or viewer
/// that is not the encoder, and gives the picture on screen at each moment. A new format is one more conforming type
/// in `CrossFormatRows.all`. For MP4 or WebM: encode with the renderer, decode every frame with libavcodec (or
/// `ffmpeg -f rawvideo -pix_fmt rgba`), play them as `Playback` with each frame's presentation time (constant frame
/// rate: frame k from k / fps; `picture(at:unit:)` with the time base as the unit), crop the even-size padding, and
/// add a `PictureTolerance.Kind` for lossy video (the PNG frame over the matte against the decoded frame: PSNR or a
/// block-mean bound for 4:2:0 chroma), with the measured worst and why; the time-offset and colour checks then run
/// on it as on every row.
protocol FormatRow: Sendable {
    /// The format's name in messages and in the matrix.
    var name: String { get }
    /// How far the format's pictures may be from the PNG frames of `renderer`, and why.
    func tolerance(for renderer: Renderer) throws -> PictureTolerance
    /// The pictures a viewer of the format sees at each of `moments` (seconds from the start), in order; `folder` is
    /// for files the viewer needs.
    func pictures(of renderer: Renderer, at moments: [Double], workingIn folder: URL) throws -> [RGBAImage]
}

/// The rows, in the order the matrix lists them.
enum CrossFormatRows {
    static let all: [any FormatRow] = [
        FrameFilesRow(), PerFrameSVGRow(), GIFRow(), APNGRow(), WebPRow(), VideoRow(format: .mp4), VideoRow(format: .webm),
        AnimatedSVGRow(), LottieRow(),
    ]
}

/// A failure of a row's own machinery (a decoder or viewer), not a difference of pictures.
struct RowFailure: Error, CustomStringConvertible {
    let description: String
}

extension Playback {
    /// The picture on screen at `time`, in a format whose frame starts are its source frames' times rounded to
    /// `unit` seconds: a start may be up to half a unit late, so the frame is looked up half a unit (and a hair) later.
    ///
    /// The frames being at least a unit long (at most 50 fps for GIF), this is the frame due at `time`.
    func picture(at time: Double, unit: Double) -> RGBAImage? {
        frames.isEmpty ? nil : frames[frame(at: time + unit / 2 + 1e-6)]
    }
}
