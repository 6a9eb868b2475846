/// Reads typed fields out of JSON values, turning every mismatch of kind into a `SpecError` with the field's path.
///
/// Only the kind of each value is checked here (a number, a string, one of some words); whether the value is in
/// range is `SpecValidator`'s check, which a spec built in Swift gets too.
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

    /// A number (always finite: the parser rejects overflow); `expected` says what the field takes, for the message.
    func number(_ value: JSONValue, at path: JSONPath, expected: String) throws(SpecError) -> Double {
        guard case .number(let number) = value else {
            throw failure(path, .expected(expected, found: value.kindDescription))
        }
        return number.double
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

    /// `true` or `false`.
    func bool(_ value: JSONValue, at path: JSONPath) throws(SpecError) -> Bool {
        guard case .bool(let flag) = value else { throw failure(path, .expected("true or false", found: value.kindDescription)) }
        return flag
    }

    /// A string of any length; `expected` says what the field takes, for the message.
    func anyString(_ value: JSONValue, at path: JSONPath, expected: String = "a string") throws(SpecError) -> String {
        guard case .string(let text) = value else {
            throw failure(path, .expected(expected, found: value.kindDescription))
        }
        return text
    }

    /// A colour string; a malformed one is kept for the validator to report, with the spec's other colour errors.
    func color(_ value: JSONValue, at path: JSONPath) throws(SpecError) -> PickerColor {
        guard case .string(let text) = value else {
            throw failure(path, .expected(SpecExpectation.color, found: value.kindDescription))
        }
        return PickerColor(text) ?? PickerColor(.invalid(text))
    }

    /// The known key most like `key` (at most two edits away, ignoring case, more for long keys), for a
    /// did-you-mean.
    static func closestKey(to key: String, in known: [String]) -> String? {
        // A key of thousands of characters is no typo of a short one; comparing it would cost time for nothing.
        guard key.count <= 64 else { return nil }
        return Suggestion.closest(to: key, in: known, maximumDistance: max(2, key.count / 3))
    }
}
