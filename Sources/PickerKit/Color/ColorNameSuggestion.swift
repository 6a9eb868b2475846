/// The did-you-mean of a colour name the spec does not know: `grey` is `gray`, `transparent` is `clear`.
///
/// What it buys a user: a message that names the colour to write instead of only listing what is accepted.
enum ColorNameSuggestion {
    /// Names other toolkits (CSS, UIKit, British English) give a colour SwiftUI names otherwise.
    static let aliases: [String: NamedColor] = [
        "grey": .gray, "transparent": .clear, "none": .clear, "systemgray": .gray, "accentcolor": .accent,
        "background": .systemBackground,
    ]

    /// The named colour `text` most likely means, or nil when it is far from every name (a hex colour is never
    /// guessed at).
    static func name(for text: String) -> String? {
        guard !text.hasPrefix("#"), text.count <= 64 else { return nil }
        let folded = text.lowercased().replacingScalars([" ": "", "-": "", "_": ""])
        if let alias = aliases[folded] { return alias.rawValue }
        return Suggestion.closest(to: folded, in: NamedColor.allCases.map(\.rawValue), maximumDistance: max(1, min(3, folded.count / 3)))
    }

    /// ` (did you mean "gray"?)`, or nothing.
    static func hint(for text: String) -> String {
        name(for: text).map { " (did you mean \"\($0)\"?)" } ?? ""
    }
}
