/// The DTCG token types a spec field can take (Format module 2025.10, "Types" and "Composite types"), and the
/// others a token file may hold, which no picker field takes.
package enum TokenType: String, CaseIterable, Sendable {
    case color
    case dimension
    case fontFamily
    case fontWeight
    case duration
    case cubicBezier
    case number
    case typography
    case transition
    case strokeStyle
    case border
    case shadow
    case gradient

    /// The type as a message says it: "a color", "a dimension", "a typography".
    package var phrase: String {
        let word = rawValue
        let article = ["a", "e", "i", "o", "u"].contains(word.prefix(1)) ? "an" : "a"
        return "\(article) \(word)"
    }
}
