import Foundation
import PickerKit
import TestSupport

/// A video decoded by the ffmpeg executable into RGBA frames of its coded size, converted with the matrix its
/// own colour tags name.
struct DecodedVideo {
    let width: Int
    let height: Int
    let frames: [RGBAImage]

    /// Decodes `path`; `decoder` picks one (libvpx-vp9 reads WebM's alpha, FFmpeg's native VP9 decoder drops it).
    init(path: String, width: Int, height: Int, decoder: String? = nil) throws {
        var arguments = ["-v", "error"]
        if let decoder { arguments += ["-c:v", decoder] }
        arguments += ["-i", path, "-f", "rawvideo", "-pix_fmt", "rgba", "-"]
        let bytes = [UInt8](try runProgram("ffmpeg", arguments).checkedOutput())
        let frameBytes = width * height * 4
        guard frameBytes > 0, bytes.count % frameBytes == 0 else {
            throw ProcessFailed(description: "\(bytes.count) decoded bytes are not whole \(width) × \(height) frames")
        }
        self.width = width
        self.height = height
        frames = stride(from: 0, to: bytes.count, by: frameBytes).compactMap {
            RGBAImage(width: width, height: height, pixels: Array(bytes[$0..<$0 + frameBytes]))
        }
    }
}
