/// What identifies an item, as the seed's `Equatable` items do: a string or an integer, compared strictly, so the
/// string `"2"` and the integer `2` are different items.
///
/// Selections name items by their value; write it as a literal: `"Week"` or `2`.
public enum ItemValue: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    /// A text value.
    case string(String)
    /// An integer value.
    case integer(Int)

    /// A text value.
    public init(stringLiteral value: String) {
        self = .string(value)
    }

    /// An integer value.
    public init(integerLiteral value: Int) {
        self = .integer(value)
    }

    /// The value's text: the string itself, or the integer in decimal.
    ///
    /// An item shows it unless it has a label.
    public var text: String {
        switch self {
        case .string(let text): return text
        case .integer(let number): return String(number)
        }
    }

    /// The value as JSON writes it: strings quoted, integers bare.
    public var description: String {
        switch self {
        case .string(let text): return "\"\(text)\""
        case .integer(let number): return String(number)
        }
    }
}
