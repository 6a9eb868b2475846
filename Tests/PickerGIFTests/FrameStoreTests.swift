import PickerKit
import Testing

@testable import PickerGIF

@Suite("Frames kept between the two passes")
struct FrameStoreTests {
    /// A 30 × 6 picture with a dark bar that moves right, holding every other frame.
    private func frame(_ index: Int) -> RGBAImage {
        var image = RGBAImage(width: 30, height: 6, filledWith: (250, 250, 250, 255))
        let left = (index / 2) * 3
        for y in 1..<5 {
            for x in left..<(left + 4) { image.setPixel(x: x, y: y, to: (20, 40, UInt8(60 + x), 255)) }
        }
        return image
    }

    private func filled(budget: Int) -> FrameStore {
        var store = FrameStore(byteBudget: budget)
        var previous: RGBAImage?
        for index in 0..<8 {
            let picture = frame(index)
            let change = FrameChange(from: previous, to: picture)
            if previous == nil || !change.rect.isEmpty { store.add(picture, sourceIndex: index, change: change) }
            previous = picture
        }
        return store
    }

    @Test("every frame, repeated ones included, is rebuilt exactly, in order")
    func rebuilds() {
        var store = filled(budget: 1 << 20)
        #expect(store.isComplete)
        for index in 0..<8 { #expect(store.picture(at: index) == frame(index)) }
        #expect(store.picture(at: 3) == nil)
    }

    @Test("past its budget it keeps nothing and rebuilds nothing")
    func givesUp() {
        var store = filled(budget: 30 * 6 * 4 + 40)
        #expect(!store.isComplete)
        #expect(store.picture(at: 0) == nil)
    }

    @Test("the encoder asks for each frame once when the store holds them")
    func providerCalledOnce() throws {
        final class Calls: @unchecked Sendable {
            // Only touched from the encoding thread of this test.
            var count = 0
        }
        let calls = Calls()
        let gif = try GIFEncoder().encode(frameCount: 8, fps: 10, duration: 0.7) { index in
            calls.count += 1
            return frame(index)
        }
        #expect(calls.count == 8)
        #expect(gif.frames.count >= 4)
    }
}
