import PickerKit

extension RGBAImage {
    /// The picture with GIF's one-bit transparency: alpha under 128 becomes fully transparent (and black, so all
    /// transparent pixels are one colour), the rest fully opaque with their colour kept.
    ///
    /// The threshold is the one ffmpeg's paletteuse uses by default. With a `matte` (red, green, blue bytes),
    /// pixels with alpha of 8 or more are blended over it instead and made opaque.
    func withBinaryAlpha(matte: (UInt8, UInt8, UInt8)? = nil) -> RGBAImage {
        // Opaque pictures (the common case) need no change, and so no copy of their pixels.
        if isOpaque { return self }
        if let matte { return blended(over: matte) }
        var copy = self
        copy.withUnsafeMutablePixels { bytes in
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

    /// True when every pixel has alpha 255.
    private var isOpaque: Bool {
        pixels.withUnsafeBytes { bytes in
            var offset = 0
            var alphas = UInt64.max
            // Two pixels at a time; the alpha bytes are the top byte of each little-endian half.
            while offset + 8 <= bytes.count {
                alphas &= bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                if offset & 0xFFF == 0, alphas & 0xFF00_0000_FF00_0000 != 0xFF00_0000_FF00_0000 { return false }
                offset += 8
            }
            while offset + 4 <= bytes.count {
                if bytes[offset + 3] != 255 { return false }
                offset += 4
            }
            return alphas & 0xFF00_0000_FF00_0000 == 0xFF00_0000_FF00_0000
        }
    }

    /// The picture blended over an opaque colour, keeping only nearly invisible pixels (alpha under 8) transparent.
    private func blended(over matte: (UInt8, UInt8, UInt8)) -> RGBAImage {
        var copy = self
        let background = [UInt32(matte.0), UInt32(matte.1), UInt32(matte.2)]
        copy.withUnsafeMutablePixels { bytes in
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
