/// Colour distances in YIQ space (brightness Y and the two chroma axes I and Q), weighted as in Kotsarenko and
/// Ramos, "Measuring perceived color difference using YIQ NTSC transmission color space in mobile applications"
/// (2010): pixelmatch's metric as of its release 6.0.0.
///
/// A translucent pixel is first blended over white, so a transparent pixel and a white one count as the same.
struct YIQDistance: PixelDistance {
    /// The largest squared distance there is: between black and white.
    static let maximum = 35215.0

    /// The largest squared distance that still counts as the same colour: `maximum × threshold²`.
    let largestSame: Double

    /// The distance for `threshold`, clamped to 0...1.
    init(threshold: Double) {
        let clamped = max(0, min(1, threshold))
        largestSame = Self.maximum * clamped * clamped
    }

    func exceedsThreshold(_ first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
        Self.squared(first, offset, second, offset) > largestSame
    }

    func brightnessDifference(_ pixels: UnsafeBufferPointer<UInt8>, _ center: Int, _ neighbour: Int) -> Double {
        if pixels.samePixel(at: center, as: pixels, at: neighbour) { return 0 }
        let (r1, g1, b1) = Self.overWhite(pixels, center)
        let (r2, g2, b2) = Self.overWhite(pixels, neighbour)
        return Luma.of(r1, g1, b1) - Luma.of(r2, g2, b2)
    }

    /// The weighted squared YIQ distance between the pixel at byte offset `first` in `firstPixels` and the pixel at
    /// `second` in `secondPixels`; 0 when the bytes are the same.
    static func squared(
        _ firstPixels: UnsafeBufferPointer<UInt8>, _ first: Int, _ secondPixels: UnsafeBufferPointer<UInt8>, _ second: Int
    ) -> Double {
        if firstPixels.samePixel(at: first, as: secondPixels, at: second) { return 0 }
        let (r1, g1, b1) = overWhite(firstPixels, first)
        let (r2, g2, b2) = overWhite(secondPixels, second)
        let y = Luma.of(r1, g1, b1) - Luma.of(r2, g2, b2)
        let i = inPhase(r1, g1, b1) - inPhase(r2, g2, b2)
        let q = quadrature(r1, g1, b1) - quadrature(r2, g2, b2)
        return 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
    }

    /// The pixel's red, green and blue after blending it over white by its alpha.
    static func overWhite(_ pixels: UnsafeBufferPointer<UInt8>, _ offset: Int) -> (Double, Double, Double) {
        let red = Double(pixels[offset])
        let green = Double(pixels[offset + 1])
        let blue = Double(pixels[offset + 2])
        let alpha = pixels[offset + 3]
        guard alpha < 255 else { return (red, green, blue) }
        let opacity = Double(alpha) / 255
        return (255 + (red - 255) * opacity, 255 + (green - 255) * opacity, 255 + (blue - 255) * opacity)
    }

    static func inPhase(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.59597799 - g * 0.27417610 - b * 0.32180189
    }

    static func quadrature(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.21147017 - g * 0.52261711 + b * 0.31114694
    }
}
