/// The command line's did-you-mean hints: the known command or option closest to what the user typed.
enum Suggestion {
    /// The word in `candidates` closest to `typed` (Levenshtein distance, ignoring case), when it is at most
    /// `maximumDistance` edits away.
    static func closest(to typed: String, in candidates: [String], maximumDistance: Int) -> String? {
        let scored = candidates.map { ($0, editDistance(typed.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= maximumDistance else { return nil }
        return best.0
    }

    /// The number of single-character insertions, deletions, and substitutions that turn `a` into `b`.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars)
        let b = Array(b.unicodeScalars)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}

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
