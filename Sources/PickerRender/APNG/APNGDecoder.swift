import CPickerDeflate
import PickerKit

/// Reads an animated PNG into the pictures it shows, so `compare` can check an APNG golden frame by frame in time.
///
/// Each frame's data (the IDAT of the first when an fcTL precedes it, then every fdAT) is made into a still PNG with
/// the file's own header, palette and transparency, decoded by the PNG reader, and drawn on the canvas with the
/// frame's blend op (source or over) after the previous frame's dispose op (none, background or previous), as the
/// APNG specification says. Written here because no Debian libpng is built with APNG support.
package enum APNGDecoder {
    /// The pictures of the APNG in `bytes`; `path` names the file in errors.
    ///
    /// Throws `RenderError.notPNG` naming what is wrong (not a PNG, no acTL, a damaged chunk, a frame outside the
    /// canvas, no frames, a frame's data that does not decode) and `RenderError.tooLarge` for a canvas beyond the
    /// picture limits or more frames than `DecodedAnimation.maximumPixels` allows.
    package static func decode(_ bytes: [UInt8], path: String) throws(RenderError) -> DecodedAnimation {
        func fail(_ detail: String) -> RenderError { .notPNG(path: path, detail: detail) }
        let structure = try PNGStructure(checking: bytes, path: path)
        let (width, height) = (structure.width, structure.height)
        func number(_ offset: Int, _ size: Int = 4) -> Int { bytes[offset..<(offset + size)].reduce(0) { $0 << 8 | Int($1) } }

        var header: ArraySlice<UInt8> = []
        var extras: [(type: String, body: ArraySlice<UInt8>)] = []
        var loopCount: Int?
        var controls: [FrameControl] = []
        var data: [[UInt8]] = []
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = number(offset)
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let body = bytes[(offset + 8)..<(offset + 8 + length)]
            switch type {
            case "IHDR": header = body
            case "PLTE", "tRNS": extras.append((type, body))
            case "acTL":
                guard length == 8 else { throw fail("the acTL chunk is \(length) bytes, not 8") }
                loopCount = number(offset + 12)
            case "fcTL":
                guard length == 26 else { throw fail("an fcTL chunk is \(length) bytes, not 26") }
                let control = FrameControl(body: body, number: number)
                guard control.width > 0, control.height > 0, control.x + control.width <= width, control.y + control.height <= height else {
                    throw fail(
                        "frame \(controls.count) (\(control.width) × \(control.height) px at \(control.x), \(control.y)) lies outside the \(width) × \(height) px canvas"
                    )
                }
                guard controls.count < DecodedAnimation.maximumPixels / (width * height) else {
                    throw RenderError.tooLarge(width: width, height: height * (controls.count + 1))
                }
                controls.append(control)
                data.append([])
            case "IDAT":
                // Frame data only when an fcTL came first; otherwise it is the still image, not part of the animation.
                if controls.count == 1, data.count == 1 { data[0] += body }
            case "fdAT":
                guard length >= 4, !controls.isEmpty else { throw fail("an fdAT chunk comes before any fcTL") }
                data[data.count - 1] += body.dropFirst(4)
            case "IEND": offset = bytes.count
            default: break
            }
            offset += 12 + length
        }
        guard let loopCount else { throw fail("it is a still PNG (no acTL chunk), not an animation") }
        guard !controls.isEmpty else { throw fail("it declares an animation but holds no frames (no fcTL chunk)") }

        var canvas = RGBAImage(width: width, height: height)
        var pictures: [RGBAImage] = []
        var delays: [Double] = []
        for (index, control) in controls.enumerated() {
            guard !data[index].isEmpty else { throw fail("frame \(index) has no image data") }
            let still = stillPNG(header: header, width: control.width, height: control.height, extras: extras, data: data[index])
            let picture: RGBAImage
            do {
                picture = try PNGFile.decode(still, path: path)
            } catch {
                guard case .notPNG(_, let detail) = error else { throw error }
                throw fail("frame \(index): \(detail)")
            }
            let before = canvas
            draw(picture, on: &canvas, at: control)
            pictures.append(canvas)
            delays.append(control.delay)
            switch control.dispose {
            case 1: clear(&canvas, control)
            case 2: canvas = index == 0 ? RGBAImage(width: width, height: height) : before
            default: break
            }
        }
        return DecodedAnimation(width: width, height: height, pictures: pictures, delays: delays, loopCount: loopCount)
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
