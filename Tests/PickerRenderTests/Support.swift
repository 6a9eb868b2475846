import Foundation
import PickerKit
import TestSupport

@testable import PickerRender

/// Loads one of the example specs in Fixtures/specs.
func fixtureSpec(_ name: String) throws -> PickerSpec {
    let url = repositoryRoot.appendingPathComponent("Fixtures/specs/\(name).json")
    return try PickerSpec.decode([UInt8](try Data(contentsOf: url)), file: url.path)
}

extension FrameDrawer {
    /// The timeline of the drawer's plan.
    var timeline: Timeline { plan.timeline }
    /// The layout of the drawer's plan.
    var layout: PickerLayout { plan.layout }
    /// The pixels of frame `index`.
    func image(forFrame index: Int) throws -> RGBAImage { try image(state: timeline.state(forFrame: index)) }
    /// The reusable surface holding frame `index`.
    func frameSurface(forFrame index: Int) throws -> ImageSurface { try surface(state: timeline.state(forFrame: index)) }
}

/// Results written by several threads, each into its own slot.
final class ConcurrentResults: @unchecked Sendable {
    // @unchecked: `slots` is only touched while holding `lock`.
    private let lock = NSLock()
    private var slots: [[UInt8]?]

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    func set(_ index: Int, _ value: [UInt8]?) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    func get(_ index: Int) -> [UInt8]? {
        lock.lock()
        defer { lock.unlock() }
        return slots[index]
    }
}

/// A value handed to other threads by a test that makes sure only one thread uses each part of it.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
}
