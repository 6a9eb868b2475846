/// Colour distances in YIQ space (brightness Y and the two chroma axes I and Q), weighted as in Kotsarenko and
/// Ramos, "Measuring perceived color difference using YIQ NTSC transmission color space in mobile applications"
/// (2010), the metric pixelmatch uses.
///
/// Pixels are read from straight-alpha RGBA bytes; a translucent pixel is first blended over white, so a
/// transparent pixel and a white one count as the same colour.
enum YIQDistance {
    /// The largest squared distance there is: between black and white.
    static let maximum = 35215.0

    /// The weighted squared YIQ distance between the pixel at byte offset `first` in `firstPixels` and the pixel at
    /// `second` in `secondPixels`; 0 when the bytes are the same.
    static func squared(_ firstPixels: [UInt8], _ first: Int, _ secondPixels: [UInt8], _ second: Int) -> Double {
        if sameBytes(firstPixels, first, secondPixels, second) { return 0 }
        let (r1, g1, b1) = overWhite(firstPixels, first)
        let (r2, g2, b2) = overWhite(secondPixels, second)
        let y = brightness(r1, g1, b1) - brightness(r2, g2, b2)
        let i = inPhase(r1, g1, b1) - inPhase(r2, g2, b2)
        let q = quadrature(r1, g1, b1) - quadrature(r2, g2, b2)
        return 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
    }

    /// The brightness (Y) of one pixel minus another's in the same picture, signed; 0 when the bytes are the same.
    static func brightnessDifference(_ pixels: [UInt8], _ first: Int, _ second: Int) -> Double {
        if sameBytes(pixels, first, pixels, second) { return 0 }
        let (r1, g1, b1) = overWhite(pixels, first)
        let (r2, g2, b2) = overWhite(pixels, second)
        return brightness(r1, g1, b1) - brightness(r2, g2, b2)
    }

    /// The brightness of a pixel blended over white with `opacity`, from 0 to 255: the grey of the faded diff
    /// background.
    static func fadedGrey(_ pixels: [UInt8], _ offset: Int, opacity: Double) -> UInt8 {
        let y = brightness(Double(pixels[offset]), Double(pixels[offset + 1]), Double(pixels[offset + 2]))
        let alpha = opacity * Double(pixels[offset + 3]) / 255
        let grey = 255 + (y - 255) * alpha
        return UInt8(max(0, min(255, grey.rounded())))
    }

    static func sameBytes(_ firstPixels: [UInt8], _ first: Int, _ secondPixels: [UInt8], _ second: Int) -> Bool {
        firstPixels[first] == secondPixels[second] && firstPixels[first + 1] == secondPixels[second + 1]
            && firstPixels[first + 2] == secondPixels[second + 2] && firstPixels[first + 3] == secondPixels[second + 3]
    }

    /// The pixel's red, green and blue after blending it over white by its alpha.
    static func overWhite(_ pixels: [UInt8], _ offset: Int) -> (Double, Double, Double) {
        let red = Double(pixels[offset])
        let green = Double(pixels[offset + 1])
        let blue = Double(pixels[offset + 2])
        let alpha = pixels[offset + 3]
        guard alpha < 255 else { return (red, green, blue) }
        let opacity = Double(alpha) / 255
        return (255 + (red - 255) * opacity, 255 + (green - 255) * opacity, 255 + (blue - 255) * opacity)
    }

    static func brightness(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.29889531 + g * 0.58662247 + b * 0.11448223
    }

    static func inPhase(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.59597799 - g * 0.27417610 - b * 0.32180189
    }

    static func quadrature(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.21147017 - g * 0.52261711 + b * 0.31114694
    }
}
