/// One token of a DTCG token file, as the file writes it: its path, its value before any alias is followed, its
/// type (its own `$type`, else its nearest group's), and the file it came from.
package struct DesignToken: Sendable {
    /// The token's path, its names joined by dots: `picker.highlight.radius`.
    package var path: String
    /// `$value` as written: a value of its type, or an alias `{other.token}`.
    package var value: JSONValue
    /// Its `$type`, or the one inherited from a group (Format module, "Type"); nil when neither gives one, and
    /// then only an alias value can give it a type.
    package var type: TokenType?
    /// The token file, as the spec names it (a path relative to the spec's folder).
    package var file: String
}

/// What a token's value resolved to: the value with every alias followed, its type, and the token that holds it
/// (the last of an alias chain).
package struct ResolvedToken: Sendable {
    package var value: JSONValue
    package var type: TokenType
    /// The token whose `$value` was the value (for an alias chain, the end of the chain).
    package var source: DesignToken
}
