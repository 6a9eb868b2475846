/// Colour distances in YIQ space (brightness Y and the two chroma axes I and Q), weighted as in Kotsarenko and
/// Ramos, "Measuring perceived color difference using YIQ NTSC transmission color space in mobile applications"
/// (2010): pixelmatch's metric as of its release 6.0.0.
///
/// A translucent pixel is blended over white, as pixelmatch does; where the two pixels' alphas differ it is also
/// blended over black and the larger distance counts, so a transparent pixel and a white one differ (pixelmatch
/// alone let a picture made transparent pass against its opaque white golden: a false green on any dark page).
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
        let (r1, g1, b1) = Self.blending(pixels, center, over: 255)
        let (r2, g2, b2) = Self.blending(pixels, neighbour, over: 255)
        return Luma.of(r1, g1, b1) - Luma.of(r2, g2, b2)
    }

    /// The weighted squared YIQ distance between the pixel at byte offset `first` in `firstPixels` and the pixel at
    /// `second` in `secondPixels`; 0 when the bytes are the same.
    static func squared(
        _ firstPixels: UnsafeBufferPointer<UInt8>, _ first: Int, _ secondPixels: UnsafeBufferPointer<UInt8>, _ second: Int
    ) -> Double {
        if firstPixels.samePixel(at: first, as: secondPixels, at: second) { return 0 }
        let overWhite = distance(blending(firstPixels, first, over: 255), blending(secondPixels, second, over: 255))
        guard firstPixels[first + 3] != secondPixels[second + 3] else { return overWhite }
        return max(overWhite, distance(blending(firstPixels, first, over: 0), blending(secondPixels, second, over: 0)))
    }

    /// The weighted squared YIQ distance between two opaque colours.
    static func distance(_ one: (Double, Double, Double), _ other: (Double, Double, Double)) -> Double {
        let (r1, g1, b1) = one
        let (r2, g2, b2) = other
        let y = Luma.of(r1, g1, b1) - Luma.of(r2, g2, b2)
        let i = inPhase(r1, g1, b1) - inPhase(r2, g2, b2)
        let q = quadrature(r1, g1, b1) - quadrature(r2, g2, b2)
        return 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
    }

    /// The pixel's red, green and blue after blending it by its alpha over the grey `backdrop` (0 black, 255 white).
    static func blending(_ pixels: UnsafeBufferPointer<UInt8>, _ offset: Int, over backdrop: Double) -> (Double, Double, Double) {
        let red = Double(pixels[offset])
        let green = Double(pixels[offset + 1])
        let blue = Double(pixels[offset + 2])
        let alpha = pixels[offset + 3]
        guard alpha < 255 else { return (red, green, blue) }
        let opacity = Double(alpha) / 255
        return (
            backdrop + (red - backdrop) * opacity, backdrop + (green - backdrop) * opacity, backdrop + (blue - backdrop) * opacity
        )
    }

    static func inPhase(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.59597799 - g * 0.27417610 - b * 0.32180189
    }

    static func quadrature(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.21147017 - g * 0.52261711 + b * 0.31114694
    }
}
