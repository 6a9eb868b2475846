import PickerKit
import PickerVideo
import Testing

/// What ffprobe finds in the files: codec, profile, pixel format, size, rate, duration, colour tags, layout.
@Suite("Video streams") struct VideoStreamTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let format: VideoFormat
        let chroma: VideoChroma
        let codec: String
        let profile: String
        let pixelFormat: String
        var testDescription: String { "\(format.rawValue) \(chroma.pixelFormatName)" }
    }

    static let cases: [Case] = [
        Case(format: .mp4, chroma: .yuv420, codec: "h264", profile: "High", pixelFormat: "yuv420p"),
        Case(format: .mp4, chroma: .yuv444, codec: "h264", profile: "High 4:4:4 Predictive", pixelFormat: "yuv444p"),
        Case(format: .webm, chroma: .yuv420, codec: "vp9", profile: "Profile 0", pixelFormat: "yuv420p"),
        Case(format: .webm, chroma: .yuv444, codec: "vp9", profile: "Profile 1", pixelFormat: "yuv444p"),
        // FFmpeg's VP9 decoder, which ffprobe uses, ignores the alpha plane (see `alphaTag`).
        Case(format: .webm, chroma: .yuva420, codec: "vp9", profile: "Profile 0", pixelFormat: "yuv420p"),
        Case(format: .webm, chroma: .rgb, codec: "vp9", profile: "Profile 1", pixelFormat: "gbrp"),
    ]

    @Test("codec, profile, pixel format, size, frame count, frame rate and duration", arguments: cases)
    func streamProperties(_ testCase: Case) throws {
        let frames = (0..<45).map { SyntheticFrames.frame($0, width: 96, height: 40) }
        let file = try EncodedFile(frames, fps: 30, options: VideoEncoderOptions(format: testCase.format, chroma: testCase.chroma))
        let probe = file.probe
        #expect(probe.codec == testCase.codec)
        #expect(probe.profile == testCase.profile)
        #expect(probe.pixelFormat == testCase.pixelFormat)
        #expect(file.video.chroma == testCase.chroma)
        #expect((probe.width, probe.height) == (96, 40))
        #expect((file.video.width, file.video.height) == (96, 40))
        #expect(probe.frameTimes.count == 45)
        #expect(file.video.frameCount == 45)
        #expect(probe.frameRate == "30/1")
        #expect(probe.averageFrameRate == "30/1")
        // 45 frames of 1/30 s: the 44/30 s timeline plus the last frame's own 1/30 s.
        #expect(abs(probe.duration - 1.5) < 0.0005)
        #expect(abs(file.video.duration - 1.5) < 1e-12)
        for (index, time) in probe.frameTimes.enumerated() {
            #expect(abs(time - Double(index) / 30) < 0.0006, "frame \(index) at \(time) s")
        }
    }

    @Test("YUV is tagged BT.709 limited range; planar RGB is tagged full-range RGB", arguments: cases)
    func colourTags(_ testCase: Case) throws {
        let frames = (0..<3).map { SyntheticFrames.frame($0, width: 32, height: 16) }
        let probe = try EncodedFile(frames, fps: 10, options: VideoEncoderOptions(format: testCase.format, chroma: testCase.chroma)).probe
        if testCase.chroma == .rgb {
            #expect(probe.colorSpace == "gbr")
            #expect(probe.colorRange == "pc")
        } else {
            #expect(probe.colorSpace == "bt709")
            #expect(probe.colorRange == "tv")
            #expect(probe.colorTransfer == "bt709")
        }
        #expect(probe.colorPrimaries == "bt709")
    }

    @Test("an MP4's index (moov) comes before its media data (mdat): faststart")
    func faststart() throws {
        let frames = (0..<60).map { SyntheticFrames.frame($0, width: 64, height: 32) }
        let file = try EncodedFile(frames, fps: 30)
        let types = try MP4Boxes.topLevelTypes(file.video.bytes)
        #expect(types.first == "ftyp")
        let moov = try #require(types.firstIndex(of: "moov"))
        let mdat = try #require(types.firstIndex(of: "mdat"))
        #expect(moov < mdat, "boxes: \(types)")
        #expect(types.filter { $0 == "moov" }.count == 1)
        // The shifted media data is still where the index says: every frame decodes.
        #expect(try file.decodedFrames().count == 60)
    }

    @Test("WebM with alpha says so (alpha_mode) and libvpx decodes the alpha plane")
    func alphaTag() throws {
        let frames = (0..<4).map { SyntheticFrames.frame($0, width: 32, height: 16, background: (0, 0, 0, 0)) }
        let file = try EncodedFile(frames, fps: 10, options: VideoEncoderOptions(format: .webm, chroma: .yuva420))
        #expect(file.probe.tags["alpha_mode"] == "1")
        #expect(file.video.chroma.pixelFormatName == "yuva420p")
        let decoded = try file.decodedFrames()
        try #require(decoded.count == 4)
        // Clear where the source is clear, opaque on the square.
        #expect(decoded[0].pixel(x: 30, y: 12).alpha < 8)
        #expect(decoded[0].pixel(x: 3, y: 10).alpha > 247)
    }
}
