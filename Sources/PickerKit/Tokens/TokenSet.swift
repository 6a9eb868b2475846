import Synchronization

/// The tokens of a spec's token files, later files over earlier ones, and the rule for following aliases
/// (Format module 2025.10, "Aliases / References"): `{group.token}` names another token's value, an alias may
/// name another alias, and a chain that comes back to itself is an error.
package struct TokenSet: Sendable {
    /// Every token by its path.
    package var tokens: [String: DesignToken] = [:] {
        didSet { memo = AliasMemo() }
    }
    /// Each token's resolution once found, so that a chain is followed once per set, not once per field and
    /// variant that names it.
    private(set) var memo = AliasMemo()

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
        if let known = memo.entry(path) { return known.token }
        var chain: [String] = []
        var onChain: Set<String> = []
        var current = path
        var declaredType: TokenType?
        while true {
            if let known = memo.entry(current) {
                // The rest of the chain was followed before: its end, and the type it gave, are this one's.
                guard chain.count + known.length <= Self.maximumChain + 1 else { throw tooLong(path, in: known.token.source.file) }
                let type = known.token.source.type ?? declaredType ?? known.token.type
                remember(chain, ending: known.token, after: known.length, typeAfter: known.token.type)
                return ResolvedToken(value: known.token.value, type: type, source: known.token.source)
            }
            guard let token = tokens[current] else {
                throw TokenFailure(unknownMessage(current, from: chain.last.flatMap { tokens[$0] }))
            }
            if onChain.contains(current) {
                let loop = (chain + [current]).map { "{\($0)}" }.joined(separator: " → ")
                throw TokenFailure("the alias chain \(loop) in \(token.file) comes back to itself (a cycle); an alias must end at a value")
            }
            // A pull request's token file could chain 20,000 aliases.
            guard chain.count <= Self.maximumChain else { throw tooLong(path, in: token.file) }
            chain.append(current)
            onChain.insert(current)
            memo.countStep()
            if declaredType == nil { declaredType = token.type }
            if case .string(let text) = token.value, let next = Self.aliasPath(text) {
                current = next
                continue
            }
            guard let type = token.type ?? declaredType else {
                throw TokenFailure(
                    "{\(current)} in \(token.file) has no $type, on it or a group above it; the format needs one (Format module, \"Type\")")
            }
            let resolved = ResolvedToken(value: token.value, type: type, source: token)
            remember(chain, ending: resolved, after: 0, typeAfter: nil)
            return resolved
        }
    }

    /// Records every token of `chain` (the tokens followed, each naming the next) as resolving to `end`.
    ///
    /// `end`'s own chain is `length` tokens long. Each token's type is the end's own, else the first on its chain,
    /// else `typeAfter` (what the part of the chain already known gave); one with none is not recorded: it is an error.
    private func remember(_ chain: [String], ending end: ResolvedToken, after length: Int, typeAfter: TokenType?) {
        for (offset, path) in chain.enumerated() {
            guard let type = end.source.type ?? firstType(chain, from: offset) ?? typeAfter else { continue }
            memo.record(path, ResolvedToken(value: end.value, type: type, source: end.source), length: chain.count - offset + length)
        }
    }

    private func firstType(_ chain: [String], from offset: Int) -> TokenType? {
        chain[offset...].lazy.compactMap { tokens[$0]?.type }.first
    }

    private func tooLong(_ path: String, in file: String) -> TokenFailure {
        TokenFailure(
            "the alias chain from {\(JSONPath.shortened(path))} in \(file) is longer than \(Self.maximumChain) aliases; an alias must end at a value within them"
        )
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

/// The resolutions a `TokenSet` has found, shared by its copies: a token set is read by every field and variant
/// of a spec, and its chains do not change.
final class AliasMemo: Sendable {
    struct Entry: Sendable {
        var token: ResolvedToken
        /// The tokens from this one to the value, both counted.
        var length: Int
    }

    private let state = Mutex<(entries: [String: Entry], steps: Int)>(([:], 0))

    func entry(_ path: String) -> Entry? { state.withLock { $0.entries[path] } }
    func record(_ path: String, _ token: ResolvedToken, length: Int) {
        state.withLock { $0.entries[path] = Entry(token: token, length: length) }
    }
    func countStep() { state.withLock { $0.steps += 1 } }
    /// How many tokens were followed in all: what the memo saves, for tests.
    var steps: Int { state.withLock { $0.steps } }
}
