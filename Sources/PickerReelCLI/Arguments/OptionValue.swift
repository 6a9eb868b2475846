import PickerKit

/// How option values are read and shown: numbers by the spec's own grammar, and values quoted in messages cut to a
/// bounded prefix, so that a megabyte argument gives a one-line message.
enum OptionValue {
    /// The most characters of a value a message quotes.
    static let shownCharacters = 40

    /// `text` for a message: its first `shownCharacters` characters, then `…` when there were more.
    static func shown(_ text: some StringProtocol) -> String {
        text.count > shownCharacters ? text.prefix(shownCharacters) + "…" : String(text)
    }

    /// The decimal number `text` spells, as a spec's numbers are read (`DecimalNumber`); nil for anything else,
    /// hexadecimal, `inf` and `nan` included.
    static func decimal(_ text: some StringProtocol) -> Double? {
        DecimalNumber.parse(String(text))
    }
}
