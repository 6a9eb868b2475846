/// A DTCG resolver document, read (Resolver module 2025.10, https://www.designtokens.org/TR/2025.10/resolver/): its
/// `resolutionOrder` of sets and modifiers, every reference followed and every token file it names read, so that the
/// tokens of any combination of its modifiers' contexts are a pure function of the combination.
///
/// A spec names it as `"tokens": {"resolver": "tokens/acme.resolver.json"}`; each combination of contexts becomes a
/// variant (`TokenModifier`), combined with the spec's other variant lists.
package struct TokenResolver: Sendable {
    /// The resolver document, relative to the spec's folder.
    package var file: String
    /// The modifiers in `resolutionOrder`, in that order, with the contexts the spec renders.
    package var modifiers: [TokenModifier]
    /// The token files it reads, relative to the spec's folder, each once: inputs of a render.
    package var files: [String]
    /// The resolution order, each set's and each context's sources already expanded.
    var order: [Step]

    /// One entry of `resolutionOrder`.
    enum Step: Sendable {
        /// A set: always applied.
        case set([TokenSource])
        /// A modifier: the sources of the context the combination picks.
        case modifier(name: String, contexts: [String: [TokenSource]])
    }

    /// The token sources of the combination `contexts` (modifier name → context), in resolution order.
    ///
    /// Later sources override earlier ones (Resolver module, "6.2 Ordering"). A modifier not in `contexts` takes its
    /// default.
    func sources(for contexts: [String: String]) -> [TokenSource] {
        var result: [TokenSource] = []
        for step in order {
            switch step {
            case .set(let sources): result += sources
            case .modifier(let name, let byContext):
                let chosen = contexts[name] ?? modifiers.first(where: { $0.name == name })?.defaultContext ?? ""
                result += byContext[chosen] ?? []
            }
        }
        return result
    }

    /// The default context of every modifier: the spec's own appearance.
    var defaultContexts: [String: String] {
        Dictionary(uniqueKeysWithValues: modifiers.map { ($0.name, $0.defaultContext) })
    }
}

/// One source of tokens in a resolver document: a token file it references, or tokens written inline.
struct TokenSource: Sendable {
    /// What messages and `pickerreel tokens` call it: the file's path, or `acme.resolver.json (sets.base.sources[1])`.
    var label: String
    /// The tokens, as a DTCG token file holds them.
    var document: JSONValue
}

/// A modifier of a resolver document as a variant axis: its contexts (the ones the spec renders), its default (the
/// spec's own appearance), and the word each other context adds to a variant's name.
package struct TokenModifier: Hashable, Sendable {
    /// The modifier's name in the resolver document: `theme`, `brand`.
    package var name: String
    /// The contexts rendered, in the document's order (or the order `tokens.contexts` lists them).
    package var contexts: [String]
    /// The context of the spec's own appearance: the modifier's `default` when rendered, else its first context.
    package var defaultContext: String
    /// The word a context adds to a variant's name (`globex`, or `density-compact` where the context's own name
    /// would be ambiguous); none for the default context.
    package var words: [String: String]
    /// Whether the variant's colour scheme picks the context (`"tokens": {"colorScheme": "theme"}`): the modifier
    /// is then no variant list of its own, and a dark variant takes its `dark` context.
    package var followsColorScheme = false
}

extension TokenModifier {
    /// Throws, at `tokens.colorScheme`, where a colour scheme `spec`'s variants render is no context of the modifier
    /// that follows the colour scheme: its dark variant would have no dark tokens.
    static func checkSchemes(of spec: PickerSpec, file: String?) throws(SpecError) {
        for modifier in spec.tokenModifiers where modifier.followsColorScheme {
            for variant in spec.variants where !modifier.contexts.contains(variant.colorScheme.rawValue) {
                throw SpecError(
                    file: file, path: JSONPath.root.appending("tokens").appending("colorScheme"),
                    problem: .token(
                        "the spec renders the \(variant.colorScheme.rawValue) colour scheme, which is no context of the resolver's modifier \(JSONPath.shortened(modifier.name)) (\(modifier.contexts.joined(separator: ", "))): name a modifier whose contexts are light and dark"
                    ))
            }
        }
    }
}
