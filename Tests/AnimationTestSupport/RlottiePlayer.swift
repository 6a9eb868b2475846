import Foundation
import PickerKit
import TestSupport

/// A Lottie document played by rlottie, for tests.
///
/// rlottie is PyPI's rlottie-python, run by python3 through play_lottie.py: a player independent of PickerReel. The same script reports what PyPI's `lottie` package, a second
/// reader shaped on the bodymovin schema, made of the document.
public struct RlottiePlayer {
    /// Why the player could not run or play.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The canvas rlottie read, in pixels.
    public let width: Int
    public let height: Int
    /// rlottie's frame rate and duration in seconds.
    public let frameRate: Double
    public let duration: Double
    /// What the `lottie` package read: `layers`, `assets`, `inPoint`, `outPoint`, `frameRate`, `width`, `height`, or
    /// `error` with the exception it raised.
    public let schemaReading: [String: Any]
    /// The frames asked for, straight RGBA.
    public let frames: [RGBAImage]

    static let scriptPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("play_lottie.py").path

    /// Plays the Lottie file `path` and writes `frameNumbers` as PNG files named as the tool names its frames
    /// (`frame-0000.png`, …) into `folder`; returns what the script printed.
    ///
    /// Throws `Failure` when python3, rlottie-python, the lottie package or Pillow is missing, or rlottie cannot load it.
    public static func writeFrames(of path: String, frameNumbers: [Int], into folder: URL) throws -> String {
        let run = try runProgram("python3", [scriptPath, path, folder.path + "/"] + frameNumbers.map(String.init))
        guard run.status == 0 else {
            throw Failure(
                description:
                    "play_lottie.py failed with status \(run.status) (`make test` installs rlottie-python and lottie): \(run.stderr)")
        }
        return run.stdout
    }

    /// Plays `document` and renders `frameNumbers` (Lottie frames, from 0).
    ///
    /// Throws `Failure` when python3, rlottie-python or the lottie package is missing, or rlottie cannot load it.
    public init(document: [UInt8], frameNumbers: [Int]) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("animation.json")
        try Data(document).write(to: file)
        let pixelsFile = folder.appendingPathComponent("frames.rgba")
        let run: ProcessRun
        do {
            run = try runProgram("python3", [Self.scriptPath, file.path, pixelsFile.path] + frameNumbers.map(String.init))
        } catch {
            throw Failure(description: "cannot start python3 (\(error)); `make test` installs rlottie-python and lottie")
        }
        guard run.status == 0 else {
            throw Failure(
                description:
                    "play_lottie.py failed with status \(run.status) (`make test` installs rlottie-python and lottie): \(run.stderr)")
        }
        guard let report = try JSONSerialization.jsonObject(with: run.standardOutput) as? [String: Any],
            let width = report["width"] as? Int, let height = report["height"] as? Int,
            let frameRate = (report["frameRate"] as? Double) ?? (report["frameRate"] as? Int).map(Double.init),
            let duration = (report["duration"] as? Double) ?? (report["duration"] as? Int).map(Double.init),
            let reading = report["lottie"] as? [String: Any]
        else { throw Failure(description: "play_lottie.py printed something unexpected: \(run.stdout)") }
        let pixels = [UInt8](try Data(contentsOf: pixelsFile))
        let frameBytes = width * height * 4
        guard pixels.count == frameBytes * frameNumbers.count else {
            throw Failure(description: "\(pixels.count) bytes of frames for \(frameNumbers.count) frames of \(width) × \(height) px")
        }
        var frames: [RGBAImage] = []
        for index in frameNumbers.indices {
            guard
                let frame = RGBAImage(
                    width: width, height: height, pixels: Array(pixels[(index * frameBytes)..<((index + 1) * frameBytes)]))
            else { throw Failure(description: "frame \(frameNumbers[index]) could not be read back") }
            frames.append(frame)
        }
        self.width = width
        self.height = height
        self.frameRate = frameRate
        self.duration = duration
        schemaReading = reading
        self.frames = frames
    }
}
