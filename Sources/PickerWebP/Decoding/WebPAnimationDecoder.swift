import CPickerWebP
import PickerKit

/// Reads an animated (or still) WebP into every picture it shows at once (`WebPFrameReader` reads them one at a
/// time, as `compare` does), and tells a WebP and its declared canvas from its first bytes.
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
        let reader = try WebPFrameReader(bytes, path: path)
        var pictures: [RGBAImage] = []
        while let picture = try reader.next() { pictures.append(picture) }
        return DecodedAnimation(
            width: reader.width, height: reader.height, pictures: pictures, delays: reader.delays, loopCount: reader.loopCount)
    }
}
