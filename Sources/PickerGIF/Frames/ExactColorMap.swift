import PickerKit

/// Palette indices looked up by exact colour, for a palette that holds every colour of every frame.
///
/// Then no pixel has an error to diffuse, so dithered remapping would give each pixel its own colour's index:
/// a table look-up gives the same indices without libimagequant's remapping work.
struct ExactColorMap {
    /// GIF index for each colour, RGBA packed little-endian: opaque colours with alpha 255, and 0 (transparent
    /// black, the only transparent colour after `withBinaryAlpha`) for the transparent entry.
    private var indexForColor: [UInt32: UInt8] = [:]

    /// The look-up for `palette`'s colours.
    init(_ palette: GIFPalette) {
        for (index, color) in palette.colors.enumerated() where index != Int(palette.transparentIndex) {
            let packed = UInt32(color.red) | UInt32(color.green) << 8 | UInt32(color.blue) << 16 | 0xFF00_0000
            indexForColor[packed] = UInt8(truncatingIfNeeded: index)
        }
        indexForColor[0] = palette.transparentIndex
    }

    /// Writes the index of each pixel of `picture` inside `rect` into the canvas-sized `target`; false (with
    /// `target` partly written) as soon as a colour is not in the palette.
    func map(_ picture: RGBAImage, within rect: PixelRect, into target: inout [UInt8]) -> Bool {
        let width = picture.width
        return picture.pixels.withUnsafeBytes { bytes in
            target.withUnsafeMutableBufferPointer { canvas in
                var last: (color: UInt32, index: UInt8)?
                for y in rect.y..<(rect.y + rect.height) {
                    for index in (y * width + rect.x)..<(y * width + rect.x + rect.width) {
                        let color = bytes.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self)
                        if let last, last.color == color {
                            canvas[index] = last.index
                            continue
                        }
                        guard let found = indexForColor[color] else { return false }
                        canvas[index] = found
                        last = (color, found)
                    }
                }
                return true
            }
        }
    }
}
