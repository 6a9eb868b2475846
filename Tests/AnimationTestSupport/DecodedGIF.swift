import CPickerGIF
import PickerKit

/// A GIF read back with giflib's DGifSlurp and played frame by frame, the way browsers do: "leave in place"
/// keeps a frame, "restore to background" clears its rectangle to transparent.
public struct DecodedGIF {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// One frame as displayed.
    public struct Frame {
        public let delay: Int
        public let disposal: Int32
        public let transparentIndex: Int32
        public let rect: (x: Int, y: Int, width: Int, height: Int)
        /// The whole canvas after this frame is drawn, straight RGBA.
        public let canvas: RGBAImage
    }

    public let width: Int
    public let height: Int
    public let paletteCount: Int
    public let usesGlobalPaletteOnly: Bool
    /// The NETSCAPE2.0 repeat count, or nil without the extension.
    public let loopRepetitions: Int?
    public let frames: [Frame]

    private final class Source {
        let bytes: [UInt8]
        var offset = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }
    }

    private static let read: InputFunc = { file, buffer, length in
        guard let file, let buffer, let user = file.pointee.UserData else { return 0 }
        let source = Unmanaged<Source>.fromOpaque(user).takeUnretainedValue()
        let count = min(Int(length), source.bytes.count - source.offset)
        for index in 0..<count { buffer[index] = source.bytes[source.offset + index] }
        source.offset += count
        return Int32(count)
    }

    public init(_ bytes: [UInt8]) throws {
        let source = Source(bytes)
        var error: Int32 = 0
        guard let file = withExtendedLifetime(source, { DGifOpen(Unmanaged.passUnretained(source).toOpaque(), Self.read, &error) })
        else {
            throw Failure(description: "DGifOpen: \((GifErrorString(error).map { String(cString: $0) } ?? "error \(error)"))")
        }
        defer { _ = DGifCloseFile(file, &error) }
        guard withExtendedLifetime(source, { DGifSlurp(file) }) == GIF_OK else {
            throw Failure(
                description:
                    "DGifSlurp: \((GifErrorString(file.pointee.Error).map { String(cString: $0) } ?? "error \(file.pointee.Error)"))"
            )
        }
        let gif = file.pointee
        width = Int(gif.SWidth)
        height = Int(gif.SHeight)
        guard let colorMap = gif.SColorMap else { throw Failure(description: "no global palette") }
        paletteCount = Int(colorMap.pointee.ColorCount)
        let colors = UnsafeBufferPointer(start: colorMap.pointee.Colors, count: paletteCount)

        var loop: Int?
        var globalOnly = true
        var canvas = RGBAImage(width: width, height: height)
        var frames: [Frame] = []
        for imageIndex in 0..<Int(gif.ImageCount) {
            let saved = gif.SavedImages[imageIndex]
            if saved.ImageDesc.ColorMap != nil { globalOnly = false }
            for block in UnsafeBufferPointer(start: saved.ExtensionBlocks, count: Int(saved.ExtensionBlockCount)) {
                // giflib stores the application identifier block and the following data sub-block separately.
                if block.Function == CONTINUE_EXT_FUNC_CODE, block.ByteCount == 3, block.Bytes[0] == 1 {
                    loop = Int(block.Bytes[1]) | Int(block.Bytes[2]) << 8
                }
            }
            var control = GraphicsControlBlock(DisposalMode: 0, UserInputFlag: false, DelayTime: 0, TransparentColor: -1)
            if DGifSavedExtensionToGCB(file, Int32(imageIndex), &control) != GIF_OK {
                throw Failure(description: "frame \(imageIndex) has no graphics control block")
            }
            let desc = saved.ImageDesc
            let rect = (x: Int(desc.Left), y: Int(desc.Top), width: Int(desc.Width), height: Int(desc.Height))
            for row in 0..<rect.height {
                for column in 0..<rect.width {
                    let index = Int(saved.RasterBits[row * rect.width + column])
                    if Int32(index) == control.TransparentColor { continue }
                    guard index < paletteCount else { throw Failure(description: "index \(index) outside the palette") }
                    let color = colors[index]
                    canvas.setPixel(x: rect.x + column, y: rect.y + row, to: (color.Red, color.Green, color.Blue, 255))
                }
            }
            frames.append(
                Frame(
                    delay: Int(control.DelayTime), disposal: control.DisposalMode, transparentIndex: control.TransparentColor, rect: rect,
                    canvas: canvas))
            if control.DisposalMode == DISPOSE_BACKGROUND {
                for row in rect.y..<(rect.y + rect.height) {
                    for column in rect.x..<(rect.x + rect.width) { canvas.setPixel(x: column, y: row, to: (0, 0, 0, 0)) }
                }
            }
        }
        // Extensions after the last image, or before the first one when giflib files them there.
        for block in UnsafeBufferPointer(start: gif.ExtensionBlocks, count: Int(gif.ExtensionBlockCount)) {
            if block.Function == CONTINUE_EXT_FUNC_CODE, block.ByteCount == 3, block.Bytes[0] == 1 {
                loop = Int(block.Bytes[1]) | Int(block.Bytes[2]) << 8
            }
        }
        loopRepetitions = loop
        usesGlobalPaletteOnly = globalOnly
        self.frames = frames
    }

    /// The pictures displayed, each for its delay (centiseconds, as written; the encoder never writes one under
    /// the 2 cs that browsers honour).
    public var playback: Playback { Playback(frames: frames.map(\.canvas), delays: frames.map { Double($0.delay) / 100 }) }
}
