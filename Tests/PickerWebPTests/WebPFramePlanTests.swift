import PickerKit
import Testing

@testable import PickerWebP

@Suite("WebP frame timing")
struct WebPFramePlanTests {
    @Test(
        "at any frame rate the durations add up to the duration to the millisecond, none is under 11 ms, starts are frame times rounded",
        arguments: [1, 7.5, 12, 24, 25, 30_000.0 / 1_001, 30, 50, 60, 90, 100, 120, 144, 240])
    func invariants(fps: Double) throws {
        for duration in [0.3, 1, 1.234_567, 2.5, 7.77] {
            let count = timelineFrameCount(duration: duration, fps: fps)
            let plan = try WebPFramePlan(
                frameCount: count, fps: fps, duration: duration, repeatsPrevious: Array(repeating: false, count: count))
            #expect(plan.frames.map(\.duration).reduce(0, +) == Int((duration * 1000).rounded()), "\(fps) fps, \(duration) s")
            #expect(abs(Double(plan.totalDuration) / 1000 - duration) <= 0.0005 + 1e-9)
            #expect(plan.frames.allSatisfy { $0.duration >= WebPFramePlan.minimumFrameDuration }, "\(fps) fps, \(duration) s")
            #expect(plan.frames.last?.sourceIndex == count - 1)
            for (frame, next) in zip(plan.frames, plan.frames.dropFirst()) {
                #expect(frame.timestamp + frame.duration == next.timestamp)
                #expect(frame.sourceIndex < next.sourceIndex)
                // A start is its frame's time to the millisecond, unless it is the last picture's last 11 ms.
                if next.sourceIndex != count - 1 {
                    #expect(abs(Double(next.timestamp) - Double(next.sourceIndex) * 1000 / fps) <= 0.5 + 1e-9)
                }
            }
        }
    }

    @Test("durations over 24 bits split into pieces, none under 11 ms")
    func pieces() {
        let maximum = WebPFramePlan.maximumFrameDuration
        #expect(WebPFramePlan.pieces(maximum) == [maximum])
        #expect(WebPFramePlan.pieces(maximum + 1) == [maximum - 11, 12])
        #expect(WebPFramePlan.pieces(maximum + 500) == [maximum, 500])
        #expect(WebPFramePlan.pieces(3 * maximum + 20).reduce(0, +) == 3 * maximum + 20)
        #expect(WebPFramePlan.pieces(0) == [0])
    }

    @Test("invalid timing is refused with a message")
    func invalidTiming() {
        #expect(throws: WebPEncoderError.invalidTiming("there are no frames")) {
            try WebPFramePlan(frameCount: 0, fps: 30, duration: 1, repeatsPrevious: [])
        }
        #expect(throws: WebPEncoderError.self) { try WebPFramePlan(frameCount: 2, fps: 30, duration: 1, repeatsPrevious: [true]) }
        #expect(throws: WebPEncoderError.self) {
            try WebPFramePlan(frameCount: 2, fps: .infinity, duration: 1, repeatsPrevious: [false, false])
        }
    }
}
