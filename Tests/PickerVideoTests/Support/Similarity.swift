import PickerKit

/// How close a decoded frame is to its source frame, both composited over one background colour.
enum Similarity {
    /// The part of `image` at its top left, `width` × `height` px (a decoded frame without its padding).
    static func cropped(_ image: RGBAImage, width: Int, height: Int) -> RGBAImage {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for row in 0..<height {
            let from = row * image.width * 4
            pixels.replaceSubrange(row * width * 4..<(row + 1) * width * 4, with: image.pixels[from..<from + width * 4])
        }
        return RGBAImage(width: width, height: height, pixels: pixels) ?? image
    }

    /// The three channels of `image` over `background`, as doubles, one plane after another.
    static func channels(_ image: RGBAImage, over background: (Double, Double, Double)) -> [[Double]] {
        var planes = [[Double]](repeating: [Double](repeating: 0, count: image.width * image.height), count: 3)
        let backdrop = [background.0, background.1, background.2]
        image.pixels.withUnsafeBufferPointer { pixels in
            for index in 0..<image.width * image.height {
                let alpha = Double(pixels[index * 4 + 3]) / 255
                for channel in 0..<3 {
                    planes[channel][index] = Double(pixels[index * 4 + channel]) * alpha + backdrop[channel] * (1 - alpha)
                }
            }
        }
        return planes
    }

    /// The mean over red, green and blue of each channel's SSIM, computed as scikit-image's
    /// `structural_similarity` does by default: 7 × 7 uniform windows, sample covariances, K1 0.01, K2 0.03,
    /// a range of 255, averaged over the windows that fit inside the picture.
    static func ssim(_ a: RGBAImage, _ b: RGBAImage, over background: (Double, Double, Double) = (255, 255, 255)) -> Double {
        let planesA = channels(a, over: background)
        let planesB = channels(b, over: background)
        let total = (0..<3).map { ssim(planesA[$0], planesB[$0], width: a.width, height: a.height) }.reduce(0, +)
        return total / 3
    }

    /// The mean absolute difference of each channel, in 0…255.
    static func meanAbsoluteError(_ a: RGBAImage, _ b: RGBAImage, over background: (Double, Double, Double) = (255, 255, 255)) -> [Double] {
        let planesA = channels(a, over: background)
        let planesB = channels(b, over: background)
        return (0..<3).map { channel in
            var sum = 0.0
            for index in 0..<planesA[channel].count { sum += abs(planesA[channel][index] - planesB[channel][index]) }
            return sum / Double(planesA[channel].count)
        }
    }

    /// How far `picture` is from `a` and from `b` where those two differ clearly; nil when they barely do.
    ///
    /// The mean absolute difference over the pixels where `a` and `b` differ by `threshold` or more (summed over
    /// R, G and B), nil when fewer than `minimumPixels` do. Tells which of two neighbouring source frames a
    /// decoded frame shows, however small the motion, without the codec's noise elsewhere deciding.
    static func distances(
        of picture: RGBAImage, to a: RGBAImage, and b: RGBAImage, threshold: Int = 60, minimumPixels: Int = 8
    ) -> (toA: Double, toB: Double)? {
        var (toA, toB, pixels) = (0, 0, 0)
        for index in 0..<a.width * a.height {
            var apart = 0
            var fromA = 0
            var fromB = 0
            for channel in 0..<3 {
                let offset = index * 4 + channel
                let (p, u, v) = (Int(picture.pixels[offset]), Int(a.pixels[offset]), Int(b.pixels[offset]))
                apart += abs(u - v)
                fromA += abs(p - u)
                fromB += abs(p - v)
            }
            guard apart >= threshold else { continue }
            toA += fromA
            toB += fromB
            pixels += 1
        }
        guard pixels >= minimumPixels else { return nil }
        return (Double(toA) / Double(pixels), Double(toB) / Double(pixels))
    }

    /// SSIM of one channel, from summed-area tables of x, y, x², y² and xy (unsafe buffers: this runs in debug
    /// builds over every frame).
    private static func ssim(_ x: [Double], _ y: [Double], width: Int, height: Int) -> Double {
        let window = 7
        guard width >= window, height >= window else { return x == y ? 1 : 0 }
        let stride = width + 1
        let plane = stride * (height + 1)
        var tables = [Double](repeating: 0, count: plane * 5)
        let count = Double(window * window)
        let covarianceNorm = count / (count - 1)
        let c1 = (0.01 * 255) * (0.01 * 255)
        let c2 = (0.03 * 255) * (0.03 * 255)
        return x.withUnsafeBufferPointer { x in
            y.withUnsafeBufferPointer { y in
                tables.withUnsafeMutableBufferPointer { t in
                    for row in 0..<height {
                        var (sx, sy, sxx, syy, sxy) = (0.0, 0.0, 0.0, 0.0, 0.0)
                        for column in 0..<width {
                            let u = x[row * width + column]
                            let v = y[row * width + column]
                            sx += u
                            sy += v
                            sxx += u * u
                            syy += v * v
                            sxy += u * v
                            let here = (row + 1) * stride + column + 1
                            let above = row * stride + column + 1
                            t[here] = t[above] + sx
                            t[plane + here] = t[plane + above] + sy
                            t[2 * plane + here] = t[2 * plane + above] + sxx
                            t[3 * plane + here] = t[3 * plane + above] + syy
                            t[4 * plane + here] = t[4 * plane + above] + sxy
                        }
                    }
                    var total = 0.0
                    for top in 0...(height - window) {
                        for left in 0...(width - window) {
                            let a = top * stride + left
                            let b = a + window
                            let c = a + window * stride
                            let d = c + window
                            func sum(_ table: Int) -> Double {
                                let base = table * plane
                                return t[base + d] - t[base + b] - t[base + c] + t[base + a]
                            }
                            let meanX = sum(0) / count
                            let meanY = sum(1) / count
                            let varianceX = covarianceNorm * (sum(2) / count - meanX * meanX)
                            let varianceY = covarianceNorm * (sum(3) / count - meanY * meanY)
                            let covariance = covarianceNorm * (sum(4) / count - meanX * meanY)
                            total +=
                                ((2 * meanX * meanY + c1) * (2 * covariance + c2))
                                / ((meanX * meanX + meanY * meanY + c1) * (varianceX + varianceY + c2))
                        }
                    }
                    return total / Double((height - window + 1) * (width - window + 1))
                }
            }
        }
    }
}
