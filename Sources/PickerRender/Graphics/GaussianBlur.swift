/// Blurs an 8-bit alpha mask with a Gaussian of standard deviation `sigma` pixels.
///
/// The Gaussian is approximated by three box blurs in each direction (Kovesi, "Fast almost-Gaussian filtering",
/// 2010), each a running sum, so the cost does not grow with the radius. Outside the mask counts as transparent.
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

    /// Blurs `pixels` (`width` × `height` bytes, rows `stride` bytes apart) in place.
    package static func blur(_ pixels: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, sigma: Double) {
        guard sigma > 0, width > 0, height > 0 else { return }
        var line = [Double](repeating: 0, count: max(width, height))
        var scratch = line
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
