/// A number written as a spec writes one (JSON's grammar: decimal digits, an optional fraction and exponent), for
/// the values of command-line options, so that `--every 0.5` and `"after": 0.5` are read by one parser.
///
/// Hexadecimal (`0x10`), `inf`, `nan`, a leading `+` or `.`, and numbers too large for a double are not numbers.
package enum DecimalNumber {
    /// The value `text` spells, or nil when it is not one decimal number (surrounding spaces are allowed).
    package static func parse(_ text: String) -> Double? {
        guard case .number(let number)? = try? JSONParser.parse(Array(text.utf8)) else { return nil }
        return number.double
    }
}
