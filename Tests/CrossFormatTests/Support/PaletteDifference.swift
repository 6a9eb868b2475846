import PickerKit

extension RGBAImage {
    /// The picture as a GIF can hold it, worked out here from the encoder's documented rule rather than its code:
    /// with a matte (red, green, blue bytes), pixels with alpha under 8 transparent and the rest blended over it and
    /// opaque; without, alpha under 128 transparent and the rest opaque in their own colour.
    func withGIFAlpha(matte: [UInt8]?) -> RGBAImage {
        var copy = self
        copy.withUnsafeMutablePixels { bytes in
            for offset in stride(from: 0, to: bytes.count, by: 4) {
                let alpha = Int(bytes[offset + 3])
                if alpha < (matte == nil ? 128 : 8) {
                    for channel in 0..<4 { bytes[offset + channel] = 0 }
                    continue
                }
                if let matte, matte.count == 3 {
                    for channel in 0..<3 {
                        bytes[offset + channel] = UInt8(
                            (Int(bytes[offset + channel]) * alpha + Int(matte[channel]) * (255 - alpha) + 127) / 255)
                    }
                }
                bytes[offset + 3] = 255
            }
        }
        return copy
    }
}

/// How far a GIF frame is from the picture it was made of (already given GIF's one-bit alpha): where their
/// transparency differs, the largest colour error of an opaque pixel, and the largest error of a 4 × 4 block's mean
/// colour (which dithering keeps close, since it spreads each pixel's error to its neighbours).
struct PaletteDifference {
    /// Pixels transparent in one picture and opaque in the other.
    let alphaMismatches: Int
    /// The largest difference of one channel of one pixel opaque in both, in levels.
    let largestPixelError: Int
    /// The largest difference of one channel's mean over a 4 × 4 block (over its pixels opaque in both).
    let largestBlockMeanError: Double

    init(expected: RGBAImage, actual: RGBAImage) {
        let (width, height) = (expected.width, expected.height)
        var mismatches = 0
        var largest = 0
        var largestMean = 0.0
        expected.pixels.withUnsafeBufferPointer { e in
            actual.pixels.withUnsafeBufferPointer { a in
                for top in stride(from: 0, to: height, by: 4) {
                    for left in stride(from: 0, to: width, by: 4) {
                        var sums = [0, 0, 0]
                        var count = 0
                        for y in top..<min(top + 4, height) {
                            for x in left..<min(left + 4, width) {
                                let at = (y * width + x) * 4
                                let (expectedOpaque, actualOpaque) = (e[at + 3] != 0, a[at + 3] != 0)
                                if expectedOpaque != actualOpaque { mismatches += 1 }
                                guard expectedOpaque && actualOpaque else { continue }
                                count += 1
                                for channel in 0..<3 {
                                    let difference = Int(a[at + channel]) - Int(e[at + channel])
                                    largest = max(largest, abs(difference))
                                    sums[channel] += difference
                                }
                            }
                        }
                        if count > 0 {
                            for sum in sums { largestMean = max(largestMean, abs(Double(sum) / Double(count))) }
                        }
                    }
                }
            }
        }
        alphaMismatches = mismatches
        largestPixelError = largest
        largestBlockMeanError = largestMean
    }
}
