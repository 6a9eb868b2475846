extension StringProtocol {
    /// The text without spaces and tabs at either end (Foundation's `CharacterSet.whitespaces`: tab and Unicode's
    /// space separators), or, with `newlines`, without line breaks there either (`.whitespacesAndNewlines`).
    package func trimmingWhitespace(newlines: Bool = false) -> String {
        func isTrimmed(_ scalar: Unicode.Scalar) -> Bool {
            if scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator { return true }
            guard newlines else { return false }
            switch scalar.value {
            case 0x0A...0x0D, 0x85: return true
            default: return [.lineSeparator, .paragraphSeparator].contains(scalar.properties.generalCategory)
            }
        }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !isTrimmed($0) }),
            let last = scalars.lastIndex(where: { !isTrimmed($0) })
        else { return "" }
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars[first...last])
        return text
    }
}
