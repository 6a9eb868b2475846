/// Reads typed fields out of JSON values, turning every mismatch into a `SpecError` with the field's path.
///
/// Each function takes the value and its path, so messages always name the exact field that is wrong.
struct FieldReader {
    /// The spec file's path, for messages.
    var file: String?

    func failure(_ path: JSONPath, _ problem: SpecProblem) -> SpecError {
        SpecError(file: file, path: path, problem: problem)
    }

    /// The value as an object whose keys are all in `known`; an unknown key is an error with a did-you-mean.
    func object(_ value: JSONValue, at path: JSONPath, known: [String]) throws(SpecError) -> JSONObject {
        guard case .object(let object) = value else {
            throw failure(path, .expected("an object with keys \(known.joined(separator: ", "))", found: value.kindDescription))
        }
        for member in object.members where !known.contains(member.key) {
            throw failure(
                path.appending(member.key),
                .unknownKey(member.key, suggestion: Self.closestKey(to: member.key, in: known), known: known))
        }
        return object
    }

    /// A finite number within `range`.
    func number(_ value: JSONValue, at path: JSONPath, in range: ClosedRange<Double>, unit: String = "")
        throws(SpecError) -> Double
    {
        let expected = "a number from \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound))\(unit)"
        guard case .number(let number) = value else {
            throw failure(path, .expected(expected, found: value.kindDescription))
        }
        guard range.contains(number.double) else {
            throw failure(path, .expected(expected, found: value.kindDescription))
        }
        return number.double
    }

    /// A whole number within `range`, written without a fraction.
    func integer(_ value: JSONValue, at path: JSONPath, in range: ClosedRange<Int>) throws(SpecError) -> Int {
        let expected = "a whole number from \(range.lowerBound) to \(range.upperBound)"
        guard case .number(let number) = value, let integer = number.integer, range.contains(integer) else {
            throw failure(path, .expected(expected, found: value.kindDescription))
        }
        return integer
    }

    /// One of the given words.
    func choice<Choice: RawRepresentable & CaseIterable>(_ value: JSONValue, at path: JSONPath, as type: Choice.Type)
        throws(SpecError) -> Choice where Choice.RawValue == String
    {
        let names = Choice.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")
        guard case .string(let text) = value, let choice = Choice(rawValue: text) else {
            throw failure(path, .expected(names, found: value.kindDescription))
        }
        return choice
    }

    /// A non-empty string of at most `maximumLength` characters.
    func string(_ value: JSONValue, at path: JSONPath, maximumLength: Int = 200) throws(SpecError) -> String {
        guard case .string(let text) = value, !text.isEmpty, text.count <= maximumLength else {
            throw failure(path, .expected("a non-empty string of at most \(maximumLength) characters", found: value.kindDescription))
        }
        return text
    }

    /// A colour: `#RGB`, `#RRGGBB`, `#RRGGBBAA`, or a SwiftUI colour name.
    func color(_ value: JSONValue, at path: JSONPath) throws(SpecError) -> RGBAColor {
        if case .string(let text) = value, let color = ColorParser.color(from: text) {
            return color
        }
        let names = ColorParser.namedColors.map(\.name).joined(separator: ", ")
        throw failure(path, .expected("a colour: \"#RGB\", \"#RRGGBB\", \"#RRGGBBAA\", or one of \(names)", found: value.kindDescription))
    }

    /// The known key most like `key` (at most two edits away, ignoring case, more for long keys), for a
    /// did-you-mean.
    static func closestKey(to key: String, in known: [String]) -> String? {
        Suggestion.closest(to: key, in: known, maximumDistance: max(2, key.count / 3))
    }

    /// A number without a trailing ".0" when it is whole, for messages.
    static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }
}
