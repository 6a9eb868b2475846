import PickerKit

/// Compares two pictures the way a person would: pixels whose colours are perceptually close count as the same,
/// and edges that moved by a fraction of a pixel (anti-aliasing) are set apart rather than counted.
///
/// This is pixelmatch's algorithm (https://github.com/mapbox/pixelmatch), written from its description: the squared
/// YIQ distance of each pair of pixels, translucent pixels blended over white, is held against
/// `35215 × threshold²`; a pixel beyond it is a difference unless it looks anti-aliased in either picture.
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
        let width = expected.width
        let height = expected.height
        let expectedPixels = expected.pixels
        let actualPixels = actual.pixels
        let fadedOpacity = max(0, min(1, settings.fadedOpacity))
        var diff = settings.drawsDiffImage ? RGBAImage(width: width, height: height) : nil

        // The common case in snapshot tests; skips the per-pixel work.
        if expectedPixels == actualPixels {
            if var picture = diff {
                drawFaded(expectedPixels, width: width, height: height, opacity: fadedOpacity, into: &picture)
                diff = picture
            }
            return .compared(
                PixelComparison(differentPixels: 0, antialiasedPixels: 0, size: ImageSize(width: width, height: height), diffImage: diff))
        }

        let threshold = max(0, min(1, settings.threshold))
        let largestSameDistance = YIQDistance.maximum * threshold * threshold
        let detector = AntialiasingDetector(width: width, height: height)
        var differentPixels = 0
        var antialiasedPixels = 0

        for y in 0..<height {
            for x in 0..<width {
                let offset = (y * width + x) * 4
                let distance = YIQDistance.squared(expectedPixels, offset, actualPixels, offset)
                if distance > largestSameDistance {
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
                    let grey = YIQDistance.fadedGrey(expectedPixels, offset, opacity: fadedOpacity)
                    diff?.setPixel(x: x, y: y, to: (grey, grey, grey, 255))
                }
            }
        }

        return .compared(
            PixelComparison(
                differentPixels: differentPixels,
                antialiasedPixels: antialiasedPixels,
                size: ImageSize(width: width, height: height),
                diffImage: diff
            )
        )
    }

    /// Paints every pixel of `picture` with the faded grey of the same pixel in `pixels`.
    static func drawFaded(_ pixels: [UInt8], width: Int, height: Int, opacity: Double, into picture: inout RGBAImage) {
        for y in 0..<height {
            for x in 0..<width {
                let grey = YIQDistance.fadedGrey(pixels, (y * width + x) * 4, opacity: opacity)
                picture.setPixel(x: x, y: y, to: (grey, grey, grey, 255))
            }
        }
    }
}
