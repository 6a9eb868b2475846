/// Replaces every alias in a spec's style, animation, selection timing and touches with the value of the token it
/// names, converted for the field that holds it, and records which field came from which token.
///
/// The step before decoding: the decoder then reads plain values, so a field from a token gets exactly the checks
/// and messages a typed value gets.
struct SpecTokenResolver {
    let set: TokenSet
    /// Whether the spec names any token files, for the message when it names a token but no file.
    let hasFiles: Bool
    /// The spec file, for messages.
    let file: String?
    private(set) var fields: [TokenField] = []

    init(set: TokenSet, hasFiles: Bool, file: String?) {
        self.set = set
        self.hasFiles = hasFiles
        self.file = file
    }

    /// The top-level members whose fields may name tokens.
    static let sections: Set<String> = ["style", "animation", "selection", "touches"]

    mutating func resolve(_ document: JSONValue) throws(SpecError) -> JSONValue {
        guard case .object(let root) = document else { return document }
        var members = root.members
        for index in members.indices where Self.sections.contains(members[index].key) {
            members[index].value = try resolve(members[index].value, at: JSONPath.root.appending(members[index].key))
        }
        return .object(JSONObject(members))
    }

    private mutating func resolve(_ value: JSONValue, at path: JSONPath) throws(SpecError) -> JSONValue {
        switch value {
        case .string(let text):
            // A selection names an item by its value, which may well be written in braces: never a token.
            if case .key(let key) = path.components.last, key == "select" || key == "initial" { return value }
            guard let token = TokenSet.aliasPath(text) else { return value }
            return try replace(token, at: path)
        case .array(let elements):
            var result: [JSONValue] = []
            for (index, element) in elements.enumerated() { result.append(try resolve(element, at: path.appending(index: index))) }
            return .array(result)
        case .object(let object):
            var members = object.members
            for index in members.indices {
                members[index].value = try resolve(members[index].value, at: path.appending(members[index].key))
            }
            return .object(JSONObject(members))
        default:
            return value
        }
    }

    private mutating func replace(_ token: String, at path: JSONPath) throws(SpecError) -> JSONValue {
        func failure(_ message: String) -> SpecError { SpecError(file: file, path: path, problem: .token(message)) }
        let name = Self.fieldName(path)
        guard let kind = TokenFieldKind.of(path) else {
            throw failure(
                "{\(JSONPath.shortened(token))}: \(name) cannot take a design token; tokens set colours, sizes, fonts, durations and curves"
            )
        }
        guard hasFiles else {
            throw failure(
                "{\(JSONPath.shortened(token))} names a design token, but the spec names no token files: add \"tokens\": [\"….tokens.json\"]"
            )
        }
        let resolved: ResolvedToken
        do {
            resolved = try set.resolve(token)
        } catch {
            throw failure(error.message)
        }
        guard kind.accepts.contains(resolved.type) else {
            let needs = kind.accepts.map(\.phrase).joined(separator: " or ")
            throw failure("{\(token)} in \(resolved.source.file) is \(resolved.type.phrase); \(name) needs \(needs)")
        }
        let converted: JSONValue
        do {
            let origin =
                resolved.source.path == token
                ? "{\(token)} in \(resolved.source.file)" : "{\(resolved.source.path)} in \(resolved.source.file) (named by {\(token)})"
            converted = try TokenValue(set: set, origin: origin).convert(resolved.value, type: resolved.type, for: kind)
        } catch {
            throw failure(error.message)
        }
        fields.append(TokenField(field: path, token: token, file: resolved.source.file, value: Self.written(converted)))
        return converted
    }

    /// The field's own key for messages: `cornerRadius`, or `selection.sequence[0]` for an element.
    private static func fieldName(_ path: JSONPath) -> String {
        if case .key(let key) = path.components.last { return key }
        return path.description
    }

    /// The value as the spec would write it, short: `#8E8E93`, `8`, `{"bezier": [...]}` as `bezier(…)`.
    static func written(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): return text
        case .number(let number): return number.text
        case .array(let elements): return "[" + elements.map(written).joined(separator: ", ") + "]"
        case .object(let object): return "{" + object.members.map { "\($0.key): \(written($0.value))" }.joined(separator: ", ") + "}"
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "null"
        }
    }
}
