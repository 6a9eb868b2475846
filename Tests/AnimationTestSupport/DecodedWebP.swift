import CPickerWebP
import PickerKit

/// An animated WebP read back with libwebp's `WebPAnimDecoder` (libwebpdemux).
///
/// Every frame as displayed, with dispose and blend applied, and its duration. Only the tests decode WebP.
public struct DecodedWebP {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public let width: Int
    public let height: Int
    /// The ANIM chunk's loop count (0 forever); 0 for a still image.
    public let loopCount: Int
    /// Every frame as displayed, straight RGBA.
    public let frames: [RGBAImage]
    /// Each frame's duration in milliseconds.
    public let durations: [Int]

    public init(_ bytes: [UInt8]) throws {
        var options = WebPAnimDecoderOptions()
        guard WebPAnimDecoderOptionsInit(&options) != 0 else { throw Failure(description: "libwebpdemux's version does not match") }
        options.color_mode = MODE_RGBA
        options.use_threads = 0
        let decoded: (Int, Int, Int, [RGBAImage], [Int])? = bytes.withUnsafeBufferPointer { buffer in
            var data = WebPData(bytes: buffer.baseAddress, size: buffer.count)
            guard let decoder = WebPAnimDecoderNew(&data, &options) else { return nil }
            defer { WebPAnimDecoderDelete(decoder) }
            var info = WebPAnimInfo()
            guard WebPAnimDecoderGetInfo(decoder, &info) != 0 else { return nil }
            let (width, height) = (Int(info.canvas_width), Int(info.canvas_height))
            var frames: [RGBAImage] = []
            var durations: [Int] = []
            var previousEnd = 0
            while WebPAnimDecoderHasMoreFrames(decoder) != 0 {
                var canvas: UnsafeMutablePointer<UInt8>?
                var end: Int32 = 0
                guard WebPAnimDecoderGetNext(decoder, &canvas, &end) != 0, let canvas,
                    let frame = RGBAImage(
                        width: width, height: height, pixels: Array(UnsafeBufferPointer(start: canvas, count: width * height * 4)))
                else { return nil }
                frames.append(frame)
                durations.append(Int(end) - previousEnd)
                previousEnd = Int(end)
            }
            return (width, height, Int(info.loop_count), frames, durations)
        }
        guard let decoded else { throw Failure(description: "WebPAnimDecoder could not decode the file") }
        (width, height, loopCount, frames, durations) = decoded
    }

    /// The pictures displayed, each for its duration.
    public var playback: Playback { Playback(frames: frames, delays: durations.map { Double($0) / 1000 }) }
}
