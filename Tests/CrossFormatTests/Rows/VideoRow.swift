import AnimationTestSupport
import Foundation
import PickerReel
import TestSupport

/// An MP4 (`mp4()`) or WebM (`webm()`) with its default options (4:2:0 over a white matte), decoded by the ffmpeg
/// executable into RGBA frames and shown as a player shows a constant-rate video: frame k from k / fps until
/// (k + 1) / fps.
struct VideoRow: FormatRow {
    let format: OutputFormat

    var name: String { format == .mp4 ? "MP4 (H.264 4:2:0)" : "WebM (VP9 4:2:0)" }

    func tolerance(for renderer: Renderer) -> PictureTolerance {
        PictureTolerance(
            kind: .video(matte: [255, 255, 255], meanLevels: 4.5, blockLevels: 24),
            reason:
                "lossy 4:2:0 at the default CRF, blended over the white matte: chroma at half resolution blurs thin coloured "
                + "strokes (measured: up to 2.2 levels on average at 2x and 3.6 at 1x, where strokes are one pixel wide; up to "
                + "21.6 in an 8×8 block's mean, on blue labels); two frames late or one colour changed moves a block's mean by 28 or more")
    }

    func pictures(of renderer: Renderer, at moments: [Double], workingIn folder: URL) throws -> [RGBAImage] {
        let file = folder.appendingPathComponent("video.\(format.rawValue)")
        try Data(try renderer.encoded(format)).write(to: file)
        let (width, height) = renderer.pixelSize
        let frames = try Self.decode(file, width: width, height: height)
        guard frames.count == renderer.frameCount else {
            throw RowFailure(description: "the \(format.rawValue) decodes to \(frames.count) frames, not \(renderer.frameCount)")
        }
        let fps = renderer.timeline.fps
        return moments.map { time in frames[min(frames.count - 1, max(0, Int((time * fps + 1e-6).rounded(.down))))] }
    }

    /// Every frame of `file`, cropped to `width` × `height` (the even-size padding left out).
    static func decode(_ file: URL, width: Int, height: Int) throws -> [RGBAImage] {
        let run = try runProgram(
            "ffmpeg",
            ["-v", "error", "-i", file.path, "-vf", "format=rgba,crop=\(width):\(height):0:0", "-f", "rawvideo", "-pix_fmt", "rgba", "-"])
        let bytes = [UInt8](run.standardOutput)
        let size = width * height * 4
        guard run.status == 0, size > 0, bytes.count % size == 0 else {
            throw RowFailure(description: "ffmpeg could not decode \(file.lastPathComponent): \(run.stderr)")
        }
        return stride(from: 0, to: bytes.count, by: size).compactMap {
            RGBAImage(width: width, height: height, pixels: Array(bytes[$0..<$0 + size]))
        }
    }
}
