import Foundation
import PickerKit

/// How many pixels two pictures show differently.
///
/// A pixel differs when its alpha differs, or its colour where alpha is not 0 (the colour of a fully
/// transparent pixel cannot be seen, and WebP does not keep it). All of them differ when the sizes do.
public func visiblyDifferingPixels(_ first: RGBAImage, _ second: RGBAImage) -> Int {
    guard first.width == second.width, first.height == second.height, first.pixels.count == second.pixels.count else {
        return max(first.width * first.height, 1)
    }
    var count = 0
    for offset in stride(from: 0, to: first.pixels.count, by: 4) {
        let alpha = first.pixels[offset + 3]
        if alpha != second.pixels[offset + 3] {
            count += 1
        } else if alpha != 0, first.pixels[offset..<offset + 3] != second.pixels[offset..<offset + 3] {
            count += 1
        }
    }
    return count
}

/// The peak signal-to-noise ratio between two pictures of the same size, composited over white, in dB (100 for
/// identical pictures, 0 when the sizes differ).
public func psnrOverWhite(_ first: RGBAImage, _ second: RGBAImage) -> Double {
    guard first.width == second.width, first.height == second.height, first.pixels.count == second.pixels.count else { return 0 }
    var squared = 0.0
    for offset in stride(from: 0, to: first.pixels.count, by: 4) {
        let alphaA = Double(first.pixels[offset + 3]) / 255
        let alphaB = Double(second.pixels[offset + 3]) / 255
        for channel in 0..<3 {
            let a = Double(first.pixels[offset + channel]) * alphaA + 255 * (1 - alphaA)
            let b = Double(second.pixels[offset + channel]) * alphaB + 255 * (1 - alphaB)
            squared += (a - b) * (a - b)
        }
    }
    let mean = squared / Double(first.width * first.height * 3)
    guard mean > 0 else { return 100 }
    return min(100, 10 * log10(255 * 255 / mean))
}
