/// A colour in a spec: one of SwiftUI's named colours (which take their dark-mode value in a dark picker) or a
/// fixed sRGB colour with 8 bits a channel.
///
/// Write `.indigo`, `.hex("#5856D6")` or `.rgb(red: 0.2, green: 0.4, blue: 1)` in Swift, and a name or `"#RGB"`,
/// `"#RRGGBB"`, `"#RRGGBBAA"` in JSON. A malformed hex string does not trap: it makes a colour that validation
/// (`PickerSpec.validate()`, `Renderer(_:)`) reports as a `SpecError` at the field that holds it.
public struct PickerColor: Hashable, Sendable, CustomStringConvertible {
    package enum Value: Hashable, Sendable {
        /// A SwiftUI colour, by name.
        case named(NamedColor)
        /// A fixed colour: red, green, blue, alpha bytes, straight alpha.
        case rgba(UInt8, UInt8, UInt8, UInt8)
        /// Text that is neither a name nor a hex colour, kept so validation can say what was wrong.
        case invalid(String)
    }

    package let value: Value

    package init(_ value: Value) {
        self.value = value
    }

    /// The colour a spec writes as `text`: a SwiftUI name (`"indigo"`) or `#RGB`, `#RRGGBB`, `#RRGGBBAA`; nil for
    /// anything else.
    public init?(_ text: String) {
        if let named = NamedColor(rawValue: text) {
            value = .named(named)
        } else if let bytes = Self.hexBytes(text) {
            value = .rgba(bytes.0, bytes.1, bytes.2, bytes.3)
        } else {
            return nil
        }
    }

    /// A fixed colour from `#RGB`, `#RRGGBB` or `#RRGGBBAA`; other text makes a colour that validation rejects.
    public static func hex(_ text: String) -> PickerColor {
        guard let bytes = hexBytes(text) else { return PickerColor(.invalid(text)) }
        return PickerColor(.rgba(bytes.0, bytes.1, bytes.2, bytes.3))
    }

    /// A fixed colour from channels in 0…1, rounded to 8 bits; values outside 0…1 are clamped.
    public static func rgb(red: Double, green: Double, blue: Double, opacity: Double = 1) -> PickerColor {
        func byte(_ channel: Double) -> UInt8 {
            guard channel.isFinite else { return 0 }
            return UInt8((min(max(channel, 0), 1) * 255).rounded())
        }
        return PickerColor(.rgba(byte(red), byte(green), byte(blue), byte(opacity)))
    }

    /// How the colour is written in a spec: its name, or `#RRGGBB` (`#RRGGBBAA` when not opaque).
    public var description: String {
        switch value {
        case .named(let named): return named.rawValue
        case .rgba(let red, let green, let blue, let alpha):
            let opaque = "#" + Self.hexByte(red) + Self.hexByte(green) + Self.hexByte(blue)
            return alpha == 255 ? opaque : opaque + Self.hexByte(alpha)
        case .invalid(let text): return text
        }
    }

    /// True for a well-formed colour drawn fully opaque (in a light picker): what a GIF or video matte must be.
    public var isOpaque: Bool { (resolved(in: .light)?.alpha ?? 0) >= 1 }

    /// The sRGB value drawn in a picker of `scheme` (with Increase Contrast on when `increasedContrast`); nil for a
    /// malformed colour (which validation rejects first).
    package func resolved(in scheme: ColorScheme, increasedContrast: Bool = false) -> RGBAColor? {
        switch value {
        case .named(let named): return named.value(in: scheme, increasedContrast: increasedContrast)
        case .rgba(let red, let green, let blue, let alpha):
            return RGBAColor(red: Double(red) / 255, green: Double(green) / 255, blue: Double(blue) / 255, alpha: Double(alpha) / 255)
        case .invalid: return nil
        }
    }

    private static func hexBytes(_ text: String) -> (UInt8, UInt8, UInt8, UInt8)? {
        let digits = Array(text.utf8)
        guard digits.first == UInt8(ascii: "#") else { return nil }
        let values = digits.dropFirst().map(hexValue)
        guard values.allSatisfy({ $0 != nil }) else { return nil }
        let nibbles = values.compactMap { $0 }
        switch nibbles.count {
        case 3:
            return (nibbles[0] * 17, nibbles[1] * 17, nibbles[2] * 17, 255)
        case 6, 8:
            let bytes = Swift.stride(from: 0, to: nibbles.count, by: 2).map { nibbles[$0] * 16 + nibbles[$0 + 1] }
            return (bytes[0], bytes[1], bytes[2], bytes.count == 4 ? bytes[3] : 255)
        default:
            return nil
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    private static func hexByte(_ byte: UInt8) -> String {
        let text = String(byte, radix: 16, uppercase: true)
        return text.count == 1 ? "0" + text : text
    }
}

extension PickerColor {
    /// SwiftUI's `Color.accentColor` with no app tint: blue.
    public static let accent = PickerColor(.named(.accent))
    /// `Color.blue`: #007AFF, dark #0A84FF.
    public static let blue = PickerColor(.named(.blue))
    /// `Color.brown`: #A2845E, dark #AC8E68.
    public static let brown = PickerColor(.named(.brown))
    /// `Color.cyan`: #32ADE6, dark #64D2FF.
    public static let cyan = PickerColor(.named(.cyan))
    /// `Color.gray`: #8E8E93 in both schemes.
    public static let gray = PickerColor(.named(.gray))
    /// `Color.green`: #34C759, dark #30D158.
    public static let green = PickerColor(.named(.green))
    /// `Color.indigo`: #5856D6, dark #5E5CE6.
    public static let indigo = PickerColor(.named(.indigo))
    /// `Color.mint`: #00C7BE, dark #63E6E2.
    public static let mint = PickerColor(.named(.mint))
    /// `Color.orange`: #FF9500, dark #FF9F0A.
    public static let orange = PickerColor(.named(.orange))
    /// `Color.pink`: #FF2D55, dark #FF375F.
    public static let pink = PickerColor(.named(.pink))
    /// `Color.purple`: #AF52DE, dark #BF5AF2.
    public static let purple = PickerColor(.named(.purple))
    /// `Color.red`: #FF3B30, dark #FF453A.
    public static let red = PickerColor(.named(.red))
    /// `Color.teal`: #30B0C7, dark #40C8E0.
    public static let teal = PickerColor(.named(.teal))
    /// `Color.yellow`: #FFCC00, dark #FFD60A.
    public static let yellow = PickerColor(.named(.yellow))
    /// `Color.black`, the same in both schemes.
    public static let black = PickerColor(.named(.black))
    /// `Color.white`, the same in both schemes.
    public static let white = PickerColor(.named(.white))
    /// `Color.primary` (UIKit's label): black, white in dark mode.
    public static let primary = PickerColor(.named(.primary))
    /// `Color.secondary` (secondaryLabel): rgba(60, 60, 67, 0.6), dark rgba(235, 235, 245, 0.6).
    public static let secondary = PickerColor(.named(.secondary))
    /// `Color.clear`: fully transparent.
    public static let clear = PickerColor(.named(.clear))
    /// UIKit's systemBackground: white, black in dark mode.
    public static let systemBackground = PickerColor(.named(.systemBackground))
    /// UIKit's tertiarySystemFill: rgba(118, 118, 128, 0.12), dark 0.24; the segmented control's track.
    public static let tertiarySystemFill = PickerColor(.named(.tertiarySystemFill))
}
