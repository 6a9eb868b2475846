extension StringProtocol {
    /// The word of a comma-separated list without spaces and tabs at either end (tab and Unicode's space separators).
    func trimmingSpaces() -> String {
        func isTrimmed(_ scalar: Unicode.Scalar) -> Bool { scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !isTrimmed($0) }), let last = scalars.lastIndex(where: { !isTrimmed($0) })
        else { return "" }
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars[first...last])
        return text
    }
}
