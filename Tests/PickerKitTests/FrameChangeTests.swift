import Testing

@testable import PickerKit

/// A small deterministic generator, so the pictures are the same on every run.
private struct Generator {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
}

@Suite("Frame changes")
struct FrameChangeTests {
    @Test("the changed rectangle and flags equal a pixel-by-pixel comparison, with and without the flags")
    func matchesThePlainComparison() {
        var random = Generator(state: 7)
        for trial in 0..<200 {
            let (width, height) = (1 + random.next(40), 1 + random.next(12))
            var before = RGBAImage(width: width, height: height, filledWith: (200, 210, 220, 255))
            for _ in 0..<random.next(5) {
                before.setPixel(x: random.next(width), y: random.next(height), to: (UInt8(random.next(256)), 1, 2, 255))
            }
            var after = before
            for _ in 0..<random.next(4) {
                // One channel of one pixel, so changes that touch only alpha or only blue are found too.
                let offset = (random.next(height) * width + random.next(width)) * 4 + random.next(4)
                let change = UInt8(1 + random.next(255))
                after.withUnsafeMutablePixels { $0[offset] &+= change }
            }
            var box = BoundingBox()
            var flags: [Bool] = []
            for y in 0..<height {
                for x in 0..<width {
                    let differs = before.pixel(x: x, y: y) != after.pixel(x: x, y: y)
                    flags.append(differs)
                    if differs { box.include(x: x, y: y) }
                }
            }
            let change = FrameChange(from: before, to: after)
            #expect(change.rect == box.rect, "trial \(trial)")
            #expect(change.changed == flags, "trial \(trial)")
            #expect(FrameChange.rect(from: before, to: after) == box.rect, "trial \(trial)")
        }
    }

    @Test("no previous frame, or one of another size, changes everything; equal frames change nothing")
    func edges() {
        let picture = RGBAImage(width: 5, height: 3, filledWith: (1, 2, 3, 4))
        #expect(FrameChange.rect(from: nil, to: picture) == PixelRect(x: 0, y: 0, width: 5, height: 3))
        #expect(FrameChange.rect(from: RGBAImage(width: 2, height: 2), to: picture) == PixelRect(x: 0, y: 0, width: 5, height: 3))
        #expect(FrameChange(from: nil, to: picture).changed.allSatisfy { $0 })
        #expect(FrameChange.rect(from: picture, to: picture).isEmpty)
        #expect(FrameChange(from: picture, to: picture).changed.allSatisfy { !$0 })
    }
}

@Suite("Frame scheduling")
struct FrameSchedulerTests {
    @Test("fed one frame at a time, the scheduler gives the same segments as the whole plan")
    func onlineEqualsBatch() {
        var random = Generator(state: 11)
        for _ in 0..<100 {
            let count = 1 + random.next(60)
            let step = 1 + random.next(6)
            let starts = (0..<count).map { $0 * step }
            let repeats = (0..<count).map { $0 > 0 && random.next(3) == 0 }
            let end = max(starts.last ?? 0, 0) + random.next(12) - 3
            let batch = FrameScheduler.segments(starts: starts, end: end, repeatsPrevious: repeats, minimumDelay: 4)
            var scheduler = FrameScheduler(end: end, minimumDelay: 4)
            var online: [FrameScheduler.Segment] = []
            for index in 0..<count {
                if let segment = scheduler.add(index: index, start: starts[index], repeatsPrevious: repeats[index]) {
                    online.append(segment)
                }
            }
            switch scheduler.finish() {
            case .nothing: break
            case .append(let segment): online.append(segment)
            case .replaceLast(let source): online[online.count - 1].sourceIndex = source
            }
            #expect(online == batch)
            // Starts at least the minimum apart, the first at 0, the last distinct frame at the end.
            #expect(batch.first?.start == 0)
            #expect(zip(batch, batch.dropFirst()).allSatisfy { $1.start - $0.start >= 4 })
            let lastDistinct = (0..<count).last { $0 == 0 || !repeats[$0] }
            #expect(batch.last?.sourceIndex == lastDistinct)
        }
    }

    @Test("a change too close to the one before is shown at the next start; one too close to the end takes the last ticks")
    func dropsAndEndings() {
        // Frames every 2 ticks, minimum 4: frame 1 is dropped and shown from frame 2's start.
        #expect(
            FrameScheduler.segments(starts: [0, 2, 4, 6], end: 20, repeatsPrevious: [false, false, true, true], minimumDelay: 4)
                == [.init(start: 0, sourceIndex: 0), .init(start: 4, sourceIndex: 1)])
        // The last frame is due 1 tick before the end: it gets the last 4 ticks.
        #expect(
            FrameScheduler.segments(starts: [0, 10, 19], end: 20, repeatsPrevious: [false, false, false], minimumDelay: 4)
                == [.init(start: 0, sourceIndex: 0), .init(start: 10, sourceIndex: 1), .init(start: 16, sourceIndex: 2)])
        // No room for that: it replaces the last segment's picture.
        #expect(
            FrameScheduler.segments(starts: [0, 10, 19], end: 15, repeatsPrevious: [false, false, false], minimumDelay: 4)
                == [.init(start: 0, sourceIndex: 0), .init(start: 10, sourceIndex: 2)])
    }
}
