/// Reads the tokens out of one DTCG token file (Format module 2025.10): groups nest, a member with `$value` is a
/// token, `$type` on a group is inherited by every token below it that sets none.
///
/// Values are not checked here but where a field uses them, so that a token no spec uses cannot fail a render.
package enum TokenFile {
    /// The most tokens the files of one spec may hold together: a design system's few thousand, with room.
    package static let maximumTokens = 20_000

    /// The group keys the format reserves (Format module, "Groups"); others starting with `$` are an error.
    static let groupProperties: Set<String> = ["$type", "$description", "$extensions", "$deprecated", "$schema"]

    /// The tokens of `document`, the token file `file`, added to `tokens` (a later file's token replaces an earlier
    /// one of the same path, as a theme's set overrides its base).
    ///
    /// Throws the reason, naming the token or group at fault, for a name the format does not allow, a `$type`
    /// that is not a DTCG type, a group `$extends` (not supported), or more than `maximumTokens` tokens.
    package static func tokens(of document: JSONValue, file: String, into tokens: inout [String: DesignToken]) throws(TokenFailure) {
        guard case .object(let root) = document else {
            throw TokenFailure(
                "\(file) is not a DTCG token file: expected an object of groups and tokens, found \(document.kindDescription)")
        }
        try collect(root, names: [], inherited: nil, file: file, into: &tokens)
    }

    private static func collect(
        _ group: JSONObject, names: [String], inherited: TokenType?, file: String, into tokens: inout [String: DesignToken]
    ) throws(TokenFailure) {
        let place = names.isEmpty ? "at its top level" : "in the group \(names.joined(separator: "."))"
        var type = inherited
        if let declared = group["$type"] { type = try declaredType(declared, file: file, at: place) }
        if group["$extends"] != nil {
            throw TokenFailure("\(file) \(place): a group's $extends is not supported; list the files in \"tokens\" in order instead")
        }
        for member in group.members {
            let name = member.key
            if name.hasPrefix("$") {
                guard groupProperties.contains(name) || name == "$root" else {
                    throw TokenFailure("\(file) \(place): \"\(JSONPath.shortened(name))\" is not a group property of the format")
                }
                guard name == "$root" else { continue }
            } else if name.contains(where: { $0 == "{" || $0 == "}" || $0 == "." }) {
                // Format module, "Names and values": a name may not hold `{`, `}` or `.`, which alias syntax uses.
                throw TokenFailure("\(file) \(place): the name \"\(JSONPath.shortened(name))\" holds {, } or ., which token names may not")
            }
            guard case .object(let object) = member.value else {
                throw TokenFailure(
                    "\(file) \(place): \"\(JSONPath.shortened(name))\" is \(member.value.kindDescription); a token or group is an object")
            }
            let path = names + [name]
            if let value = object["$value"] {
                var tokenType = type
                if let declared = object["$type"] {
                    tokenType = try declaredType(declared, file: file, at: "at \(path.joined(separator: "."))")
                }
                guard tokens.count < maximumTokens || tokens[path.joined(separator: ".")] != nil else {
                    throw TokenFailure("the token files hold more than \(maximumTokens) tokens; a spec's files may hold at most that many")
                }
                tokens[path.joined(separator: ".")] = DesignToken(
                    path: path.joined(separator: "."), value: value, type: tokenType, file: file)
            } else {
                try collect(object, names: path, inherited: type, file: file, into: &tokens)
            }
        }
    }

    private static func declaredType(_ value: JSONValue, file: String, at place: String) throws(TokenFailure) -> TokenType {
        guard case .string(let name) = value, let type = TokenType(rawValue: name) else {
            let known = TokenType.allCases.map(\.rawValue).joined(separator: ", ")
            throw TokenFailure("\(file) \(place): $type is \(value.kindDescription); expected one of the format's types: \(known)")
        }
        return type
    }
}

/// Why a token could not be used: the message, already naming the token and its file.
package struct TokenFailure: Error, Equatable, Sendable {
    package var message: String

    package init(_ message: String) {
        self.message = message
    }
}
