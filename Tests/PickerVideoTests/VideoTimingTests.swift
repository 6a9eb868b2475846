import PickerKit
import PickerVideo
import Testing

/// Constant frame rates from 1 to 240 fps, fractional rates, a single frame, and frames at their moments.
@Suite("Video timing") struct VideoTimingTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let fps: Double
        let frameCount: Int
        let rate: String
        var testDescription: String { "\(fps) fps, \(frameCount) frames" }
    }

    static let cases: [Case] = [
        Case(fps: 1, frameCount: 4, rate: "1/1"),
        Case(fps: 240, frameCount: 241, rate: "240/1"),
        Case(fps: 29.97, frameCount: 31, rate: "2997/100"),
        Case(fps: 30_000.0 / 1001, frameCount: 31, rate: "30000/1001"),
        Case(fps: 12.5, frameCount: 26, rate: "25/2"),
        Case(fps: 30, frameCount: 1, rate: "30/1"),
    ]

    @Test("N frames at fps play for N / fps, frame k at k / fps, in both formats", arguments: cases, VideoFormat.allCases)
    func constantFrameRate(_ testCase: Case, format: VideoFormat) throws {
        // The square jumps 5 px a frame, so each decoded frame can be told from its neighbours.
        let frames = (0..<testCase.frameCount).map { SyntheticFrames.frame($0 * 5, width: 120, height: 24) }
        let file = try EncodedFile(frames, fps: testCase.fps, options: VideoEncoderOptions(format: format))
        #expect(file.video.frameRate.description == testCase.rate)
        #expect(file.probe.frameRate == testCase.rate)
        let expected = Double(testCase.frameCount) / file.video.frameRate.fps
        #expect(abs(file.video.duration - expected) < 1e-9)
        // MP4 times are exact fractions (ffprobe prints microseconds); WebM counts milliseconds.
        let tolerance = format == .mp4 ? 0.000_001 : 0.000_501
        #expect(abs(file.probe.duration - expected) <= tolerance, "duration \(file.probe.duration), expected \(expected)")
        #expect(file.probe.frameTimes.count == testCase.frameCount)
        for (index, time) in file.probe.frameTimes.enumerated() {
            #expect(abs(time - Double(index) / file.video.frameRate.fps) <= tolerance, "frame \(index) at \(time) s")
        }
        let decoded = try file.decodedFrames()
        try #require(decoded.count == testCase.frameCount)
        for index in decoded.indices {
            for neighbour in [index - 1, index + 1] where frames.indices.contains(neighbour) {
                let (own, other) = try #require(Similarity.distances(of: decoded[index], to: frames[index], and: frames[neighbour]))
                #expect(own < other, "frame \(index) looks more like frame \(neighbour)")
            }
        }
    }

    @Test("a single frame is a one-frame video lasting one frame")
    func singleFrame() throws {
        let frame = SyntheticFrames.frame(3, width: 40, height: 20)
        for format in VideoFormat.allCases {
            let file = try EncodedFile([frame], fps: 24, options: VideoEncoderOptions(format: format))
            #expect(file.probe.frameTimes == [0])
            #expect(abs(file.probe.duration - 1.0 / 24) <= 0.0005)
            let decoded = try file.decodedFrames()
            try #require(decoded.count == 1)
            #expect(Similarity.ssim(decoded[0], frame) > 0.9)
        }
    }
}
