import CPickerWebP
import PickerKit

/// Reads an animated (or still) WebP into the pictures it shows with libwebpdemux's `WebPAnimDecoder`, which applies
/// each frame's dispose and blend, so `compare` can check a WebP golden frame by frame in time.
package enum WebPAnimationDecoder {
    /// True when `bytes` start as a WebP file does (`RIFF`, a size, `WEBP`).
    package static func isWebP(_ bytes: some Collection<UInt8>) -> Bool {
        let head = Array(bytes.prefix(12))
        return head.count == 12 && head[0..<4] == [0x52, 0x49, 0x46, 0x46] && head[8..<12] == [0x57, 0x45, 0x42, 0x50]
    }

    /// The canvas size an animated WebP's `VP8X` chunk declares (each side less one, 24 bits little-endian), read
    /// from its first 30 bytes without parsing a frame; nil for a WebP without one (a still picture).
    ///
    /// libwebpdemux's own parse checks every frame's chunk as well, so equal damaged files would be refused.
    package static func declaredCanvasSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard isWebP(bytes), bytes.count >= 30, bytes[12..<16].elementsEqual("VP8X".utf8) else { return nil }
        let width = 1 + (Int(bytes[24]) | Int(bytes[25]) << 8 | Int(bytes[26]) << 16)
        let height = 1 + (Int(bytes[27]) | Int(bytes[28]) << 8 | Int(bytes[29]) << 16)
        return (width, height)
    }

    /// The pictures of the WebP in `bytes`, each as shown, with its duration; a still WebP is one picture.
    ///
    /// Throws `WebPDecodingError` naming `path` when libwebpdemux cannot parse the bytes or stops at a
    /// frame, and for a canvas beyond the picture limits or more frames than `DecodedAnimation.maximumPixels`.
    package static func decode(_ bytes: [UInt8], path: String) throws(WebPDecodingError) -> DecodedAnimation {
        func fail(_ detail: String) -> WebPDecodingError { WebPDecodingError(path: path, detail: detail) }
        var options = WebPAnimDecoderOptions()
        guard WebPAnimDecoderOptionsInit(&options) != 0 else {
            throw fail("libwebpdemux's version does not match its header")
        }
        options.color_mode = MODE_RGBA
        options.use_threads = 0
        return try bytes.withUnsafeBufferPointer { buffer throws(WebPDecodingError) -> DecodedAnimation in
            var data = WebPData(bytes: buffer.baseAddress, size: buffer.count)
            guard let decoder = WebPAnimDecoderNew(&data, &options) else {
                throw fail("libwebpdemux cannot parse it: not a WebP, or damaged")
            }
            defer { WebPAnimDecoderDelete(decoder) }
            var info = WebPAnimInfo()
            guard WebPAnimDecoderGetInfo(decoder, &info) != 0 else { throw fail("libwebpdemux cannot read its header") }
            let (width, height, count) = (Int(info.canvas_width), Int(info.canvas_height), Int(info.frame_count))
            guard width > 0, height > 0, width <= SpecLimits.maximumPixelsPerSide, height <= SpecLimits.maximumPixelsPerSide,
                count <= DecodedAnimation.maximumPixels / (width * height)
            else {
                throw fail("\(count) frames of \(width) × \(height) px are beyond the picture limits")
            }
            var pictures: [RGBAImage] = []
            var delays: [Double] = []
            var previousEnd: Int32 = 0
            while WebPAnimDecoderHasMoreFrames(decoder) != 0 {
                var canvas: UnsafeMutablePointer<UInt8>?
                var end: Int32 = 0
                guard WebPAnimDecoderGetNext(decoder, &canvas, &end) != 0, let canvas,
                    let picture = RGBAImage(
                        width: width, height: height, pixels: Array(UnsafeBufferPointer(start: canvas, count: width * height * 4)))
                else { throw fail("libwebpdemux stops at frame \(pictures.count)") }
                pictures.append(picture)
                delays.append(Double(end - previousEnd) / 1000)
                previousEnd = end
            }
            guard !pictures.isEmpty else { throw fail("it holds no frame") }
            return DecodedAnimation(width: width, height: height, pictures: pictures, delays: delays, loopCount: Int(info.loop_count))
        }
    }
}
