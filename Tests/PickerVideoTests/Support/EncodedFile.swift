import PickerKit
import PickerVideo
import TestSupport

/// A video encoded from frames in memory, written to a temporary file, and read back by ffprobe and ffmpeg.
struct EncodedFile {
    let video: EncodedVideo
    let path: String
    let probe: ProbedVideo
    /// Keeps the file until the value goes away.
    private let folder: TemporaryFolder

    init(_ frames: [RGBAImage], fps: Double, options: VideoEncoderOptions = VideoEncoderOptions()) throws {
        video = try VideoEncoder(options: options).encode(frameCount: frames.count, fps: fps) { frames[$0] }
        folder = try TemporaryFolder()
        path = try folder.write(video.bytes, as: "video.\(options.format.fileExtension)")
        probe = try ProbedVideo(path: path)
    }

    /// The decoded frames without their padding; libvpx decodes WebM's alpha plane when there is one.
    func decodedFrames() throws -> [RGBAImage] {
        let decoded = try DecodedVideo(
            path: path, width: video.width, height: video.height, decoder: video.chroma.hasAlpha ? "libvpx-vp9" : nil)
        return decoded.frames.map { Similarity.cropped($0, width: video.sourceWidth, height: video.sourceHeight) }
    }

    /// The decoded frames at their coded size, padding included.
    func codedFrames() throws -> [RGBAImage] {
        try DecodedVideo(path: path, width: video.width, height: video.height, decoder: video.chroma.hasAlpha ? "libvpx-vp9" : nil).frames
    }
}
