/// SwiftUI's and UIKit's named colours with their iOS light and dark values (sRGB), from Apple's Human Interface
/// Guidelines colour table (iOS 15–17), as listed in docs/ios-appearance.md.
package enum NamedColor: String, CaseIterable, Hashable, Sendable {
    case accent, blue, brown, cyan, gray, green, indigo, mint, orange, pink, purple, red, teal, yellow
    case black, white, primary, secondary, clear, systemBackground, tertiarySystemFill

    /// The value in `scheme`; with `increasedContrast`, the value the Increase Contrast setting gives, where the
    /// Human Interface Guidelines list one (`increasedContrastValue`).
    package func value(in scheme: ColorScheme, increasedContrast: Bool = false) -> RGBAColor {
        if increasedContrast, let value = increasedContrastValue(in: scheme) { return value }
        let dark = scheme == .dark
        switch self {
        case .accent, .blue: return RGBAColor(hex: dark ? 0x0A84FF : 0x007AFF)
        case .brown: return RGBAColor(hex: dark ? 0xAC8E68 : 0xA2845E)
        case .cyan: return RGBAColor(hex: dark ? 0x64D2FF : 0x32ADE6)
        case .gray: return RGBAColor(hex: 0x8E8E93)
        case .green: return RGBAColor(hex: dark ? 0x30D158 : 0x34C759)
        case .indigo: return RGBAColor(hex: dark ? 0x5E5CE6 : 0x5856D6)
        case .mint: return RGBAColor(hex: dark ? 0x63E6E2 : 0x00C7BE)
        case .orange: return RGBAColor(hex: dark ? 0xFF9F0A : 0xFF9500)
        case .pink: return RGBAColor(hex: dark ? 0xFF375F : 0xFF2D55)
        case .purple: return RGBAColor(hex: dark ? 0xBF5AF2 : 0xAF52DE)
        case .red: return RGBAColor(hex: dark ? 0xFF453A : 0xFF3B30)
        case .teal: return RGBAColor(hex: dark ? 0x40C8E0 : 0x30B0C7)
        case .yellow: return RGBAColor(hex: dark ? 0xFFD60A : 0xFFCC00)
        case .black: return RGBAColor(hex: 0x000000)
        case .white: return RGBAColor(hex: 0xFFFFFF)
        case .primary: return RGBAColor(hex: dark ? 0xFFFFFF : 0x000000)
        case .secondary:
            return dark
                ? RGBAColor(red: 235 / 255, green: 235 / 255, blue: 245 / 255, alpha: 0.6)
                : RGBAColor(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.6)
        case .clear: return .clear
        case .systemBackground: return RGBAColor(hex: dark ? 0x000000 : 0xFFFFFF)
        case .tertiarySystemFill: return RGBAColor(red: 118 / 255, green: 118 / 255, blue: 128 / 255, alpha: dark ? 0.24 : 0.12)
        }
    }
}

extension NamedColor {
    /// The colour's value with Increase Contrast on (docs/ios-appearance.md): the "Increased contrast" columns of
    /// Apple's Human Interface Guidelines colour table for the system colours, and for the semantic ones the values
    /// UIKit gives on a device; nil where neither has a different value (black, white, clear, `primary`,
    /// `systemBackground`, and `tertiarySystemFill` in light mode), which keep theirs.
    package func increasedContrastValue(in scheme: ColorScheme) -> RGBAColor? {
        let dark = scheme == .dark
        switch self {
        case .accent, .blue: return RGBAColor(hex: dark ? 0x409CFF : 0x0040DD)
        case .brown: return RGBAColor(hex: dark ? 0xB59469 : 0x7F6545)
        case .cyan: return RGBAColor(hex: dark ? 0x70D7FF : 0x0071A4)
        case .gray: return RGBAColor(hex: dark ? 0xAEAEB2 : 0x6C6C70)
        case .green: return RGBAColor(hex: dark ? 0x30DB5B : 0x248A3D)
        case .indigo: return RGBAColor(hex: dark ? 0x7D7AFF : 0x3634A3)
        case .mint: return RGBAColor(hex: dark ? 0x63E6E2 : 0x0C817B)
        case .orange: return RGBAColor(hex: dark ? 0xFFB340 : 0xC93400)
        case .pink: return RGBAColor(hex: dark ? 0xFF6482 : 0xD30F45)
        case .purple: return RGBAColor(hex: dark ? 0xDA8FFF : 0x8944AB)
        case .red: return RGBAColor(hex: dark ? 0xFF6961 : 0xD70015)
        case .teal: return RGBAColor(hex: dark ? 0x5DE6FF : 0x008299)
        case .yellow: return RGBAColor(hex: dark ? 0xFFD426 : 0xB25000)
        case .secondary:
            return dark
                ? RGBAColor(red: 235 / 255, green: 235 / 255, blue: 245 / 255, alpha: 178 / 255)
                : RGBAColor(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.8)
        case .tertiarySystemFill: return dark ? RGBAColor(red: 118 / 255, green: 118 / 255, blue: 128 / 255, alpha: 0.32) : nil
        case .black, .white, .primary, .clear, .systemBackground: return nil
        }
    }
}

/// Light or dark appearance, as SwiftUI's `ColorScheme`: named colours take the scheme's value.
public enum ColorScheme: String, CaseIterable, Hashable, Sendable {
    /// The default, light appearance.
    case light
    /// Dark mode.
    case dark
}
