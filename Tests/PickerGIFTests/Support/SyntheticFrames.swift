import Foundation
import PickerKit

/// Picker-like test pictures made in code: a track, anti-aliased "labels", and a rounded highlight that slides
/// between segments with an ease-in-out, then holds.
struct SyntheticPicker {
    var width = 240
    var height = 48
    /// nil for a transparent ("clear") background.
    var background: (Double, Double, Double)? = (0.95, 0.95, 0.97)
    var segments = 3
    /// Frames spent moving from segment 0 to the last one; later frames hold.
    var movingFrames = 12

    /// Frame `index`.
    func frame(_ index: Int) -> RGBAImage {
        let progress = min(Double(index) / Double(max(movingFrames, 1)), 1)
        let eased = progress * progress * (3 - 2 * progress)
        let segmentWidth = Double(width) / Double(segments)
        let highlightX = eased * segmentWidth * Double(segments - 1)
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let px = Double(x) + 0.5
                let py = Double(y) + 0.5
                // Start from the background (or nothing).
                var color = background ?? (0, 0, 0)
                var alpha = background == nil ? 0.0 : 1.0
                // The track: a rounded rect inset by 2 px, a soft grey-blue gradient.
                let track = coverage(px, py, x0: 2, y0: 2, x1: Double(width) - 2, y1: Double(height) - 2, radius: 10)
                let trackColor = (0.82 - 0.1 * py / Double(height), 0.84 - 0.08 * py / Double(height), 0.9)
                (color, alpha) = over(trackColor, track, color, alpha)
                // The highlight, white, with a 1 px soft edge.
                let highlight = coverage(
                    px, py, x0: highlightX + 4, y0: 4, x1: highlightX + segmentWidth - 4, y1: Double(height) - 4, radius: 8)
                (color, alpha) = over((1, 1, 1), highlight, color, alpha)
                // "Text": a few anti-aliased round blobs per segment, dark on the track.
                for segment in 0..<segments {
                    let centreX = (Double(segment) + 0.5) * segmentWidth
                    for letter in -2...2 {
                        let dx = px - (centreX + Double(letter) * 9)
                        let dy = py - Double(height) / 2
                        let distance = (dx * dx + dy * dy * 0.5).squareRoot()
                        let ink = min(max(3.5 - distance, 0), 1)
                        (color, alpha) = over((0.15, 0.15, 0.2), ink, color, alpha)
                    }
                }
                image.setPixel(x: x, y: y, to: (byte(color.0), byte(color.1), byte(color.2), byte(alpha)))
            }
        }
        return image
    }

    /// How much of the pixel at (px, py) a rounded rect covers, with a 1 px linear edge.
    private func coverage(_ px: Double, _ py: Double, x0: Double, y0: Double, x1: Double, y1: Double, radius: Double) -> Double {
        let cx = min(max(px, x0 + radius), x1 - radius)
        let cy = min(max(py, y0 + radius), y1 - radius)
        let distance = ((px - cx) * (px - cx) + (py - cy) * (py - cy)).squareRoot() - radius
        return min(max(0.5 - distance, 0), 1)
    }

    /// Straight-alpha "over".
    private func over(_ top: (Double, Double, Double), _ topAlpha: Double, _ bottom: (Double, Double, Double), _ bottomAlpha: Double)
        -> ((Double, Double, Double), Double)
    {
        let alpha = topAlpha + bottomAlpha * (1 - topAlpha)
        guard alpha > 0 else { return ((0, 0, 0), 0) }
        func mix(_ a: Double, _ b: Double) -> Double { (a * topAlpha + b * bottomAlpha * (1 - topAlpha)) / alpha }
        return ((mix(top.0, bottom.0), mix(top.1, bottom.1), mix(top.2, bottom.2)), alpha)
    }

    private func byte(_ value: Double) -> UInt8 {
        UInt8(min(max(value * 255, 0), 255).rounded())
    }
}

/// Mean absolute difference over all four channels of every pixel, 0 to 255.
func meanAbsoluteError(_ a: RGBAImage, _ b: RGBAImage) -> Double {
    var total = 0
    for offset in stride(from: 0, to: a.pixels.count, by: 4) {
        for channel in 0..<3 {
            total += abs(Int(a.pixels[offset + channel]) - Int(b.pixels[offset + channel]))
        }
        total += abs(Int(a.pixels[offset + 3]) - Int(b.pixels[offset + 3]))
    }
    return Double(total) / Double(a.pixels.count)
}
