import PickerKit

/// Frames drawn in code: a square sliding over a background, so every frame differs from the one before.
enum SyntheticFrames {
    /// Frame `index` of a `width` × `height` animation: `background` everywhere and a `size` px square of
    /// `ink` whose left edge moves one pixel a frame (wrapping), with a gradient band along the top.
    static func frame(
        _ index: Int, width: Int, height: Int, background: (UInt8, UInt8, UInt8, UInt8) = (255, 255, 255, 255),
        ink: (UInt8, UInt8, UInt8, UInt8) = (200, 30, 40, 255), size: Int = 8
    ) -> RGBAImage {
        var image = RGBAImage(width: width, height: height, filledWith: background)
        let left = index % max(width - size, 1)
        let top = min(height / 2, max(height - size, 0))
        for y in top..<min(top + size, height) {
            for x in left..<min(left + size, width) { image.setPixel(x: x, y: y, to: ink) }
        }
        for y in 0..<min(3, height) {
            for x in 0..<width {
                let shade = UInt8(truncatingIfNeeded: (x * 255) / max(width - 1, 1))
                image.setPixel(x: x, y: y, to: (shade, 90, 255 - shade, 255))
            }
        }
        return image
    }
}
