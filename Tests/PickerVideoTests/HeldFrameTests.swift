import Foundation
import PickerKit
import TestSupport
import Testing

@testable import PickerVideo

/// WebM frames equal to the frame before are written as one-byte VP9 frames that show the picture again
/// (`HeldFrames`, `VP9RepeatedFrame`), and both VP9 decoders show them as the picture they repeat.
@Suite("WebM held frames") struct HeldFrameTests {
    /// The start of a VP9 frame header: marker, profile, then the fields the parser reads.
    static func header(profile: Int, keyFrame: Bool = false, shown: Bool = true, refreshing slots: Int = 0) -> [UInt8] {
        var writer = VP9RepeatedFrame.BitWriter()
        writer.write(2, bits: 2)
        writer.write(profile & 1, bits: 1)
        writer.write(profile >> 1, bits: 1)
        if profile == 3 { writer.write(0, bits: 1) }
        writer.write(0, bits: 1)  // show_existing_frame
        writer.write(keyFrame ? 0 : 1, bits: 1)
        writer.write(shown ? 1 : 0, bits: 1)
        writer.write(0, bits: 1)  // error_resilient_mode
        if keyFrame {
            writer.write(0x49_83_42, bits: 24)  // frame_sync_code
        } else {
            if !shown { writer.write(0, bits: 1) }  // intra_only
            writer.write(0, bits: 2)  // reset_frame_context
            writer.write(slots, bits: 8)
        }
        // Some bytes of "picture data" after the header.
        return writer.bytes + [0x5A, 0xC3, 0x11, 0x07]
    }

    /// A superframe: the frames one after another, then the index (Annex B) with one-byte sizes.
    static func superframe(_ frames: [[UInt8]]) -> [UInt8] {
        let marker = UInt8(0xC0 | (frames.count - 1))
        return frames.flatMap { $0 } + [marker] + frames.map { UInt8($0.count) } + [marker]
    }

    @Test("a key frame fills every slot: the repeat shows slot 0, one byte, with the frame's profile")
    func keyFrame() throws {
        #expect(VP9RepeatedFrame(showingAgainThePictureOf: Self.header(profile: 0, keyFrame: true))?.bytes == [0b1000_1000])
        #expect(VP9RepeatedFrame(showingAgainThePictureOf: Self.header(profile: 1, keyFrame: true))?.bytes == [0b1010_1000])
        #expect(VP9RepeatedFrame(showingAgainThePictureOf: Self.header(profile: 2, keyFrame: true))?.bytes == [0b1001_1000])
        // Profile 3 has a reserved bit after the profile, so the header takes two bytes.
        #expect(VP9RepeatedFrame(showingAgainThePictureOf: Self.header(profile: 3, keyFrame: true))?.bytes == [0b1011_0100, 0])
    }

    @Test("an inter frame's repeat shows the lowest slot it refreshed")
    func interFrame() throws {
        let repeated = try #require(VP9RepeatedFrame(showingAgainThePictureOf: Self.header(profile: 1, refreshing: 0b0010_0100)))
        #expect(repeated.bytes == [0b1010_1010])
        // The repeat reads back as a shown frame that shows slot 2.
        let header = try #require(VP9RepeatedFrame.Header(repeated.bytes[...]))
        #expect(header.isShown)
        #expect(header.slotHoldingThePicture == 2)
        #expect(header.profile == 1)
        // A repeat of a repeat shows the same slot.
        #expect(VP9RepeatedFrame(showingAgainThePictureOf: repeated.bytes) == repeated)
    }

    @Test("in a superframe the shown frame, the last, decides; a hidden frame alone cannot be repeated")
    func superframes() throws {
        let hidden = Self.header(profile: 0, shown: false, refreshing: 0b1000_0000)
        let shown = Self.header(profile: 0, refreshing: 0b0000_0010)
        #expect(VP9RepeatedFrame(showingAgainThePictureOf: Self.superframe([hidden, shown]))?.bytes == [0b1000_1001])
        #expect(VP9RepeatedFrame.frames(of: Self.superframe([hidden, shown])).map(Array.init) == [hidden, shown])
        #expect(VP9RepeatedFrame(showingAgainThePictureOf: hidden) == nil)
        #expect(VP9RepeatedFrame(showingAgainThePictureOf: Self.superframe([shown, hidden])) == nil)
    }

    @Test("no repeat for a frame kept in no slot, a header that is not VP9's, or one cut short")
    func notRepeatable() {
        #expect(VP9RepeatedFrame(showingAgainThePictureOf: Self.header(profile: 0, refreshing: 0)) == nil)
        #expect(VP9RepeatedFrame(showingAgainThePictureOf: [UInt8]()) == nil)
        #expect(VP9RepeatedFrame(showingAgainThePictureOf: [0x40, 0x00, 0x00]) == nil)  // frame marker 01
        #expect(VP9RepeatedFrame(showingAgainThePictureOf: Array(Self.header(profile: 0, refreshing: 1).prefix(1))) == nil)
        // A superframe index whose sizes run past the data gives no frames.
        #expect(VP9RepeatedFrame.frames(of: [0x88, 0xC0, 0x09, 0xC0]).isEmpty)
    }

    /// 30 frames: a square moving for 6 frames, held for 12, moving for 4, held to the end.
    static let frames: [RGBAImage] = (0..<30).map { index in
        let picture = index < 6 ? index : index < 18 ? 5 : index < 22 ? index - 12 : 9
        return SyntheticFrames.frame(picture, width: 40, height: 22, background: (250, 250, 250, 200))
    }

    /// The frames `HeldFrames` writes as repeats: from the fourth copy of a picture on.
    static let repeatedFrames: Set<Int> = {
        var repeated: Set<Int> = []
        var copies = 0
        for index in frames.indices {
            copies = index > 0 && frames[index] == frames[index - 1] ? copies + 1 : 1
            if copies > HeldFrames.encodedCopies { repeated.insert(index) }
        }
        return repeated
    }()

    /// The size of each packet of `path`'s video stream, in order, as ffprobe reads them.
    static func packetSizes(_ path: String) throws -> [Int] {
        let output = try runProgram(
            "ffprobe", ["-v", "error", "-select_streams", "v", "-show_entries", "packet=size", "-of", "csv=p=0", path]
        ).checkedOutput()
        // A packet with an alpha frame ends its line with a comma (its side data is listed after it).
        return String(decoding: output, as: UTF8.self).split(separator: "\n").compactMap {
            Int($0.split(separator: ",").first ?? "")
        }
    }

    @Test(
        "held frames are one-byte packets; FFmpeg's VP9 decoder and libvpx show each as the frame before, at its own time",
        arguments: [VideoChroma.yuv420, .yuv444, .rgb, .yuva420])
    func heldFramesInTheFile(_ chroma: VideoChroma) throws {
        #expect(Self.repeatedFrames == Set(8..<18).union(24..<30))
        let file = try EncodedFile(Self.frames, fps: 30, options: VideoEncoderOptions(format: .webm, chroma: chroma))
        let sizes = try Self.packetSizes(file.path)
        try #require(sizes.count == 30)
        for (index, size) in sizes.enumerated() {
            if Self.repeatedFrames.contains(index) {
                #expect(size == 1, "frame \(index) is a repeat")
            } else {
                #expect(size > 1, "frame \(index) is encoded")
            }
        }
        // Constant frame rate: a frame every 1/30 s, repeats included.
        #expect(file.probe.frameTimes.count == 30)
        for (index, time) in file.probe.frameTimes.enumerated() {
            #expect(abs(time - Double(index) / 30) < 0.0006, "frame \(index) at \(time) s")
        }
        // FFmpeg's own VP9 decoder (no alpha) and libvpx's (which reads the alpha frames too).
        for decoder in ["vp9", "libvpx-vp9"] {
            let decoded = try DecodedVideo(path: file.path, width: file.video.width, height: file.video.height, decoder: decoder).frames
            try #require(decoded.count == 30, "\(decoder)")
            for index in Self.repeatedFrames {
                #expect(decoded[index] == decoded[index - 1], "\(decoder): frame \(index) is the frame before, exactly")
            }
            for (index, picture) in decoded.enumerated() {
                let cropped = Similarity.cropped(picture, width: 40, height: 22)
                var source = Self.frames[index]
                if chroma.hasAlpha ? decoder == "vp9" : true {
                    // Without alpha the picture is the source over the white matte.
                    source = RGBAImage(width: 40, height: 22, pixels: Self.over(source, matte: 255))!
                }
                let ssim = Similarity.ssim(cropped, source)
                #expect(ssim > 0.9, "\(decoder): frame \(index) SSIM \(ssim)")
                if chroma.hasAlpha, decoder == "libvpx-vp9" {
                    #expect(abs(Int(cropped.pixel(x: 35, y: 6).alpha) - 200) <= 3, "frame \(index) keeps its alpha")
                }
            }
        }
    }

    @Test("an MP4 has no repeats: libx264 encodes every frame")
    func mp4EncodesEveryFrame() throws {
        let file = try EncodedFile(Self.frames, fps: 30, options: VideoEncoderOptions(format: .mp4))
        let sizes = try Self.packetSizes(file.path)
        #expect(sizes.count == 30)
        #expect(sizes.allSatisfy { $0 > 1 })
    }

    /// `image`'s pixels blended over a grey `matte`, opaque.
    static func over(_ image: RGBAImage, matte: Double) -> [UInt8] {
        var pixels = image.pixels
        for offset in stride(from: 0, to: pixels.count, by: 4) {
            let alpha = Double(pixels[offset + 3]) / 255
            for channel in 0..<3 {
                pixels[offset + channel] = UInt8((Double(pixels[offset + channel]) * alpha + matte * (1 - alpha)).rounded())
            }
            pixels[offset + 3] = 255
        }
        return pixels
    }
}
