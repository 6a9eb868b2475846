import FoundationEssentials
import Glibc

/// Blurs an 8-bit alpha mask with a Gaussian of standard deviation `sigma` pixels.
///
/// From a standard deviation of 2 px up, the Gaussian is approximated by three box blurs in each direction (Kovesi,
/// "Fast almost-Gaussian filtering", 2010), each a running sum, so the cost does not grow with the radius; below,
/// an exact kernel is used. Outside the mask counts as transparent. Within 3 % of full scale of an exact Gaussian at
/// every pixel (Tests/PickerRenderTests/AppearanceRenderTests.swift).
///
/// Tested against an exact Gaussian convolution (Tests/PickerRenderTests/ShadowTests.swift).
package enum GaussianBlur {
    /// The widths of the three boxes whose succession best matches a Gaussian of `sigma`.
    package static func boxWidths(sigma: Double) -> [Int] {
        guard sigma > 0 else { return [1, 1, 1] }
        let ideal = (12 * sigma * sigma / 3 + 1).squareRoot()
        var lower = Int(ideal.rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        lower = max(lower, 1)
        let upper = lower + 2
        let split = (12 * sigma * sigma - 3 * Double(lower * lower) - 12 * Double(lower) - 9) / Double(-4 * lower - 4)
        let count = Int(split.rounded())
        return (0..<3).map { $0 < count ? lower : upper }
    }

    /// Below this standard deviation the boxes are too narrow to approximate a Gaussian (at 0.5 px all three are 1
    /// wide, which is no blur at all), and an exact kernel of radius ⌈3σ⌉ costs little.
    static let smallestBoxedSigma = 2.0

    /// Blurs `pixels` (`width` × `height` bytes, rows `stride` bytes apart) in place.
    ///
    /// The loops run over raw buffers with plain integer arithmetic: a package built in debug (as `swift test`
    /// builds its dependencies) ran this blur about 3 times slower through Array's and Range's generic code, and it is
    /// what an animated snapshot with a shadow mostly waited on. The arithmetic, and so every byte, is as before.
    package static func blur(_ pixels: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, sigma: Double) {
        guard sigma > 0, width > 0, height > 0 else { return }
        let length = max(width, height)
        let line = UnsafeMutablePointer<Double>.allocate(capacity: length)
        let scratch = UnsafeMutablePointer<Double>.allocate(capacity: length)
        line.initialize(repeating: 0, count: length)
        scratch.initialize(repeating: 0, count: length)
        defer {
            line.deallocate()
            scratch.deallocate()
        }
        // One pass along every row, then along every column, through `line` and `scratch`.
        func passes(_ pass: (Int) -> Void) {
            for y in 0..<height {
                let row = pixels + y * stride
                var x = 0
                while x < width {
                    line[x] = Double(row[x])
                    x += 1
                }
                pass(width)
                x = 0
                while x < width {
                    row[x] = byte(scratch[x])
                    x += 1
                }
            }
            for x in 0..<width {
                var y = 0
                while y < height {
                    line[y] = Double(pixels[y * stride + x])
                    y += 1
                }
                pass(height)
                y = 0
                while y < height {
                    pixels[y * stride + x] = byte(scratch[y])
                    y += 1
                }
            }
        }
        if sigma < smallestBoxedSigma {
            let radius = Int((3 * sigma).rounded(.up))
            let weights = (-radius...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
            let total = weights.reduce(0, +)
            let kernel = weights.map { $0 / total }
            kernel.withUnsafeBufferPointer { kernel in
                guard let weights = kernel.baseAddress else { return }
                passes { count in convolve(line, into: scratch, count: count, kernel: weights, radius: radius) }
            }
            return
        }
        for box in boxWidths(sigma: sigma) where box > 1 {
            passes { count in boxPass(line, into: scratch, count: count, radius: box / 2) }
        }
    }

    /// `value` rounded to the nearest whole number within 0...255.
    private static func byte(_ value: Double) -> UInt8 {
        let rounded = value.rounded()
        return rounded >= 255 ? 255 : rounded <= 0 ? 0 : UInt8(rounded)
    }

    /// Each value's weighted sum with `kernel` (2 × `radius` + 1 weights, centred), values outside `0..<count` taken
    /// as 0.
    static func convolve(
        _ input: UnsafeMutablePointer<Double>, into output: UnsafeMutablePointer<Double>, count: Int, kernel: UnsafePointer<Double>,
        radius: Int
    ) {
        var index = 0
        while index < count {
            var sum = 0.0
            var offset = -radius
            while offset <= radius {
                let at = index + offset
                if at >= 0 && at < count { sum += input[at] * kernel[offset + radius] }
                offset += 1
            }
            output[index] = sum
            index += 1
        }
    }

    /// The mean of each value's window of 2 × `radius` + 1, values outside `0..<count` taken as 0.
    static func boxPass(_ input: UnsafeMutablePointer<Double>, into output: UnsafeMutablePointer<Double>, count: Int, radius: Int) {
        let width = Double(2 * radius + 1)
        var sum = 0.0
        var index = 0
        let first = radius < count - 1 ? radius : count - 1
        while index <= first {
            sum += input[index]
            index += 1
        }
        index = 0
        while index < count {
            output[index] = sum / width
            let entering = index + radius + 1
            let leaving = index - radius
            if entering < count { sum += input[entering] }
            if leaving >= 0 { sum -= input[leaving] }
            index += 1
        }
    }
}
