/// A parsed JSON document, kept close to its text: objects keep their key order and numbers remember
/// whether they were written as integers, so the spec can tell `2` from `2.0` and report keys in order.
package indirect enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// A short name of the value's kind for error messages ("a string", "an object", …).
    package var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let number): return "the number \(number.text)"
        case .string(let text): return "the string \"\(text.prefix(40))\(text.count > 40 ? "…" : "")\""
        case .array(let elements): return elements.count == 1 ? "an array of 1 value" : "an array of \(elements.count) values"
        case .object: return "an object"
        }
    }
}

/// A JSON number with its source text, its value as a `Double`, and its value as an `Int` when it was
/// written without a fraction or exponent and fits.
package struct JSONNumber: Equatable, Sendable {
    /// The number as written in the file, for messages.
    package var text: String
    /// The value as a double; always finite (the parser rejects overflow).
    package var double: Double
    /// The value as an integer, when the literal has no fraction or exponent and fits in `Int`.
    package var integer: Int?
}

/// A JSON object whose members keep the order they had in the file.
///
/// Duplicate keys are rejected by the parser.
package struct JSONObject: Equatable, Sendable {
    /// The members in file order.
    package var members: [(key: String, value: JSONValue)]

    /// Creates an object from members in order.
    package init(_ members: [(key: String, value: JSONValue)]) {
        self.members = members
    }

    /// The value of `key`, or nil when the object has no such member.
    package subscript(key: String) -> JSONValue? {
        members.first(where: { $0.key == key })?.value
    }

    package static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.members.count == rhs.members.count
            && zip(lhs.members, rhs.members).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }
}
