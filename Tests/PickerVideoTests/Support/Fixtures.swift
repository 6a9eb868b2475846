import Foundation
import PickerKit
import PickerRender

/// The repository's root, found from this file's path so tests do not depend on the working directory.
let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Loads one of the example specs in Fixtures/specs.
func fixtureSpec(_ name: String) throws -> PickerSpec {
    let url = repositoryRoot.appendingPathComponent("Fixtures/specs/\(name).json")
    return try PickerSpec.decode([UInt8](try Data(contentsOf: url)), file: url.path)
}

/// Every frame of a fixture spec as `FrameDrawer` draws it (as `pickerreel render` does), with its frame rate.
func renderedFrames(_ name: String) throws -> (frames: [RGBAImage], fps: Double) {
    let drawer = try FrameDrawer(spec: try fixtureSpec(name))
    let timeline = drawer.plan.timeline
    let frames = try (0..<timeline.frameCount).map { try drawer.image(state: timeline.state(forFrame: $0)) }
    return (frames, timeline.fps)
}

/// A fresh folder under the system's temporary folder, removed when the value goes away.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("PickerVideoTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `bytes` to a file called `name` in the folder and returns its path.
    func write(_ bytes: [UInt8], as name: String) throws -> String {
        let file = url.appendingPathComponent(name)
        try Data(bytes).write(to: file)
        return file.path
    }
}
