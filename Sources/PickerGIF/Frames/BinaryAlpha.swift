import PickerKit

extension RGBAImage {
    /// The picture with GIF's one-bit transparency: alpha under 128 becomes fully transparent (and black, so all
    /// transparent pixels are one colour), the rest fully opaque with their colour kept.
    ///
    /// The threshold is the one ffmpeg's paletteuse uses by default. With a `matte` (red, green, blue bytes),
    /// pixels with alpha of 8 or more are blended over it instead and made opaque.
    func withBinaryAlpha(matte: (UInt8, UInt8, UInt8)? = nil) -> RGBAImage {
        if let matte { return blended(over: matte) }
        var copy = self
        copy.pixels.withUnsafeMutableBufferPointer { bytes in
            for offset in stride(from: 0, to: bytes.count, by: 4) {
                if bytes[offset + 3] < 128 {
                    bytes[offset] = 0
                    bytes[offset + 1] = 0
                    bytes[offset + 2] = 0
                    bytes[offset + 3] = 0
                } else {
                    bytes[offset + 3] = 255
                }
            }
        }
        return copy
    }

    /// The picture blended over an opaque colour, keeping only nearly invisible pixels (alpha under 8) transparent.
    private func blended(over matte: (UInt8, UInt8, UInt8)) -> RGBAImage {
        var copy = self
        let background = [UInt32(matte.0), UInt32(matte.1), UInt32(matte.2)]
        copy.pixels.withUnsafeMutableBufferPointer { bytes in
            for offset in stride(from: 0, to: bytes.count, by: 4) {
                let alpha = UInt32(bytes[offset + 3])
                if alpha < 8 {
                    for channel in 0..<4 { bytes[offset + channel] = 0 }
                    continue
                }
                for channel in 0..<3 {
                    let mixed = UInt32(bytes[offset + channel]) * alpha + background[channel] * (255 - alpha)
                    bytes[offset + channel] = UInt8((mixed + 127) / 255)
                }
                bytes[offset + 3] = 255
            }
        }
        return copy
    }
}
