import Foundation
import PickerKit
import TestSupport

/// An animation decoded by Pillow (decode_animation.py, run by python3): a decoder independent of PickerReel's
/// encoders, used only by tests.
public struct PillowAnimation {
    /// Why the decoder could not run or decode.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// "PNG" or "WEBP".
    public let format: String
    /// Pillow's mode for the file, such as "RGB" or "RGBA".
    public let mode: String
    /// The loop count Pillow read (APNG num_plays, WebP loop count; 0 for forever), or nil when absent.
    public let loop: Int?
    /// Each frame's delay in milliseconds, as Pillow reports it.
    public let durations: [Double]
    /// Every frame as displayed, straight RGBA.
    public let frames: [RGBAImage]

    static let scriptPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("decode_animation.py").path

    /// Decodes `bytes`, written to a temporary file named with `fileExtension`.
    ///
    /// Throws `Failure` when python3 or Pillow is missing, or Pillow cannot read the file.
    public init(bytes: [UInt8], fileExtension: String) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("animation.\(fileExtension)")
        try Data(bytes).write(to: file)
        let decoded: ProcessRun
        do {
            decoded = try runProgram("python3", [Self.scriptPath, file.path])
        } catch {
            throw Failure(description: "cannot start python3 (\(error)); the cross-check needs python3 with Pillow")
        }
        guard decoded.status == 0 else {
            throw Failure(description: "decode_animation.py failed with status \(decoded.status): \(decoded.stderr)")
        }
        let printed = decoded.standardOutput
        guard let report = try JSONSerialization.jsonObject(with: printed) as? [String: Any], let format = report["format"] as? String,
            let mode = report["mode"] as? String, let width = report["width"] as? Int, let height = report["height"] as? Int,
            let count = report["frames"] as? Int, let listed = report["durations"] as? [Any]
        else { throw Failure(description: "decode_animation.py printed something unexpected: \(String(decoding: printed, as: UTF8.self))") }
        // JSON numbers come back as Int or Double depending on how they were written.
        let durations = listed.compactMap { ($0 as? Double) ?? ($0 as? Int).map(Double.init) }
        let pixels = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file.path + ".frames")))
        let frameBytes = width * height * 4
        guard pixels.count == frameBytes * count else {
            throw Failure(description: "\(pixels.count) bytes of frames for \(count) frames of \(width) × \(height) px")
        }
        var frames: [RGBAImage] = []
        for index in 0..<count {
            guard
                let frame = RGBAImage(
                    width: width, height: height, pixels: Array(pixels[(index * frameBytes)..<((index + 1) * frameBytes)]))
            else { throw Failure(description: "frame \(index) could not be read back") }
            frames.append(frame)
        }
        self.format = format
        self.mode = mode
        loop = report["loop"] as? Int
        self.durations = durations
        self.frames = frames
    }
}
