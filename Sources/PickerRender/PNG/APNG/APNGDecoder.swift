import CPickerDeflate
import PickerKit

/// Reads an animated PNG into every picture it shows at once (`APNGFrameReader` reads them one at a time, as
/// `compare` does), and holds the steps both share: a frame's control, its data made a still PNG, drawing it.
///
/// Written here because no Debian libpng is built with APNG support.
package enum APNGDecoder {
    /// The pictures of the APNG in `bytes`; `path` names the file in errors.
    ///
    /// Throws `RenderError.notPNG` naming what is wrong (not a PNG, no acTL, a damaged chunk, a frame outside the
    /// canvas, no frames, a frame's data that does not decode) and `RenderError.tooLarge` for a canvas beyond the
    /// picture limits or more frames than `DecodedAnimation.maximumPixels` allows.
    package static func decode(_ bytes: [UInt8], path: String) throws(RenderError) -> DecodedAnimation {
        var reader = try APNGFrameReader(bytes, path: path)
        var pictures: [RGBAImage] = []
        while let picture = try reader.next() { pictures.append(picture) }
        return DecodedAnimation(
            width: reader.width, height: reader.height, pictures: pictures, delays: reader.delays, loopCount: reader.loopCount)
    }

    /// One fcTL chunk: where the frame goes, how long it shows, and how it is drawn and then disposed of.
    struct FrameControl {
        var width: Int
        var height: Int
        var x: Int
        var y: Int
        /// Seconds; a denominator of 0 counts as 100, as the specification says.
        var delay: Double
        /// 0 none, 1 background (cleared to transparent), 2 previous (put back as it was).
        var dispose: UInt8
        /// 0 source (replaces the rectangle), 1 over (alpha-composited onto it).
        var blend: UInt8

        init(body: ArraySlice<UInt8>, number: (Int, Int) -> Int) {
            let start = body.startIndex
            width = number(start + 4, 4)
            height = number(start + 8, 4)
            x = number(start + 12, 4)
            y = number(start + 16, 4)
            let denominator = number(start + 22, 2)
            delay = Double(number(start + 20, 2)) / Double(denominator == 0 ? 100 : denominator)
            dispose = body[start + 24]
            blend = body[start + 25]
        }
    }

    /// A still PNG of one frame: the file's header with the frame's size, its palette and transparency, the data.
    static func stillPNG(
        header: ArraySlice<UInt8>, width: Int, height: Int, extras: [(type: String, body: ArraySlice<UInt8>)], data: [UInt8]
    ) -> [UInt8] {
        func bigEndian(_ value: Int) -> [UInt8] {
            [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
        }
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        func chunk(_ type: String, _ body: [UInt8]) {
            let typed = Array(type.utf8) + body
            let crc = typed.withUnsafeBufferPointer { libdeflate_crc32(0, $0.baseAddress, $0.count) }
            file += bigEndian(body.count) + typed + bigEndian(Int(crc))
        }
        chunk("IHDR", bigEndian(width) + bigEndian(height) + Array(header.dropFirst(8)))
        for extra in extras { chunk(extra.type, Array(extra.body)) }
        chunk("IDAT", data)
        chunk("IEND", [])
        return file
    }

    /// Draws `picture` into the frame's rectangle of `canvas`: replacing it, or over it with straight alpha.
    static func draw(_ picture: RGBAImage, on canvas: inout RGBAImage, at control: FrameControl) {
        let canvasWidth = canvas.width
        canvas.withUnsafeMutablePixels { target in
            picture.pixels.withUnsafeBufferPointer { source in
                for row in 0..<control.height {
                    for column in 0..<control.width {
                        let from = (row * control.width + column) * 4
                        let to = ((control.y + row) * canvasWidth + control.x + column) * 4
                        let alpha = Int(source[from + 3])
                        if control.blend == 0 || alpha == 255 {
                            for channel in 0..<4 { target[to + channel] = source[from + channel] }
                        } else if alpha > 0 {
                            // Straight alpha over straight alpha, in 255ths.
                            let below = Int(target[to + 3]) * (255 - alpha)
                            let outAlpha = alpha * 255 + below
                            for channel in 0..<3 {
                                let mixed = Int(source[from + channel]) * alpha * 255 + Int(target[to + channel]) * below
                                target[to + channel] = UInt8((mixed + outAlpha / 2) / outAlpha)
                            }
                            target[to + 3] = UInt8((outAlpha + 127) / 255)
                        }
                    }
                }
            }
        }
    }

    /// Clears the frame's rectangle to transparent black (dispose op background).
    static func clear(_ canvas: inout RGBAImage, _ control: FrameControl) {
        let canvasWidth = canvas.width
        canvas.withUnsafeMutablePixels { target in
            for row in 0..<control.height {
                let start = ((control.y + row) * canvasWidth + control.x) * 4
                for index in start..<(start + control.width * 4) { target[index] = 0 }
            }
        }
    }
}
