/// Text from a user (a file name, a spec key or value, a path, a library's message) made safe to print in a
/// message, a log or a text report: it cannot end the line, move the cursor, recolour the terminal, reorder what
/// follows, or be read by GitHub Actions as a workflow command.
///
/// The one rule for every line the tool prints for people (`pickerreel: error: …`, `compare`'s text report,
/// `validate`'s `ok` lines): the JUnit, JSON and Markdown reports use `escape(_:)` for the same characters and
/// write what is left in their own syntax.
package enum PlainText {
    /// `text` with what must not reach a terminal or a CI log raw escaped, and GitHub's command syntax neutralised.
    ///
    /// In detail:
    ///
    /// - a newline, carriage return and tab as `\n`, `\r`, `\t`; every other control character (C0, DEL, C1), the
    ///   bidirectional overrides and isolates (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C) and the line
    ///   and paragraph separators (U+2028, U+2029) as `\u{1B}`, `\u{202E}`, …;
    /// - a first `:` of text that begins with `::` (after any spaces) as `\u{3A}`, so that no line starts a
    ///   workflow command such as `::add-mask::`;
    /// - the `[` of `##[` as `\u{5B}`, which GitHub's runner reads anywhere in a line as a legacy command.
    ///
    /// A backslash is printed as it is, so escaping twice changes nothing; a name that itself contains the text
    /// `\n` therefore reads like one with a newline.
    package static func escaped(_ text: some StringProtocol) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var atStart = true
        var previous: (Unicode.Scalar?, Unicode.Scalar?) = (nil, nil)
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            if let escape = escape(scalar) {
                result += escape
                atStart = false
                previous = (nil, nil)
                continue
            } else if atStart && scalar == ":" && index + 1 < scalars.count && scalars[index + 1] == ":" {
                result += "\\u{3A}"
            } else if scalar == "[" && previous == ("#", "#") {
                result += "\\u{5B}"
            } else {
                result.unicodeScalars.append(scalar)
            }
            if atStart && !scalar.properties.isWhitespace { atStart = false }
            previous = (previous.1, scalar)
        }
        return result
    }

    /// How `scalar` is written when it must not be printed raw (see `escaped(_:)`), or nil when it may be.
    package static func escape(_ scalar: Unicode.Scalar) -> String? {
        switch scalar.value {
        case 0x0A: return "\\n"
        case 0x0D: return "\\r"
        case 0x09: return "\\t"
        case 0x00..<0x20, 0x7F...0x9F, 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029:
            return "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        default: return nil
        }
    }

    /// JSON text (as `JSONEncoder` writes it) with the characters `escape(_:)` names that JSON leaves raw (DEL,
    /// the C1 controls, the bidirectional controls, the line and paragraph separators) and the `[` of `##[` written
    /// as `\u` escapes: the same JSON value, safe on a terminal or in a CI log.
    ///
    /// Outside strings JSON has no `#` and no such character, so the text is changed only inside strings.
    package static func json(_ json: String) -> String {
        var result = ""
        result.reserveCapacity(json.utf8.count)
        var previous: (Unicode.Scalar?, Unicode.Scalar?) = (nil, nil)
        for scalar in json.unicodeScalars {
            // Newlines and tabs are JSON's own layout: inside a string `JSONEncoder` has escaped them already.
            if (escape(scalar) != nil && !["\n", "\r", "\t"].contains(scalar)) || (scalar == "[" && previous == ("#", "#")) {
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                result.unicodeScalars.append(scalar)
            }
            previous = (previous.1, scalar)
        }
        return result
    }
}
