/// One option of the picker: a JSON string or integer, compared strictly as the seed's `Equatable` items are,
/// so the string `"2"` and the integer `2` are different items.
public enum Item: Hashable, Sendable, CustomStringConvertible {
    /// A text item; its label is the text itself.
    case string(String)
    /// An integer item; its label is its decimal form.
    case integer(Int)

    /// The text drawn in the item's segment.
    public var label: String {
        switch self {
        case .string(let text): return text
        case .integer(let number): return String(number)
        }
    }

    /// The item as it is written in JSON: strings quoted, integers bare.
    public var description: String {
        switch self {
        case .string(let text): return "\"\(text)\""
        case .integer(let number): return String(number)
        }
    }
}
