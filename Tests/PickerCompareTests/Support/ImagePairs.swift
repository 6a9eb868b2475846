import PickerKit
import TestSupport

/// A named pair of pictures to compare.
struct ImagePair {
    let name: String
    let expected: RGBAImage
    let actual: RGBAImage
}

/// Pairs like the ones snapshot tests meet: shapes and strokes moved by a fraction of a pixel (what a different
/// rasteriser or font hinting does), shapes really moved, noise, scattered single pixels, colour changes near the
/// threshold, and translucent pictures.
enum ImagePairs {
    static let width = 160
    static let height = 100
    static let ink: (UInt8, UInt8, UInt8) = (28, 28, 30)
    static let accent: (UInt8, UInt8, UInt8) = (0, 122, 255)

    static func realistic() -> [ImagePair] {
        var random = SeededRandom(seed: 2026)
        var pairs: [ImagePair] = []

        pairs.append(ImagePair(name: "disc moved 0.4 px", expected: disc(at: 60, 50), actual: disc(at: 60.4, 50.3)))
        pairs.append(ImagePair(name: "disc moved 3 px", expected: disc(at: 60, 50), actual: disc(at: 63, 50)))
        pairs.append(
            ImagePair(name: "rectangle moved 0.5 px", expected: rectangle(x: 20.3, y: 15.6), actual: rectangle(x: 20.8, y: 16.1))
        )
        pairs.append(ImagePair(name: "strokes moved 0.3 px", expected: strokes(shift: 0), actual: strokes(shift: 0.3)))
        pairs.append(ImagePair(name: "strokes moved 1.5 px", expected: strokes(shift: 0), actual: strokes(shift: 1.5)))

        var noisy = Sketch(width: width, height: height)
        noisy.gradient(from: (240, 240, 245), to: (60, 90, 160))
        let clean = noisy.picture
        noisy.noise(amplitude: 30, random: &random)
        pairs.append(ImagePair(name: "gradient with noise ±30", expected: clean, actual: noisy.picture))

        var speckled = Sketch(width: width, height: height)
        speckled.picture = segmentedPicker(highlight: accent, shift: 0)
        speckled.speckle(count: 20, random: &random)
        pairs.append(ImagePair(name: "20 pixels changed", expected: segmentedPicker(highlight: accent, shift: 0), actual: speckled.picture))

        pairs.append(
            ImagePair(
                name: "highlight colour nudged",
                expected: segmentedPicker(highlight: accent, shift: 0),
                actual: segmentedPicker(highlight: (20, 132, 255), shift: 0)
            )
        )
        pairs.append(
            ImagePair(
                name: "highlight colour changed",
                expected: segmentedPicker(highlight: accent, shift: 0),
                actual: segmentedPicker(highlight: (88, 86, 214), shift: 0)
            )
        )
        pairs.append(
            ImagePair(
                name: "picker moved 0.25 px",
                expected: segmentedPicker(highlight: accent, shift: 0),
                actual: segmentedPicker(highlight: accent, shift: 0.25)
            )
        )
        pairs.append(ImagePair(name: "translucent disc moved 0.5 px", expected: translucentDisc(at: 80), actual: translucentDisc(at: 80.5)))
        return pairs
    }

    static func disc(at x: Double, _ y: Double) -> RGBAImage {
        var sketch = Sketch(width: width, height: height)
        sketch.disc(centerX: x, centerY: y, radius: 30, (20, 40, 120))
        return sketch.picture
    }

    static func rectangle(x: Double, y: Double) -> RGBAImage {
        var sketch = Sketch(width: width, height: height)
        sketch.rectangle(x: x, y: y, width: 80.5, height: 40.2, (200, 30, 40))
        return sketch.picture
    }

    /// Thin strokes at angles, like the stems and bowls of small text.
    static func strokes(shift: Double) -> RGBAImage {
        var sketch = Sketch(width: width, height: height)
        for index in 0..<8 {
            let left = 10 + Double(index) * 18 + shift
            sketch.line(from: (left, 20), to: (left + 6, 80), thickness: 1.4, ink)
            sketch.line(from: (left, 50), to: (left + 10, 48.5), thickness: 1.1, ink)
        }
        return sketch.picture
    }

    /// A segmented picker: a grey track, a highlighted segment, and label-like strokes.
    static func segmentedPicker(highlight: (UInt8, UInt8, UInt8), shift: Double) -> RGBAImage {
        var sketch = Sketch(width: width, height: height)
        sketch.rectangle(x: 8 + shift, y: 30, width: 144, height: 40, (229, 229, 234))
        sketch.rectangle(x: 10.5 + shift, y: 32.5, width: 46, height: 35, highlight)
        for segment in 0..<3 {
            let left = 20 + Double(segment) * 48 + shift
            sketch.line(from: (left, 44), to: (left + 24, 44), thickness: 1.6, segment == 0 ? (255, 255, 255) : ink)
            sketch.line(from: (left, 52), to: (left + 16, 52.5), thickness: 1.2, segment == 0 ? (255, 255, 255) : ink)
        }
        return sketch.picture
    }

    /// A dark disc on a transparent background, its edge coverage in the alpha channel.
    static func translucentDisc(at x: Double) -> RGBAImage {
        var sketch = Sketch(width: width, height: height)
        sketch.disc(centerX: x, centerY: 50, radius: 25, (0, 0, 0))
        var picture = sketch.picture
        picture.withUnsafeMutablePixels { pixels in
            for index in stride(from: 0, to: pixels.count, by: 4) {
                // Coverage becomes alpha over a mid-blue: straight-alpha pixels with every alpha from 0 to 255.
                let coverage = 255 - pixels[index]
                pixels[index] = 40
                pixels[index + 1] = 80
                pixels[index + 2] = 200
                pixels[index + 3] = coverage
            }
        }
        return picture
    }
}
