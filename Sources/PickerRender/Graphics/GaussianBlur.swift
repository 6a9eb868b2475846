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
    package static func blur(_ pixels: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, sigma: Double) {
        guard sigma > 0, width > 0, height > 0 else { return }
        var line = [Double](repeating: 0, count: max(width, height))
        var scratch = line
        if sigma < smallestBoxedSigma {
            let radius = Int((3 * sigma).rounded(.up))
            let weights = (-radius...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
            let total = weights.reduce(0, +)
            let kernel = weights.map { $0 / total }
            for y in 0..<height {
                let row = pixels + y * stride
                for x in 0..<width { line[x] = Double(row[x]) }
                convolve(line, into: &scratch, count: width, kernel: kernel)
                for x in 0..<width { row[x] = UInt8(min(255, max(0, scratch[x].rounded()))) }
            }
            for x in 0..<width {
                for y in 0..<height { line[y] = Double(pixels[y * stride + x]) }
                convolve(line, into: &scratch, count: height, kernel: kernel)
                for y in 0..<height { pixels[y * stride + x] = UInt8(min(255, max(0, scratch[y].rounded()))) }
            }
            return
        }
        for box in boxWidths(sigma: sigma) where box > 1 {
            let radius = box / 2
            for y in 0..<height {
                let row = pixels + y * stride
                for x in 0..<width { line[x] = Double(row[x]) }
                boxPass(&line, into: &scratch, count: width, radius: radius)
                for x in 0..<width { row[x] = UInt8(min(255, max(0, scratch[x].rounded()))) }
            }
            for x in 0..<width {
                for y in 0..<height { line[y] = Double(pixels[y * stride + x]) }
                boxPass(&line, into: &scratch, count: height, radius: radius)
                for y in 0..<height { pixels[y * stride + x] = UInt8(min(255, max(0, scratch[y].rounded()))) }
            }
        }
    }

    /// Each value's weighted sum with `kernel` (odd length, centred), values outside `0..<count` taken as 0.
    static func convolve(_ input: [Double], into output: inout [Double], count: Int, kernel: [Double]) {
        let radius = kernel.count / 2
        for index in 0..<count {
            var sum = 0.0
            for offset in -radius...radius where (0..<count).contains(index + offset) {
                sum += input[index + offset] * kernel[offset + radius]
            }
            output[index] = sum
        }
    }

    /// The mean of each value's window of 2 × `radius` + 1, values outside `0..<count` taken as 0.
    static func boxPass(_ input: inout [Double], into output: inout [Double], count: Int, radius: Int) {
        let width = Double(2 * radius + 1)
        var sum = 0.0
        for index in 0...min(radius, count - 1) { sum += input[index] }
        for index in 0..<count {
            output[index] = sum / width
            let entering = index + radius + 1
            let leaving = index - radius
            if entering < count { sum += input[entering] }
            if leaving >= 0 { sum -= input[leaving] }
        }
    }
}
