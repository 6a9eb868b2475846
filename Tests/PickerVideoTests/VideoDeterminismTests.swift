import Foundation
import PickerKit
import PickerVideo
import Testing

/// The same frames and options give the same bytes: run after run, and with other encodes on other threads.
@Suite("Video determinism") struct VideoDeterminismTests {
    static let cases: [(VideoFormat, VideoChroma)] = [(.mp4, .yuv420), (.mp4, .yuv444), (.webm, .yuv420), (.webm, .yuva420)]

    @Test("two encodes of the seed demo are byte-identical, and so are four at once on separate threads", arguments: cases)
    func sameBytes(_ format: VideoFormat, _ chroma: VideoChroma) throws {
        let (frames, fps) = try renderedFrames("seed-demo")
        let encoder = VideoEncoder(options: VideoEncoderOptions(format: format, chroma: chroma))
        let first = try encoder.encode(frameCount: frames.count, fps: fps) { frames[$0] }
        let second = try encoder.encode(frameCount: frames.count, fps: fps) { frames[$0] }
        // Compared as a whole value, so a failure does not print every byte.
        #expect(first == second)
        #expect(first.warnings.isEmpty, "\(first.warnings)")

        // Concurrent encodes each own their FFmpeg objects and threads; none may change another's bytes.
        let results = ConcurrentResults(count: 4)
        DispatchQueue.concurrentPerform(iterations: 4) { slot in
            results.set(slot, Result { try encoder.encode(frameCount: frames.count, fps: fps) { frames[$0] }.bytes })
        }
        for slot in 0..<4 {
            let same = try results.get(slot) == first.bytes
            #expect(same, "concurrent encode \(slot)")
        }
    }

    @Test("repeated encodes in one process are byte-identical for each thread count", arguments: [1, 2, 3])
    func repeatedInOneProcess(_ threads: Int) throws {
        // libx264's AVX-512 macroblock-tree code reads memory it never wrote; in a process that has already
        // freed memory (an earlier encode), that made these differ until X264Assembly left AVX-512 out.
        let frames = (0..<40).map { SyntheticFrames.frame($0 * 2, width: 320, height: 64) }
        for format in VideoFormat.allCases {
            let encoder = VideoEncoder(options: VideoEncoderOptions(format: format, threadCount: threads))
            let reference = try encoder.encode(frameCount: frames.count, fps: 30) { frames[$0] }.bytes
            var differing = 0
            for _ in 0..<5 where try encoder.encode(frameCount: frames.count, fps: 30, frame: { frames[$0] }).bytes != reference {
                differing += 1
            }
            let results = ConcurrentResults(count: 4)
            DispatchQueue.concurrentPerform(iterations: 4) { slot in
                results.set(slot, Result { try encoder.encode(frameCount: frames.count, fps: 30) { frames[$0] }.bytes })
            }
            for slot in 0..<4 where try results.get(slot) != reference { differing += 1 }
            #expect(differing == 0, "\(format.rawValue) with \(threads) threads: \(differing) of 9 encodes differ")
        }
    }
}

/// Results written by concurrent workers, one slot each, read after they have all finished.
final class ConcurrentResults: @unchecked Sendable {
    // @unchecked: each worker writes only its own slot under `lock`; reads come after concurrentPerform returns.
    private let lock = NSLock()
    private var slots: [Result<[UInt8], any Error>?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ slot: Int, _ result: Result<[UInt8], any Error>) { lock.withLock { slots[slot] = result } }

    func get(_ slot: Int) throws -> [UInt8]? { try lock.withLock { slots[slot] }?.get() }
}
