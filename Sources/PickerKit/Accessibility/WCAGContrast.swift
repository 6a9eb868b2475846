import FoundationEssentials
import Glibc

/// WCAG 2.2's relative luminance and contrast ratio, and its rule for large-scale text: the one place the audit's
/// arithmetic lives.
///
/// Definitions: https://www.w3.org/TR/WCAG22/#dfn-relative-luminance (sRGB channels linearised with the 0.04045
/// threshold, L = 0.2126 R + 0.7152 G + 0.0722 B), https://www.w3.org/TR/WCAG22/#dfn-contrast-ratio
/// ((L1 + 0.05) / (L2 + 0.05), the lighter over the darker) and https://www.w3.org/TR/WCAG22/#dfn-large-scale
/// (at least 18 point, or 14 point bold; technique G145: 24 and about 18.5 CSS pixels, which an iOS point is).
public enum WCAGContrast {
    /// The relative luminance of an sRGB colour whose channels are 0…1; 0 for black, 1 for white.
    public static func relativeLuminance(red: Double, green: Double, blue: Double) -> Double {
        0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// The relative luminance of an 8-bit sRGB colour, from a table of the 256 linearised channel values.
    public static func relativeLuminance(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Double {
        0.2126 * linearTable[Int(red)] + 0.7152 * linearTable[Int(green)] + 0.0722 * linearTable[Int(blue)]
    }

    /// The contrast ratio of two relative luminances, 1 (the same) to 21 (black on white), in either order.
    public static func ratio(_ first: Double, _ second: Double) -> Double {
        (max(first, second) + 0.05) / (min(first, second) + 0.05)
    }

    /// True for text WCAG calls large-scale: `size` points (an iOS point is a CSS pixel) at least 24, or at least
    /// 14 × 4/3 (18.67) when `weight` is bold (700 or more).
    public static func isLargeText(size: Double, weight: Int) -> Bool {
        size >= 24 || (weight >= 700 && size >= 14 * 4 / 3)
    }

    /// A channel 0…1 linearised as WCAG 2.2 says.
    static func linear(_ channel: Double) -> Double {
        channel <= 0.04045 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
    }

    private static let linearTable: [Double] = (0...255).map { linear(Double($0) / 255) }
}
