import PickerKit

/// The caller's frames made ready for the colour converter: checked, blended over the matte (or, with alpha
/// kept, clear pixels given the matte's colour), and padded to even dimensions on the right and at the bottom,
/// never scaled.
///
/// The padding repeats the last column and row, so it is the background's colour (the matte's where the
/// background is clear): no line of another colour at the edge, and no edge for the codec to spend bits and
/// ringing on.
///
/// One padded RGBA buffer is reused for every frame.
struct FrameCanvas {
    /// The source frames' size.
    let width: Int
    let height: Int
    /// The encoded size: one more column or row when the source's is odd (4:2:0 needs pairs of pixels).
    let paddedWidth: Int
    let paddedHeight: Int
    /// Whether pixels keep their alpha (yuva420p) instead of being blended over the matte.
    let keepsAlpha: Bool
    private let matte: (red: UInt32, green: UInt32, blue: UInt32)
    private(set) var pixels: [UInt8]

    /// A canvas for frames of `width` × `height` px.
    ///
    /// Throws `VideoEncodingError.tooLarge` when the padded size exceeds `VideoFormat.maximumSide`.
    init(width: Int, height: Int, matte: RGBAColor, keepsAlpha: Bool) throws(VideoEncodingError) {
        let paddedWidth = width + width % 2
        let paddedHeight = height + height % 2
        guard paddedWidth <= VideoFormat.maximumSide, paddedHeight <= VideoFormat.maximumSide else {
            throw .tooLarge(width: width, height: height, limit: VideoFormat.maximumSide)
        }
        self.width = width
        self.height = height
        self.paddedWidth = paddedWidth
        self.paddedHeight = paddedHeight
        self.keepsAlpha = keepsAlpha
        func byte(_ value: Double) -> UInt8 { UInt8((min(max(value, 0), 1) * 255).rounded()) }
        let (red, green, blue) = (byte(matte.red), byte(matte.green), byte(matte.blue))
        self.matte = (UInt32(red), UInt32(green), UInt32(blue))
        // Overwritten by each frame, padding included.
        pixels = RGBAImage(width: paddedWidth, height: paddedHeight, filledWith: (red, green, blue, keepsAlpha ? 0 : 255)).pixels
    }

    /// Checks that frame `index` can go on the canvas, whether or not it is then loaded (a held WebM frame is not).
    ///
    /// Throws `VideoEncodingError` for a frame of another size than the first.
    func check(_ image: RGBAImage, index: Int) throws(VideoEncodingError) {
        do { try image.check(frame: index, width: width, height: height) } catch { throw .frameSize(error) }
    }

    /// Puts frame `index` on the canvas.
    ///
    /// Throws `VideoEncodingError` for a frame of another size than the first.
    mutating func load(_ image: RGBAImage, index: Int) throws(VideoEncodingError) {
        try check(image, index: index)
        let rowBytes = width * 4
        let targetRowBytes = paddedWidth * 4
        let keepsAlpha = keepsAlpha
        let matte = matte
        image.pixels.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { target in
                guard let from = source.baseAddress, let to = target.baseAddress else { return }
                for row in 0..<height {
                    let sourceRow = from + row * rowBytes
                    let targetRow = to + row * targetRowBytes
                    if keepsAlpha {
                        Self.copy(sourceRow, into: targetRow, pixels: width, clearAs: matte)
                    } else {
                        Self.blend(sourceRow, into: targetRow, pixels: width, over: matte)
                    }
                    // The padding column repeats the last one: the background (or the matte where it is clear).
                    if paddedWidth > width { (targetRow + rowBytes).update(from: targetRow + rowBytes - 4, count: 4) }
                }
                if paddedHeight > height {
                    (to + height * targetRowBytes).update(from: to + (height - 1) * targetRowBytes, count: targetRowBytes)
                }
            }
        }
    }

    /// Straight RGBA over an opaque matte: c·a + m·(1 − a), rounded, alpha 255.
    private static func blend(
        _ source: UnsafePointer<UInt8>, into target: UnsafeMutablePointer<UInt8>, pixels: Int,
        over matte: (red: UInt32, green: UInt32, blue: UInt32)
    ) {
        for pixel in 0..<pixels {
            let offset = pixel * 4
            let alpha = UInt32(source[offset + 3])
            if alpha == 255 {
                target[offset] = source[offset]
                target[offset + 1] = source[offset + 1]
                target[offset + 2] = source[offset + 2]
            } else {
                let rest = 255 - alpha
                target[offset] = divideBy255(UInt32(source[offset]) * alpha + matte.red * rest)
                target[offset + 1] = divideBy255(UInt32(source[offset + 1]) * alpha + matte.green * rest)
                target[offset + 2] = divideBy255(UInt32(source[offset + 2]) * alpha + matte.blue * rest)
            }
            target[offset + 3] = 255
        }
    }

    /// Straight RGBA as it is, except that fully clear pixels take the matte's colour (still clear): 4:2:0
    /// chroma and lossy coding spread colour across edges, and the matte, the page's colour, is the one that
    /// fringe should have.
    private static func copy(
        _ source: UnsafePointer<UInt8>, into target: UnsafeMutablePointer<UInt8>, pixels: Int,
        clearAs matte: (red: UInt32, green: UInt32, blue: UInt32)
    ) {
        for pixel in 0..<pixels {
            let offset = pixel * 4
            if source[offset + 3] == 0 {
                target[offset] = UInt8(truncatingIfNeeded: matte.red)
                target[offset + 1] = UInt8(truncatingIfNeeded: matte.green)
                target[offset + 2] = UInt8(truncatingIfNeeded: matte.blue)
                target[offset + 3] = 0
            } else {
                target[offset] = source[offset]
                target[offset + 1] = source[offset + 1]
                target[offset + 2] = source[offset + 2]
                target[offset + 3] = source[offset + 3]
            }
        }
    }

    /// x / 255 rounded to nearest, for x up to 255 · 255.
    @inline(__always)
    private static func divideBy255(_ x: UInt32) -> UInt8 {
        let y = x + 128
        return UInt8(truncatingIfNeeded: (y + (y >> 8)) >> 8)
    }
}
