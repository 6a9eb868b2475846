import PickerKit
import Testing

@testable import PickerVideo

/// Every way an encode can be refused or fail, with the message the user sees.
@Suite("Video encoder errors") struct VideoEncoderErrorTests {
    static let frame = SyntheticFrames.frame(0, width: 32, height: 16)

    func encode(_ options: VideoEncoderOptions = VideoEncoderOptions(), frameCount: Int = 2, fps: Double = 30) throws -> EncodedVideo {
        try VideoEncoder(options: options).encode(frameCount: frameCount, fps: fps) { _ in Self.frame }
    }

    @Test("no frames, or a frame rate that is not a positive finite number, is a timing error")
    func invalidTiming() {
        for frameCount in [0, -3] {
            #expect(throws: VideoEncodingError.self) { try encode(frameCount: frameCount) }
        }
        for fps in [0, -30, .nan, .infinity, 1e-9] {
            #expect {
                try encode(fps: fps)
            } throws: { error in
                guard case .invalidTiming(let detail) = error as? VideoEncodingError else { return false }
                return detail.contains("fps")
            }
        }
    }

    @Test("options out of range, or a chroma MP4 cannot hold, are refused before anything is encoded")
    func invalidOptions() {
        let refused: [VideoEncoderOptions] = [
            VideoEncoderOptions(format: .mp4, chroma: .yuva420),
            VideoEncoderOptions(format: .mp4, chroma: .rgb),
            VideoEncoderOptions(format: .mp4, crf: 52),
            VideoEncoderOptions(format: .webm, crf: 64),
            VideoEncoderOptions(crf: -1),
            VideoEncoderOptions(threadCount: 0),
            VideoEncoderOptions(threadCount: 17),
            VideoEncoderOptions(matte: RGBAColor(red: .nan, green: 0, blue: 0)),
        ]
        for options in refused {
            var asked = false
            #expect(throws: VideoEncodingError.self) {
                try VideoEncoder(options: options).encode(frameCount: 1, fps: 30) { _ in
                    asked = true
                    return Self.frame
                }
            }
            #expect(!asked, "\(options) asked for a frame")
        }
        // The extremes of each range are accepted.
        #expect(throws: Never.self) { try encode(VideoEncoderOptions(format: .mp4, crf: 51)) }
        #expect(throws: Never.self) { try encode(VideoEncoderOptions(format: .webm, crf: 0)) }
    }

    @Test("a frame of another size names the frame, a held WebM frame included")
    func badFrames() {
        let narrower = FrameSizeMismatch(index: 2, width: 30, height: 16, expectedWidth: 32, expectedHeight: 16)
        #expect(throws: VideoEncodingError.frameSize(narrower)) {
            try VideoEncoder().encode(frameCount: 4, fps: 30) { index in
                index == 2 ? SyntheticFrames.frame(0, width: 30, height: 16) : Self.frame
            }
        }
        // A WebM frame that would be a held copy (the fifth of the same picture) is checked too.
        let held = FrameSizeMismatch(index: 5, width: 30, height: 16, expectedWidth: 32, expectedHeight: 16)
        #expect(throws: VideoEncodingError.frameSize(held)) {
            try VideoEncoder(options: VideoEncoderOptions(format: .webm)).encode(frameCount: 6, fps: 30) {
                $0 == 5 ? SyntheticFrames.frame(0, width: 30, height: 16) : Self.frame
            }
        }
    }

    @Test("a picture wider or taller than 16,384 px is refused; 16,384 px is encoded", arguments: VideoFormat.allCases)
    func sizeLimit(_ format: VideoFormat) throws {
        let options = VideoEncoderOptions(format: format)
        #expect(throws: VideoEncodingError.tooLarge(width: 16_385, height: 2, limit: 16_384)) {
            try VideoEncoder(options: options).encode(frameCount: 1, fps: 30) { _ in RGBAImage(width: 16_385, height: 2) }
        }
        #expect(throws: VideoEncodingError.tooLarge(width: 1, height: 16_386, limit: 16_384)) {
            try VideoEncoder(options: options).encode(frameCount: 1, fps: 30) { _ in RGBAImage(width: 1, height: 16_386) }
        }
        // 16,383 is padded to 16,384, still within the limit.
        let video = try VideoEncoder(options: options).encode(frameCount: 1, fps: 30) { _ in RGBAImage(width: 16_383, height: 2) }
        #expect((video.width, video.height) == (16_384, 2))
    }

    struct ProviderFailure: Error, Equatable {}

    @Test("whatever the frame provider throws comes out unchanged")
    func providerErrorsPassThrough() {
        for format in VideoFormat.allCases {
            #expect(throws: ProviderFailure()) {
                try VideoEncoder(options: VideoEncoderOptions(format: format)).encode(frameCount: 5, fps: 30) { index in
                    if index == 3 { throw ProviderFailure() }
                    return Self.frame
                }
            }
        }
    }

    @Test("an FFmpeg failure carries av_strerror's text and the encoder's own logged reason")
    func ffmpegFailureIsExplained() throws {
        // libx264 refuses 4:2:0 at an odd width; the public encoder pads, so this opens the encoder directly.
        let log = FFmpegLogCapture()
        let encoder = try EncoderContext(encoderNamed: "libx264", log: log)
        encoder.pointer.pointee.width = 33
        encoder.pointer.pointee.height = 18
        encoder.pointer.pointee.pix_fmt = VideoChroma.yuv420.pixelFormat
        encoder.pointer.pointee.time_base.num = 1
        encoder.pointer.pointee.time_base.den = 30
        do {
            try encoder.open()
            Issue.record("libx264 opened at an odd width")
        } catch let error {
            guard case .ffmpeg(let operation, let code, let detail) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(operation == "open the libx264 encoder")
            #expect(code < 0)
            #expect(detail.hasPrefix(AVStatus.text(code)))
            #expect(detail.contains("Generic error in an external library"))
            // The line libx264 logged, kept off standard error and put in the message.
            #expect(detail.contains("width not divisible by 2"), "\(detail)")
            #expect(error.description.contains("FFmpeg could not open the libx264 encoder"))
        }
    }

    @Test("av_strerror's text for common codes")
    func errorText() {
        #expect(AVStatus.text(AVStatus.invalidArgument) == "Invalid argument")
        #expect(AVStatus.text(AVStatus.endOfFile) == "End of file")
        #expect(AVStatus.text(AVStatus.outOfMemory) == "Cannot allocate memory")
    }

    @Test("an encoder libavcodec does not have is named in the error")
    func missingEncoder() {
        #expect(throws: VideoEncodingError.encoderUnavailable(name: "no-such-encoder")) {
            try EncoderContext(encoderNamed: "no-such-encoder", log: FFmpegLogCapture())
        }
        #expect(VideoEncodingError.encoderUnavailable(name: "libx264").description.contains("no libx264 encoder"))
    }
}
