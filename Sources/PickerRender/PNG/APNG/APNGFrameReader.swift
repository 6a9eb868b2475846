import PickerKit

/// Reads an animated PNG picture by picture: the chunks are walked once for the header, the frames' controls and
/// where their data lies, and each picture is decoded only when asked for, so a comparison holds the canvas and
/// one frame, never every frame.
///
/// Each frame's data (the IDAT of the first when an fcTL precedes it, then every fdAT) is made into a still PNG with
/// the file's own header, palette and transparency, decoded by the PNG reader, and drawn on the canvas with the
/// frame's blend op (source or over) after the previous frame's dispose op (none, background or previous), as the
/// APNG specification says.
package struct APNGFrameReader {
    /// The canvas width in pixels, from IHDR.
    package let width: Int
    /// The canvas height in pixels, from IHDR.
    package let height: Int
    /// How long each picture is shown, in seconds, from the fcTL chunks; as many as there are pictures.
    package let delays: [Double]
    /// How many times the animation plays; 0 for forever (acTL's num_plays).
    package let loopCount: Int

    private let bytes: [UInt8]
    private let path: String
    private let header: ArraySlice<UInt8>
    private let extras: [(type: String, body: ArraySlice<UInt8>)]
    private let controls: [APNGDecoder.FrameControl]
    /// Where each frame's compressed data lies in `bytes` (IDAT bodies, fdAT bodies after their sequence number).
    private let data: [[Range<Int>]]
    private var canvas: RGBAImage?
    private var nextIndex = 0

    /// Reads the structure of the APNG in `bytes` without decoding a frame; `path` names the file in errors.
    ///
    /// Throws `RenderError.notPNG` naming what is wrong (not a PNG, no acTL, a damaged chunk, a frame outside the
    /// canvas, no frames) and `RenderError.tooLarge` for a canvas beyond the picture limits or more frames than
    /// `DecodedAnimation.maximumPixels` allows.
    package init(_ bytes: [UInt8], path: String) throws(RenderError) {
        func fail(_ detail: String) -> RenderError { .notPNG(path: path, detail: detail) }
        let structure = try PNGStructure(checking: bytes, path: path)
        let (width, height) = (structure.width, structure.height)
        func number(_ offset: Int, _ size: Int = 4) -> Int { bytes[offset..<(offset + size)].reduce(0) { $0 << 8 | Int($1) } }

        var header: ArraySlice<UInt8> = []
        var extras: [(type: String, body: ArraySlice<UInt8>)] = []
        var loopCount: Int?
        var controls: [APNGDecoder.FrameControl] = []
        var data: [[Range<Int>]] = []
        var offset = 8
        // PNGStructure has checked every chunk's bounds and CRC.
        chunks: while offset + 12 <= bytes.count, let chunk = PNGChunk(in: bytes, at: offset) {
            let length = chunk.length
            let body = bytes[chunk.body]
            switch chunk.type {
            case PNGChunk.ihdr: header = body
            case PNGChunk.plte, PNGChunk.trns: extras.append((chunk.name, body))
            case PNGChunk.actl:
                guard length == 8 else { throw fail("the acTL chunk is \(length) bytes, not 8") }
                loopCount = number(offset + 12)
            case PNGChunk.fctl:
                guard length == 26 else { throw fail("an fcTL chunk is \(length) bytes, not 26") }
                let control = APNGDecoder.FrameControl(body: body, number: number)
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
            case PNGChunk.idat:
                // Frame data only when an fcTL came first; otherwise it is the still image, not part of the animation.
                if controls.count == 1, data.count == 1 { data[0].append(body.indices) }
            case PNGChunk.fdat:
                guard length >= 4, !controls.isEmpty else { throw fail("an fdAT chunk comes before any fcTL") }
                data[data.count - 1].append((body.startIndex + 4)..<body.endIndex)
            case PNGChunk.iend: break chunks
            default: break
            }
            offset = chunk.next
        }
        guard let loopCount else { throw fail("it is a still PNG (no acTL chunk), not an animation") }
        guard !controls.isEmpty else { throw fail("it declares an animation but holds no frames (no fcTL chunk)") }
        self.width = width
        self.height = height
        self.loopCount = loopCount
        self.delays = controls.map(\.delay)
        self.bytes = bytes
        self.path = path
        self.header = header
        self.extras = extras
        self.controls = controls
        self.data = data
    }

    /// The number of pictures.
    package var count: Int { controls.count }

    /// The next picture as shown (the canvas after its frame is drawn); nil after the last.
    ///
    /// Throws `RenderError.notPNG` for a frame without data or whose data does not decode.
    package mutating func next() throws(RenderError) -> RGBAImage? {
        guard nextIndex < controls.count else { return nil }
        let index = nextIndex
        nextIndex += 1
        let control = controls[index]
        guard !data[index].isEmpty else { throw RenderError.notPNG(path: path, detail: "frame \(index) has no image data") }
        var compressed: [UInt8] = []
        compressed.reserveCapacity(data[index].reduce(0) { $0 + $1.count })
        for range in data[index] { compressed += bytes[range] }
        let still = APNGDecoder.stillPNG(header: header, width: control.width, height: control.height, extras: extras, data: compressed)
        compressed = []
        let picture: RGBAImage
        do {
            picture = try PNGFile.decode(still, path: path)
        } catch {
            guard case .notPNG(_, let detail) = error else { throw error }
            throw RenderError.notPNG(path: path, detail: "frame \(index): \(detail)")
        }
        var drawn = canvas ?? RGBAImage(width: width, height: height)
        canvas = nil
        // Only dispose op previous needs the canvas as it was; the others are undone on the drawn picture itself.
        let before = control.dispose == 2 && index > 0 ? drawn : nil
        APNGDecoder.draw(picture, on: &drawn, at: control)
        switch control.dispose {
        case 1:
            var next = drawn
            APNGDecoder.clear(&next, control)
            canvas = next
        case 2: canvas = before
        default: canvas = drawn
        }
        return drawn
    }
}
