/// Parses the colour strings a spec may hold: `#RGB`, `#RRGGBB`, `#RRGGBBAA`, and SwiftUI's named colours.
public enum ColorParser {
    /// SwiftUI's named colours with their iOS light-mode values.
    public static let namedColors: [(name: String, color: RGBAColor)] = [
        ("accent", RGBAColor(hex: 0x007AFF)),
        ("blue", RGBAColor(hex: 0x007AFF)),
        ("brown", RGBAColor(hex: 0xA2845E)),
        ("cyan", RGBAColor(hex: 0x32ADE6)),
        ("gray", RGBAColor(hex: 0x8E8E93)),
        ("green", RGBAColor(hex: 0x34C759)),
        ("indigo", RGBAColor(hex: 0x5856D6)),
        ("mint", RGBAColor(hex: 0x00C7BE)),
        ("orange", RGBAColor(hex: 0xFF9500)),
        ("pink", RGBAColor(hex: 0xFF2D55)),
        ("purple", RGBAColor(hex: 0xAF52DE)),
        ("red", RGBAColor(hex: 0xFF3B30)),
        ("teal", RGBAColor(hex: 0x30B0C7)),
        ("yellow", RGBAColor(hex: 0xFFCC00)),
        ("black", RGBAColor(hex: 0x000000)),
        ("white", RGBAColor(hex: 0xFFFFFF)),
        ("primary", RGBAColor(hex: 0x000000)),
        ("secondary", RGBAColor(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.6)),
        ("clear", RGBAColor.clear),
    ]

    /// The colour `text` names, or nil when it is neither a known name nor a well-formed hex colour.
    public static func color(from text: String) -> RGBAColor? {
        if let named = namedColors.first(where: { $0.name == text }) {
            return named.color
        }
        guard text.hasPrefix("#") else { return nil }
        let digits = Array(text.utf8.dropFirst())
        guard digits.allSatisfy({ hexValue($0) != nil }) else { return nil }
        let values = digits.compactMap(hexValue)
        switch values.count {
        case 3:
            return RGBAColor(
                red: Double(values[0] * 17) / 255, green: Double(values[1] * 17) / 255,
                blue: Double(values[2] * 17) / 255)
        case 6, 8:
            let bytes = stride(from: 0, to: values.count, by: 2).map { Double(values[$0] * 16 + values[$0 + 1]) / 255 }
            return RGBAColor(red: bytes[0], green: bytes[1], blue: bytes[2], alpha: bytes.count == 4 ? bytes[3] : 1)
        default:
            return nil
        }
    }

    private static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return Int(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return Int(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }
}
