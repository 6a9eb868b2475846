import PickerKit

extension RGBAImage {
    /// True when every pixel inside `rect` has alpha 255; the caller keeps `rect` inside the picture.
    func isOpaque(within rect: PixelRect) -> Bool {
        guard !rect.isEmpty else { return true }
        return pixels.withUnsafeBufferPointer { bytes in
            for y in rect.y..<(rect.y + rect.height) {
                var alphas: UInt8 = 255
                let start = (y * width + rect.x) * 4 + 3
                for offset in stride(from: start, to: start + rect.width * 4, by: 4) { alphas &= bytes[offset] }
                if alphas != 255 { return false }
            }
            return true
        }
    }
}
