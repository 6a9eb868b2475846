/// A colour with straight (not premultiplied) alpha, each channel from 0 to 1, in sRGB.
package struct RGBAColor: Equatable, Hashable, Sendable {
    /// Red, 0…1.
    package var red: Double
    /// Green, 0…1.
    package var green: Double
    /// Blue, 0…1.
    package var blue: Double
    /// Opacity, 0 (transparent) … 1 (opaque).
    package var alpha: Double

    /// Creates a colour from channels in 0…1.
    package init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Creates an opaque colour from a 24-bit 0xRRGGBB value.
    package init(hex: UInt32, alpha: Double = 1) {
        self.init(
            red: Double((hex >> 16) & 0xFF) / 255,
            green: Double((hex >> 8) & 0xFF) / 255,
            blue: Double(hex & 0xFF) / 255,
            alpha: alpha)
    }

    /// Fully transparent black, SwiftUI's `Color.clear`.
    package static let clear = RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)

    /// The same colour with its alpha multiplied by `factor`, as SwiftUI's `.opacity(_:)` does.
    package func multiplyingAlpha(by factor: Double) -> RGBAColor {
        RGBAColor(red: red, green: green, blue: blue, alpha: alpha * factor)
    }

    /// `#RRGGBB`, or `#RRGGBBAA` when not opaque, for SVG and messages.
    package var hexString: String {
        func byte(_ value: Double) -> String {
            let clamped = Int((Swift.min(Swift.max(value, 0), 1) * 255).rounded())
            let text = String(clamped, radix: 16, uppercase: true)
            return text.count == 1 ? "0" + text : text
        }
        let opaque = "#" + byte(red) + byte(green) + byte(blue)
        return alpha >= 1 ? opaque : opaque + byte(alpha)
    }
}
