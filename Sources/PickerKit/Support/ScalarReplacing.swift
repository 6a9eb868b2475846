extension StringProtocol {
    /// The text with every Unicode scalar that `replacements` names replaced by its text, in one pass.
    ///
    /// Scalar by scalar, as Foundation's literal `replacingOccurrences(of:with:)` compares, so a character a
    /// combining mark follows, or the `\r` of a `\r\n`, is still found (the standard library's `replacing(_:with:)`
    /// compares whole characters and would miss both). Text put in is not looked at again.
    package func replacingScalars(_ replacements: [Unicode.Scalar: String]) -> String {
        var result = ""
        result.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            if let replacement = replacements[scalar] {
                result += replacement
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
