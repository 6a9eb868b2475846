import Foundation
import PickerKit
import PickerRender
import TestSupport

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
