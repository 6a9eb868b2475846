/// A picture as plain bytes: 8-bit red, green, blue, alpha per pixel (straight, not premultiplied alpha),
/// rows top to bottom with no padding.
///
/// The common currency between the renderer, the encoders, and the
/// image comparison, so none of them depends on another's C types.
public struct RGBAImage: Equatable, Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// width × height × 4 bytes, RGBA order; always exactly that many (change them with `setPixel` or
    /// `withUnsafeMutablePixels`, which cannot change their count).
    public private(set) var pixels: [UInt8]

    /// Creates an image from its bytes; returns nil when `pixels` does not hold exactly width × height × 4 bytes.
    public init?(width: Int, height: Int, pixels: [UInt8]) {
        guard width > 0, height > 0, pixels.count == width * height * 4 else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// An image of one colour (`transparent black` by default).
    package init(width: Int, height: Int, filledWith rgba: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)) {
        self.width = max(width, 1)
        self.height = max(height, 1)
        var bytes = [UInt8](repeating: 0, count: self.width * self.height * 4)
        guard rgba != (0, 0, 0, 0) else {
            pixels = bytes
            return
        }
        for offset in stride(from: 0, to: bytes.count, by: 4) {
            bytes[offset] = rgba.0
            bytes[offset + 1] = rgba.1
            bytes[offset + 2] = rgba.2
            bytes[offset + 3] = rgba.3
        }
        pixels = bytes
    }

    /// The RGBA bytes of the pixel at (x, y); the caller keeps x and y inside the image.
    public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        let offset = (y * width + x) * 4
        return (pixels[offset], pixels[offset + 1], pixels[offset + 2], pixels[offset + 3])
    }

    /// Sets the pixel at (x, y); the caller keeps x and y inside the image.
    package mutating func setPixel(x: Int, y: Int, to rgba: (UInt8, UInt8, UInt8, UInt8)) {
        let offset = (y * width + x) * 4
        pixels[offset] = rgba.0
        pixels[offset + 1] = rgba.1
        pixels[offset + 2] = rgba.2
        pixels[offset + 3] = rgba.3
    }

    /// Calls `body` with the pixel bytes to change in place; their count cannot change, so the picture keeps
    /// exactly width × height × 4 bytes.
    package mutating func withUnsafeMutablePixels<Result>(_ body: (UnsafeMutableBufferPointer<UInt8>) throws -> Result) rethrows
        -> Result
    {
        try pixels.withUnsafeMutableBufferPointer { buffer in try body(buffer) }
    }
}
