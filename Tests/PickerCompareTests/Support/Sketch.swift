import PickerKit
import TestSupport

/// Draws test pictures with anti-aliased edges (4×4 supersampling), so shapes can be moved by a fraction of a pixel
/// the way two rasterisers disagree.
struct Sketch {
    var picture: RGBAImage

    init(width: Int, height: Int, background: (UInt8, UInt8, UInt8) = (255, 255, 255)) {
        picture = RGBAImage(width: width, height: height, filledWith: (background.0, background.1, background.2, 255))
    }

    /// Fills the shape `contains` with `colour`, each pixel covered in proportion to the sub-samples inside it.
    mutating func fill(_ colour: (UInt8, UInt8, UInt8), opacity: Double = 1, where contains: (Double, Double) -> Bool) {
        let samples = 4
        for y in 0..<picture.height {
            for x in 0..<picture.width {
                var inside = 0
                for sampleY in 0..<samples {
                    for sampleX in 0..<samples {
                        let pointX = Double(x) + (Double(sampleX) + 0.5) / Double(samples)
                        let pointY = Double(y) + (Double(sampleY) + 0.5) / Double(samples)
                        if contains(pointX, pointY) { inside += 1 }
                    }
                }
                guard inside > 0 else { continue }
                let coverage = opacity * Double(inside) / Double(samples * samples)
                let old = picture.pixel(x: x, y: y)
                picture.setPixel(
                    x: x, y: y,
                    to: (
                        mix(old.red, colour.0, coverage), mix(old.green, colour.1, coverage),
                        mix(old.blue, colour.2, coverage), old.alpha
                    )
                )
            }
        }
    }

    mutating func disc(centerX: Double, centerY: Double, radius: Double, _ colour: (UInt8, UInt8, UInt8), opacity: Double = 1) {
        fill(colour, opacity: opacity) { x, y in
            (x - centerX) * (x - centerX) + (y - centerY) * (y - centerY) <= radius * radius
        }
    }

    mutating func rectangle(x: Double, y: Double, width: Double, height: Double, _ colour: (UInt8, UInt8, UInt8)) {
        fill(colour) { pointX, pointY in
            pointX >= x && pointX < x + width && pointY >= y && pointY < y + height
        }
    }

    /// A straight stroke `thickness` wide from (x0, y0) to (x1, y1), like a glyph's stem.
    mutating func line(from start: (Double, Double), to end: (Double, Double), thickness: Double, _ colour: (UInt8, UInt8, UInt8)) {
        let dx = end.0 - start.0
        let dy = end.1 - start.1
        let lengthSquared = max(dx * dx + dy * dy, 1e-9)
        fill(colour) { x, y in
            let t = max(0, min(1, ((x - start.0) * dx + (y - start.1) * dy) / lengthSquared))
            let nearestX = start.0 + t * dx
            let nearestY = start.1 + t * dy
            return (x - nearestX) * (x - nearestX) + (y - nearestY) * (y - nearestY) <= thickness * thickness / 4
        }
    }

    /// Adds up to ±`amplitude` to each channel of every pixel.
    mutating func noise(amplitude: Int, random: inout SeededRandom) {
        picture.withUnsafeMutablePixels { pixels in
            for index in pixels.indices where index % 4 != 3 {
                let value = Int(pixels[index]) + Int.random(in: -amplitude...amplitude, using: &random)
                pixels[index] = UInt8(max(0, min(255, value)))
            }
        }
    }

    /// Sets `count` pixels at random places to random colours.
    mutating func speckle(count: Int, random: inout SeededRandom) {
        for _ in 0..<count {
            let x = Int.random(in: 0..<picture.width, using: &random)
            let y = Int.random(in: 0..<picture.height, using: &random)
            picture.setPixel(
                x: x, y: y,
                to: (
                    UInt8.random(in: 0...255, using: &random), UInt8.random(in: 0...255, using: &random),
                    UInt8.random(in: 0...255, using: &random), 255
                )
            )
        }
    }

    /// A horizontal colour ramp, for backgrounds where small colour changes sit near the threshold.
    mutating func gradient(from left: (UInt8, UInt8, UInt8), to right: (UInt8, UInt8, UInt8)) {
        for y in 0..<picture.height {
            for x in 0..<picture.width {
                let t = Double(x) / Double(max(picture.width - 1, 1))
                picture.setPixel(x: x, y: y, to: (mix(left.0, right.0, t), mix(left.1, right.1, t), mix(left.2, right.2, t), 255))
            }
        }
    }

    func mix(_ from: UInt8, _ to: UInt8, _ amount: Double) -> UInt8 {
        UInt8(max(0, min(255, (Double(from) + (Double(to) - Double(from)) * amount).rounded())))
    }
}
