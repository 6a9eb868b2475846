/// The tokens of a spec's token files, later files over earlier ones, and the rule for following aliases
/// (Format module 2025.10, "Aliases / References"): `{group.token}` names another token's value, an alias may
/// name another alias, and a chain that comes back to itself is an error.
package struct TokenSet: Sendable {
    /// Every token by its path.
    package var tokens: [String: DesignToken] = [:]

    /// The most aliases followed from one field to its value; design systems chain two or three.
    package static let maximumChain = 64

    package init(tokens: [String: DesignToken] = [:]) {
        self.tokens = tokens
    }

    /// The token path `text` names when it is an alias, `{a.b.c}`, else nil.
    package static func aliasPath(_ text: String) -> String? {
        guard text.count >= 3, text.first == "{", text.last == "}" else { return nil }
        let inner = text.dropFirst().dropLast()
        guard !inner.contains("{"), !inner.contains("}"), !inner.isEmpty else { return nil }
        return String(inner)
    }

    /// The value the token at `path` resolves to, every alias on the way followed.
    ///
    /// Throws, naming the token and its file: an unknown token (with the closest known path), a chain that comes
    /// back to a token already on it, and a token whose type neither it, its groups nor its alias gives.
    package func resolve(_ path: String) throws(TokenFailure) -> ResolvedToken {
        var chain: [String] = []
        var onChain: Set<String> = []
        var current = path
        var declaredType: TokenType?
        while true {
            guard let token = tokens[current] else {
                throw TokenFailure(unknownMessage(current, from: chain.last.flatMap { tokens[$0] }))
            }
            if onChain.contains(current) {
                let loop = (chain + [current]).map { "{\($0)}" }.joined(separator: " → ")
                throw TokenFailure("the alias chain \(loop) in \(token.file) comes back to itself (a cycle); an alias must end at a value")
            }
            // A pull request's token file could chain 20,000 aliases, followed again for every field and variant.
            guard chain.count <= Self.maximumChain else {
                throw TokenFailure(
                    "the alias chain from {\(JSONPath.shortened(path))} in \(token.file) is longer than \(Self.maximumChain) aliases; an alias must end at a value within them"
                )
            }
            chain.append(current)
            onChain.insert(current)
            if declaredType == nil { declaredType = token.type }
            if case .string(let text) = token.value, let next = Self.aliasPath(text) {
                current = next
                continue
            }
            guard let type = token.type ?? declaredType else {
                throw TokenFailure(
                    "{\(current)} in \(token.file) has no $type, on it or a group above it; the format needs one (Format module, \"Type\")")
            }
            return ResolvedToken(value: token.value, type: type, source: token)
        }
    }

    private func unknownMessage(_ path: String, from alias: DesignToken?) -> String {
        let origin = alias.map { " (named by {\($0.path)} in \($0.file))" } ?? ""
        let files = Set(tokens.values.map(\.file)).sorted()
        let place = files.isEmpty ? "no token file holds it" : "it is in none of \(files.joined(separator: ", "))"
        var message = "{\(JSONPath.shortened(path))}\(origin) is not a token: \(place)"
        if path.count <= 200,
            let near = Suggestion.closest(to: path, in: Array(tokens.keys).sorted(), maximumDistance: max(2, path.count / 3))
        {
            message += " (did you mean {\(near)}?)"
        }
        return message
    }
}
