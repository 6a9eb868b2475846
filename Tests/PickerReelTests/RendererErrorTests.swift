import Foundation
import PickerReel
import PickerWebP
import TestSupport
import Testing

/// One error model: every call of `Renderer` that throws says `throws(RenderError)`, and an encoder's failure is one
/// case, `RenderError.encoder(format:underlying:)`, that keeps the encoder's own typed error rather than its text.
@Suite("Renderer errors")
struct RendererErrorTests {
    /// The compiler checks this: each call converts to a function that throws `RenderError` and nothing else, which
    /// an untyped `throws` does not.
    @Test func everyRendererCallThrowsRenderError() throws {
        let renderer = try Renderer(.seedDemo)
        let translucent = try #require(PickerColor("#FFFFFF80"))
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let calls: [(String, () throws(RenderError) -> Void)] = [
            ("image(at:)", { () throws(RenderError) in _ = try renderer.image(at: -1) }),
            ("image(frame:)", { () throws(RenderError) in _ = try renderer.image(frame: -1) }),
            ("png(at:)", { () throws(RenderError) in _ = try renderer.png(at: .nan) }),
            ("png(frame:)", { () throws(RenderError) in _ = try renderer.png(frame: renderer.frameCount) }),
            ("svg(at:)", { () throws(RenderError) in _ = try renderer.svg(at: -.infinity) }),
            ("svg(frame:)", { () throws(RenderError) in _ = try renderer.svg(frame: -1) }),
            ("gif(matte:)", { () throws(RenderError) in _ = try renderer.gif(matte: .color(translucent)) }),
            ("webp(quality:)", { () throws(RenderError) in _ = try renderer.webp(quality: 101) }),
            ("mp4(options:)", { () throws(RenderError) in _ = try renderer.mp4(options: VideoOptions(chroma: .alpha)) }),
            ("webm(options:)", { () throws(RenderError) in _ = try renderer.webm(options: VideoOptions(crf: 64)) }),
            ("write(formats:to:options:)", { () throws(RenderError) in _ = try renderer.write(formats: [], to: folder) }),
        ]
        for (name, call) in calls {
            do {
                try call()
                Issue.record("\(name) did not throw")
            } catch {
                // `error` is a `RenderError` here, statically: no cast.
                switch error {
                case .invalidMoment, .invalidOption: break
                default: Issue.record("\(name) threw \(error)")
                }
            }
        }
        // The calls that a user cannot make fail still throw `RenderError` alone.
        let whole: [() throws(RenderError) -> Data] = [renderer.animatedSVG, renderer.contactSheet, renderer.apng]
        #expect(whole.count == 3)
    }

    /// Moments count against a spec's frame limit through the library too, not only through `render --times`:
    /// 10,001 moments are refused before anything is drawn or written.
    @Test func moreMomentsThanASpecHasFramesAreRefusedByWrite() throws {
        let renderer = try Renderer(.seedDemo)
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("moments")
        var options = WriteOptions()
        options.moments = (0...10_000).map { Double($0) / 1000 }
        #expect(throws: RenderError.invalidOption("10001 moments; at most 10000, as a spec's frames")) {
            try renderer.write(formats: [.png], to: destination, options: options)
        }
        #expect(!FileManager.default.fileExists(atPath: destination.path))
    }

    /// A WebP one pixel wider than WebP allows: the error names the format and carries libwebp's wrapper's own error,
    /// with the same message as before.
    @Test func anEncoderFailureKeepsTheEncodersOwnError() throws {
        let spec = try PickerSpec(
            json: Data(
                #"{"items":[""],"style":{"padding":0,"segmentPadding":{"horizontal":1024}},"selection":{"tail":0},"output":{"scale":8}}"#
                    .utf8))
        let renderer = try Renderer(spec)
        let (width, height) = renderer.pixelSize
        #expect(width == 16_384)
        do {
            _ = try renderer.webp()
            Issue.record("a \(width) px wide WebP was made")
        } catch {
            guard case .encoder(let format, let failure) = error else {
                Issue.record("not an encoder failure: \(error)")
                return
            }
            #expect(format == .webp)
            #expect(failure.underlying as? WebPEncoderError == .tooLarge(width: width, height: height))
            #expect(failure == EncoderFailure(WebPEncoderError.tooLarge(width: width, height: height)))
            #expect(failure != EncoderFailure(WebPEncoderError.tooLarge(width: width, height: height + 1)))
            #expect(
                error.description
                    == "could not encode the WebP: a WebP holds at most 16,383 px a side, and this picture is \(width) × \(height) px; lower output.scale or the padding, or choose APNG"
            )
        }
    }

    /// The messages read as they did when the case held a string: the format's name, then the encoder's words.
    @Test func encoderMessagesNameTheFormat() {
        let timing = WebPEncoderError.invalidTiming("no frames")
        #expect(
            RenderError.encoder(format: .webp, underlying: EncoderFailure(timing)).description
                == "could not encode the WebP: cannot time the WebP frames: no frames")
        #expect(
            RenderError.encoder(format: .png, underlying: EncoderFailure(PNGEncodingError.libdeflate("compress 12 bytes of rows")))
                .description == "could not encode a PNG: libdeflate could not compress 12 bytes of rows")
        #expect(
            RenderError.encoder(format: .webm, underlying: EncoderFailure(timing)).description.hasPrefix("could not encode the WebM: "))
        #expect(RenderError.encoder(format: .gif, underlying: EncoderFailure(timing)).description.hasPrefix("could not encode the GIF: "))
        #expect(RenderError.encoder(format: .apng, underlying: EncoderFailure(timing)).description.hasPrefix("could not encode the APNG: "))
        // Equal only for equal errors of the same type.
        #expect(EncoderFailure(timing) == EncoderFailure(WebPEncoderError.invalidTiming("no frames")))
        #expect(EncoderFailure(timing) != EncoderFailure(PNGEncodingError.noPixelData))
        #expect(
            RenderError.encoder(format: .gif, underlying: EncoderFailure(timing))
                != .encoder(format: .webp, underlying: EncoderFailure(timing)))
    }
}
