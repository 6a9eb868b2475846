/// A strict JSON parser (RFC 8259) that reports the line and column of the first error.
///
/// It exists instead of `JSONSerialization` so that integers stay distinct from decimals and booleans,
/// duplicate keys are caught, nesting depth is bounded (no stack overflow on hostile input), and every
/// syntax error says where it is. Invalid UTF-8 inside strings is an error, not a replacement character.
package struct JSONParser {
    /// The deepest nesting of arrays and objects accepted; deeper documents are an error, not a crash.
    package static let maximumDepth = 64

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    /// Parses a whole document from `bytes`.
    ///
    /// Throws `JSONSyntaxError` for anything that is not exactly one JSON value (surrounded by whitespace).
    package static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        // A UTF-8 byte order mark is tolerated, as editors on some systems write one.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.index == bytes.count else {
            throw parser.error("unexpected \(parser.describeCurrent()) after the end of the document")
        }
        return value
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
            index += 1
        }
    }

    private func error(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
        let position = offset ?? index
        var line = 1
        var column = 1
        var cursor = 0
        while cursor < position && cursor < bytes.count {
            if bytes[cursor] == 0x0A {
                line += 1
                column = 1
            } else if bytes[cursor] & 0xC0 != 0x80 {
                // Count characters, not continuation bytes.
                column += 1
            }
            cursor += 1
        }
        return JSONSyntaxError(line: line, column: column, message: message)
    }

    private func describeCurrent() -> String {
        guard let byte = current else { return "end of file" }
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        guard let byte = current else { throw error("expected a value, found the end of the file") }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try expectWord("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectWord("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectWord("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error("expected a value, found \(describeCurrent())")
        }
    }

    private mutating func expectWord(_ word: String) throws(JSONSyntaxError) {
        let start = index
        for expected in word.utf8 {
            guard current == expected else {
                let end = min(bytes.count, start + 12)
                let found = String(decoding: bytes[start..<end], as: UTF8.self).prefix { !$0.isWhitespace && $0 != "," }
                throw error("expected a value (a string, number, object, array, true, false or null), found '\(found)'", at: start)
            }
            index += 1
        }
    }

    private mutating func enterContainer() throws(JSONSyntaxError) {
        depth += 1
        if depth > Self.maximumDepth {
            throw error("arrays and objects nested deeper than \(Self.maximumDepth) levels")
        }
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
        try enterContainer()
        index += 1
        var members: [(key: String, value: JSONValue)] = []
        var seen = Set<String>()
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object(JSONObject(members))
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else {
                throw error("expected a key in double quotes, found \(describeCurrent())")
            }
            let keyStart = index
            let key = try parseString()
            guard seen.insert(key).inserted else {
                throw error("the key \"\(key)\" appears twice in this object", at: keyStart)
            }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else {
                throw error("expected ':' after the key \"\(key)\", found \(describeCurrent())")
            }
            index += 1
            skipWhitespace()
            members.append((key, try parseValue()))
            skipWhitespace()
            if current == UInt8(ascii: ",") {
                index += 1
                skipWhitespace()
                if current == UInt8(ascii: "}") { throw error("a comma before '}' (trailing commas are not JSON)") }
                continue
            }
            if current == UInt8(ascii: "}") {
                index += 1
                depth -= 1
                return .object(JSONObject(members))
            }
            throw error("expected ',' or '}' in an object, found \(describeCurrent())")
        }
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
        try enterContainer()
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            if current == UInt8(ascii: ",") {
                index += 1
                skipWhitespace()
                if current == UInt8(ascii: "]") { throw error("a comma before ']' (trailing commas are not JSON)") }
                continue
            }
            if current == UInt8(ascii: "]") {
                index += 1
                depth -= 1
                return .array(elements)
            }
            throw error("expected ',' or ']' in an array, found \(describeCurrent())")
        }
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        let start = index
        index += 1
        var scalars = String.UnicodeScalarView()
        var runStart = index
        func flushRun(_ parser: JSONParser, _ scalars: inout String.UnicodeScalarView, until end: Int) throws(JSONSyntaxError) {
            guard runStart < end else { return }
            guard let text = String(validating: parser.bytes[runStart..<end], as: UTF8.self) else {
                throw parser.error("a string that is not valid UTF-8", at: start)
            }
            scalars.append(contentsOf: text.unicodeScalars)
        }
        while true {
            guard let byte = current else { throw error("a string that is never closed", at: start) }
            switch byte {
            case UInt8(ascii: "\""):
                // A string with no escape (every name in a manifest) is its bytes, validated once.
                if runStart == start + 1 {
                    guard let text = String(validating: bytes[runStart..<index], as: UTF8.self) else {
                        throw error("a string that is not valid UTF-8", at: start)
                    }
                    index += 1
                    return text
                }
                try flushRun(self, &scalars, until: index)
                index += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                try flushRun(self, &scalars, until: index)
                index += 1
                scalars.append(try parseEscape())
                runStart = index
            case 0x00..<0x20:
                throw error("a control character inside a string (write it as an escape such as \\n)")
            default:
                index += 1
            }
        }
    }

    private mutating func parseEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
        guard let byte = current else { throw error("a string that is never closed") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let first = try parseHex4()
            if (0xD800..<0xDC00).contains(first) {
                guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u")
                else { throw error("a lone UTF-16 surrogate in a \\u escape") }
                index += 2
                let second = try parseHex4()
                guard (0xDC00..<0xE000).contains(second) else { throw error("a lone UTF-16 surrogate in a \\u escape") }
                let combined = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
                guard let scalar = Unicode.Scalar(combined) else { throw error("an invalid \\u escape") }
                return scalar
            }
            guard let scalar = Unicode.Scalar(first) else { throw error("a lone UTF-16 surrogate in a \\u escape") }
            return scalar
        default:
            index -= 1
            throw error("an unknown escape '\\\(describeCurrent())' in a string")
        }
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current else { throw error("a \\u escape needs four hex digits") }
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("a \\u escape needs four hex digits")
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> JSONNumber {
        let start = index
        var isInteger = true
        if current == UInt8(ascii: "-") { index += 1 }
        guard let first = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            throw error("a number needs a digit after '-'", at: start)
        }
        if first == UInt8(ascii: "0") {
            index += 1
            if let next = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(next) {
                throw error("a number with a leading zero", at: start)
            }
        } else {
            skipDigits()
        }
        if current == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard skipDigits() > 0 else { throw error("a number needs digits after '.'", at: start) }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard skipDigits() > 0 else { throw error("a number needs digits in its exponent", at: start) }
        }
        // The slice holds only ASCII digits, signs, '.', and 'e', so it is valid UTF-8.
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let double = Double(text), double.isFinite else {
            throw error("the number \(text.prefix(40)) is too large", at: start)
        }
        return JSONNumber(text: text, double: double, integer: isInteger ? Int(text) : nil)
    }

    @discardableResult
    private mutating func skipDigits() -> Int {
        var count = 0
        while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
            index += 1
            count += 1
        }
        return count
    }
}

/// A JSON syntax error with the 1-based line and column where it was found.
package struct JSONSyntaxError: Error, Equatable, Sendable {
    /// The 1-based line of the error.
    package var line: Int
    /// The 1-based column (in characters) of the error.
    package var column: Int
    /// What was wrong, in words.
    package var message: String
}
