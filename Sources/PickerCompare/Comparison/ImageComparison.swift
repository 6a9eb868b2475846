import PickerKit

/// Compares two pictures the way a person would: pixels whose colours are perceptually close count as the same,
/// and edges that moved by a fraction of a pixel (anti-aliasing) are set apart rather than counted.
///
/// This is pixelmatch's algorithm (https://github.com/mapbox/pixelmatch), written from its source: each pair of
/// pixels whose bytes differ is held against the threshold in the chosen `ColorMetric`; a pixel beyond it is a
/// difference unless it looks anti-aliased in either picture.
public enum ImageComparison {
    /// Compares `actual` with `expected` pixel by pixel.
    ///
    /// Pictures of different sizes are not compared; the result says so and gives both sizes. Nothing else can go
    /// wrong: a threshold outside 0...1 is clamped.
    public static func compare(
        expected: RGBAImage,
        actual: RGBAImage,
        settings: ComparisonSettings = ComparisonSettings()
    ) -> ComparisonResult {
        guard expected.width == actual.width, expected.height == actual.height else {
            return .differentSizes(
                expected: ImageSize(width: expected.width, height: expected.height),
                actual: ImageSize(width: actual.width, height: actual.height)
            )
        }
        switch settings.metric {
        case .oklab:
            return compare(expected, actual, settings, distance: OKLabDistance(threshold: settings.threshold))
        case .yiq:
            return compare(expected, actual, settings, distance: YIQDistance(threshold: settings.threshold))
        }
    }

    static func compare<Distance: PixelDistance>(
        _ expected: RGBAImage, _ actual: RGBAImage, _ settings: ComparisonSettings, distance: Distance
    ) -> ComparisonResult {
        let width = expected.width
        let height = expected.height
        let size = ImageSize(width: width, height: height)
        let fadedOpacity = max(0, min(1, settings.fadedOpacity))
        var diff = settings.drawsDiffImage ? RGBAImage(width: width, height: height) : nil

        // The common case in snapshot tests; skips the per-pixel work.
        if expected.pixels == actual.pixels {
            if var picture = diff {
                for y in 0..<height {
                    for x in 0..<width {
                        let grey = fadedGrey(expected.pixel(x: x, y: y), opacity: fadedOpacity)
                        picture.setPixel(x: x, y: y, to: (grey, grey, grey, 255))
                    }
                }
                diff = picture
            }
            return .compared(PixelComparison(differentPixels: 0, antialiasedPixels: 0, size: size, diffImage: diff))
        }

        let detector = AntialiasingDetector(width: width, height: height, distance: distance)
        var differentPixels = 0
        var antialiasedPixels = 0
        expected.pixels.withUnsafeBufferPointer { expectedPixels in
            actual.pixels.withUnsafeBufferPointer { actualPixels in
                for y in 0..<height {
                    for x in 0..<width {
                        let offset = (y * width + x) * 4
                        let differs =
                            !expectedPixels.samePixel(at: offset, as: actualPixels, at: offset)
                            && distance.exceedsThreshold(expectedPixels, actualPixels, at: offset)
                        if differs {
                            let antialiased =
                                !settings.includesAntialiasing
                                && (detector.isAntialiased(x: x, y: y, in: expectedPixels, comparedWith: actualPixels)
                                    || detector.isAntialiased(x: x, y: y, in: actualPixels, comparedWith: expectedPixels))
                            if antialiased {
                                antialiasedPixels += 1
                                diff?.setPixel(x: x, y: y, to: DiffColors.antialiased)
                            } else {
                                differentPixels += 1
                                diff?.setPixel(x: x, y: y, to: DiffColors.different)
                            }
                        } else if diff != nil {
                            let grey = fadedGrey(expected.pixel(x: x, y: y), opacity: fadedOpacity)
                            diff?.setPixel(x: x, y: y, to: (grey, grey, grey, 255))
                        }
                    }
                }
            }
        }
        return .compared(
            PixelComparison(differentPixels: differentPixels, antialiasedPixels: antialiasedPixels, size: size, diffImage: diff))
    }

    /// The brightness of a pixel blended over white with `opacity`, from 0 to 255: the grey of the faded diff
    /// background.
    static func fadedGrey(_ pixel: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8), opacity: Double) -> UInt8 {
        let y = Luma.of(Double(pixel.red), Double(pixel.green), Double(pixel.blue))
        let alpha = opacity * Double(pixel.alpha) / 255
        let grey = 255 + (y - 255) * alpha
        return UInt8(max(0, min(255, grey.rounded())))
    }
}
