import Testing

@testable import PickerGIF

/// Frame counts as the timeline makes them: ⌊duration × fps + 0.5⌋ + 1.
private func timelineFrameCount(duration: Double, fps: Double) -> Int {
    Int((duration * fps + 0.5 + 1e-6).rounded(.down)) + 1
}

/// A plan for an animation where every frame differs from the one before.
private func movingPlan(duration: Double, fps: Double) throws -> GIFFramePlan {
    let count = timelineFrameCount(duration: duration, fps: fps)
    return try GIFFramePlan(frameCount: count, fps: fps, duration: duration, repeatsPrevious: Array(repeating: false, count: count))
}

/// Checks what every plan promises, whatever the input.
private func checkInvariants(
    _ plan: GIFFramePlan, duration: Double, repeatsPrevious: [Bool], sourceLocation: SourceLocation = #_sourceLocation
) {
    let total = plan.totalDelay
    #expect(abs(Double(total) / 100 - duration) <= 0.01 + 1e-9, "total \(total) cs for \(duration) s", sourceLocation: sourceLocation)
    if total >= GIFFramePlan.minimumDelay {
        #expect(plan.frames.allSatisfy { $0.delay >= GIFFramePlan.minimumDelay }, "a delay under 2 cs", sourceLocation: sourceLocation)
    }
    #expect(plan.frames.allSatisfy { $0.delay <= GIFFramePlan.maximumDelay }, sourceLocation: sourceLocation)
    #expect(plan.frames.first?.sourceIndex == 0 || plan.frames.count == 1, sourceLocation: sourceLocation)
    let lastDistinct = repeatsPrevious.indices.last { $0 == 0 || !repeatsPrevious[$0] }
    #expect(plan.frames.last?.sourceIndex == lastDistinct, "the last distinct picture ends the GIF", sourceLocation: sourceLocation)
    for (earlier, later) in zip(plan.frames, plan.frames.dropFirst()) {
        // Only a hold split over several GIF frames shows the same source twice.
        #expect(
            later.sourceIndex > earlier.sourceIndex
                || (later.sourceIndex == earlier.sourceIndex && earlier.delay >= GIFFramePlan.maximumDelay - GIFFramePlan.minimumDelay),
            sourceLocation: sourceLocation)
        #expect(
            repeatsPrevious[later.sourceIndex] == false || later.sourceIndex == earlier.sourceIndex, "a repeated frame shown as a change",
            sourceLocation: sourceLocation)
    }
}

@Suite("GIF frame timing")
struct GIFFramePlanTests {
    @Test("30 fps rounds cumulatively: 3, 4, 3 cs and a total equal to the duration")
    func thirtyFPS() throws {
        let plan = try movingPlan(duration: 1, fps: 30)
        #expect(plan.totalDelay == 100)
        #expect(plan.frames.prefix(6).map(\.delay) == [3, 4, 3, 3, 4, 3])
        // Frame 30 sits at the very end, so it takes the last slot instead of frame 29.
        #expect(plan.frames.count == 30)
        #expect(plan.frames.last == GIFFramePlan.Frame(sourceIndex: 30, delay: 3))
        checkInvariants(plan, duration: 1, repeatsPrevious: Array(repeating: false, count: 31))
    }

    @Test("50 fps keeps every change at exactly 2 cs")
    func fiftyFPS() throws {
        let plan = try movingPlan(duration: 2, fps: 50)
        #expect(plan.totalDelay == 200)
        #expect(plan.frames.count == 100)
        #expect(plan.frames.allSatisfy { $0.delay == 2 })
    }

    @Test("60 fps merges frames so no delay is under 2 cs")
    func sixtyFPS() throws {
        let plan = try movingPlan(duration: 1.5, fps: 60)
        #expect(plan.totalDelay == 150)
        #expect(Set(plan.frames.map(\.delay)).isSubset(of: [2, 3]))
        #expect(plan.frames.count < 91)
        checkInvariants(plan, duration: 1.5, repeatsPrevious: Array(repeating: false, count: 91))
    }

    @Test("120 fps becomes 50 frames a second of 2 cs each")
    func oneHundredTwentyFPS() throws {
        let plan = try movingPlan(duration: 1, fps: 120)
        #expect(plan.totalDelay == 100)
        #expect(plan.frames.count == 50)
        #expect(plan.frames.allSatisfy { $0.delay == 2 })
        checkInvariants(plan, duration: 1, repeatsPrevious: Array(repeating: false, count: 121))
    }

    @Test("identical frames merge into one frame with their summed delay")
    func holdsMerge() throws {
        // 10 moving frames at 30 fps, then a hold until 3 s.
        let count = timelineFrameCount(duration: 3, fps: 30)
        let repeats = (0..<count).map { $0 >= 10 }
        let plan = try GIFFramePlan(frameCount: count, fps: 30, duration: 3, repeatsPrevious: repeats)
        #expect(plan.frames.count == 10)
        #expect(plan.frames.last == GIFFramePlan.Frame(sourceIndex: 9, delay: 300 - 30))
        #expect(plan.totalDelay == 300)
        checkInvariants(plan, duration: 3, repeatsPrevious: repeats)
    }

    @Test("a change dropped for being too close still shows during the hold after it")
    func droppedChangeShowsInHold() throws {
        // At 120 fps frame 3 (2.5 cs → 3) is 1 cs after frame 2's start, then everything repeats frame 3.
        let count = timelineFrameCount(duration: 1, fps: 120)
        let repeats = (0..<count).map { $0 >= 4 }
        let plan = try GIFFramePlan(frameCount: count, fps: 120, duration: 1, repeatsPrevious: repeats)
        #expect(plan.frames.map(\.sourceIndex) == [0, 2, 3])
        #expect(plan.frames.map(\.delay) == [2, 2, 96])
    }

    @Test("a final picture that differs gets the last 2 cs of a long hold")
    func finalPictureAfterHold() throws {
        let count = timelineFrameCount(duration: 2, fps: 30)
        let repeats = (0..<count).map { $0 >= 1 && $0 != count - 1 }
        let plan = try GIFFramePlan(frameCount: count, fps: 30, duration: 2, repeatsPrevious: repeats)
        #expect(plan.frames == [.init(sourceIndex: 0, delay: 198), .init(sourceIndex: count - 1, delay: 2)])
    }

    @Test("holds longer than 655.35 s are split into several frames")
    func longHoldSplits() throws {
        let duration = 1_500.0
        let plan = try GIFFramePlan(frameTimes: [0, 0.5], duration: duration, repeatsPrevious: [false, false])
        #expect(plan.totalDelay == 150_000)
        #expect(plan.frames.first == GIFFramePlan.Frame(sourceIndex: 0, delay: 50))
        #expect(plan.frames.dropFirst().allSatisfy { $0.sourceIndex == 1 && $0.delay <= GIFFramePlan.maximumDelay })
        #expect(plan.frames.count == 4)
        checkInvariants(plan, duration: duration, repeatsPrevious: [false, false])
    }

    @Test("a split never leaves a piece under 2 cs")
    func splitRemainder() throws {
        let plan = try GIFFramePlan(frameTimes: [0], duration: 655.36, repeatsPrevious: [false])
        #expect(plan.frames.map(\.delay) == [65_533, 3])
    }

    @Test("a still picture is one frame")
    func stillPicture() throws {
        let plan = try GIFFramePlan(frameCount: 1, fps: 30, duration: 0, repeatsPrevious: [false])
        #expect(plan.frames == [.init(sourceIndex: 0, delay: 0)])
    }

    @Test(
        "the total matches the duration within 10 ms at any frame rate",
        arguments: [1.0, 12, 24, 25, 29.97, 30, 48, 50, 59.94, 60, 75, 90, 100, 120, 144, 240])
    func totalAtAnyRate(fps: Double) throws {
        for duration in [0.01, 0.03, 0.1, 0.333, 1, 1.234, 2.5, 7.77, 60.005] {
            let count = timelineFrameCount(duration: duration, fps: fps)
            // Moving throughout, and moving with holds every few frames.
            for pattern in [0, 3, 7] {
                let repeats = (0..<count).map { pattern > 0 && $0 % pattern != 0 }
                let plan = try GIFFramePlan(frameCount: count, fps: fps, duration: duration, repeatsPrevious: repeats)
                #expect(plan.totalDelay == Int((duration * 100).rounded()))
                checkInvariants(plan, duration: duration, repeatsPrevious: repeats)
            }
        }
    }

    @Test("bad timing is reported, not trapped")
    func invalidTiming() {
        #expect(throws: GIFEncodingError.self) { try GIFFramePlan(frameTimes: [], duration: 1, repeatsPrevious: []) }
        #expect(throws: GIFEncodingError.self) { try GIFFramePlan(frameTimes: [0, 1], duration: 1, repeatsPrevious: [false]) }
        #expect(throws: GIFEncodingError.self) { try GIFFramePlan(frameTimes: [0, 1], duration: .nan, repeatsPrevious: [false, false]) }
        #expect(throws: GIFEncodingError.self) { try GIFFramePlan(frameTimes: [0, -1], duration: 1, repeatsPrevious: [false, false]) }
        #expect(throws: GIFEncodingError.self) { try GIFFramePlan(frameTimes: [0.5, 0.2], duration: 1, repeatsPrevious: [false, false]) }
        #expect(throws: GIFEncodingError.self) {
            try GIFFramePlan(frameTimes: [0, .infinity], duration: 1, repeatsPrevious: [false, false])
        }
        #expect(throws: GIFEncodingError.self) { try GIFFramePlan(frameTimes: [0], duration: 1e300, repeatsPrevious: [false]) }
        #expect(throws: GIFEncodingError.self) {
            try GIFFramePlan(frameCount: 3, fps: 0, duration: 1, repeatsPrevious: [false, false, false])
        }
        #expect(throws: GIFEncodingError.self) { try GIFFramePlan(frameCount: 0, fps: 30, duration: 1, repeatsPrevious: []) }
    }
}
