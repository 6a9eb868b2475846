/// `"tokens": {"resolver": "….resolver.json"}`: a spec takes its tokens from a DTCG resolver document (Resolver
/// module 2025.10, https://www.designtokens.org/TR/2025.10/resolver/), each combination of its modifiers' contexts
/// a variant.
extension SpecPreparation {
    /// The most sources (token files and inline token objects) a resolver's sets and contexts may list in all,
    /// sets expanded: a design system's few dozen, with room, and a bound on a document whose sets repeat sets.
    package static let maximumResolverSources = 1_024
    /// The keys of `"tokens": {…}`.
    static let resolverSpecKeys = ["resolver", "contexts", "colorScheme"]

    /// The resolver `spec` names (the object at `field`, written in the file `base`), read with every file it
    /// references and the contexts the spec renders.
    ///
    /// Throws `SpecError` at `field` naming the resolver document and the JSON path inside it, for anything the
    /// module says a tool must refuse (no `version` 2025.10, a modifier with fewer than two contexts, a `default`
    /// that is no context, a reference to a modifier or to `resolutionOrder`, a reference cycle, a name twice in
    /// `resolutionOrder`), a file it cannot read, and more combinations than `SpecLimits.maximumVariants`.
    func resolver(_ spec: JSONObject, at field: JSONPath, base: String) throws(SpecError) -> TokenResolver {
        for member in spec.members where !Self.resolverSpecKeys.contains(member.key) {
            throw failure(
                field.appending(member.key),
                .unknownKey(
                    member.key, suggestion: FieldReader.closestKey(to: member.key, in: Self.resolverSpecKeys), known: Self.resolverSpecKeys)
            )
        }
        let resolverField = field.appending("resolver")
        // A NUL ends the path where the system reads it: the file read would not be the file named.
        guard case .string(let written) = spec["resolver"] ?? .null, !written.isEmpty, !written.unicodeScalars.contains("\u{0}") else {
            throw failure(
                resolverField,
                .expected(
                    "the path of a DTCG resolver document (….resolver.json), relative to the spec",
                    found: (spec["resolver"] ?? .null).kindDescription))
        }
        let path = SpecInputPath.joined(written, writtenIn: base)
        let document = try load(path, at: resolverField, what: "the resolver document", problem: SpecProblem.token)
        var reading = ResolverReading(preparation: self, file: path, field: resolverField, root: document)
        var resolver = try reading.read()
        if let chosen = spec["contexts"] {
            resolver.modifiers = try selected(chosen, of: resolver, at: field.appending("contexts"))
        }
        if let scheme = spec["colorScheme"] {
            let names = resolver.modifiers.map(\.name)
            guard case .string(let name) = scheme, let index = names.firstIndex(of: name) else {
                throw failure(
                    field.appending("colorScheme"),
                    .expected(
                        "the name of the resolver's modifier whose contexts are the colour schemes (\(names.joined(separator: ", ")))",
                        found: scheme.kindDescription))
            }
            resolver.modifiers[index].followsColorScheme = true
        }
        var count = 1
        for modifier in resolver.modifiers where !modifier.followsColorScheme {
            count = count.multipliedReportingOverflow(by: modifier.contexts.count).partialValue
            guard count <= SpecLimits.maximumVariants else {
                let product = resolver.modifiers.map { "\($0.name) \($0.contexts.count)" }.joined(separator: " × ")
                throw failure(
                    resolverField,
                    .token(
                        "\(path): its modifiers make more than \(SpecLimits.maximumVariants) combinations (\(JSONPath.shortened(product))), each a variant; at most \(SpecLimits.maximumVariants): list the contexts to render in \"tokens\": {\"contexts\": {\"MODIFIER\": [\"CONTEXT\", …]}}"
                    ))
            }
        }
        resolver.modifiers = try named(resolver.modifiers, at: resolverField, file: path)
        return resolver
    }

    /// `modifiers` with only the contexts `value` (`{"theme": ["light", "dark"]}`) lists for each modifier it names.
    private func selected(_ value: JSONValue, of resolver: TokenResolver, at field: JSONPath) throws(SpecError) -> [TokenModifier] {
        guard case .object(let object) = value else {
            throw failure(field, .expected("an object of context lists by modifier name", found: value.kindDescription))
        }
        var modifiers = resolver.modifiers
        let names = modifiers.map(\.name)
        for member in object.members {
            guard let index = modifiers.firstIndex(where: { $0.name == member.key }) else {
                throw failure(
                    field.appending(member.key),
                    .token(
                        "\(resolver.file) has no modifier \"\(JSONPath.shortened(member.key))\"\(FieldReader.closestKey(to: member.key, in: names).map { " (did you mean \"\($0)\"?)" } ?? ""); its modifiers: \(names.joined(separator: ", "))"
                    ))
            }
            let known = modifiers[index].contexts
            guard case .array(let elements) = member.value, !elements.isEmpty, elements.count <= known.count else {
                throw failure(
                    field.appending(member.key),
                    .expected(
                        "a list of the modifier's contexts to render (\(known.joined(separator: ", ")))",
                        found: member.value.kindDescription))
            }
            var contexts: [String] = []
            for (position, element) in elements.enumerated() {
                guard case .string(let context) = element, known.contains(context), !contexts.contains(context) else {
                    throw failure(
                        field.appending(member.key).appending(index: position),
                        .expected(
                            "one of the contexts of \(member.key), each once: \(known.joined(separator: ", "))",
                            found: element.kindDescription))
                }
                contexts.append(context)
            }
            modifiers[index].contexts = contexts
            if !contexts.contains(modifiers[index].defaultContext) { modifiers[index].defaultContext = contexts[0] }
        }
        return modifiers
    }

    /// The words the rendered contexts add to variant names: the context's name, or `modifier-context` where that
    /// name is another modifier's context too (`PickerSpec.variants` does the same where another variant list uses
    /// the word, such as `dark` beside `"colorScheme": ["light", "dark"]`).
    private func named(_ modifiers: [TokenModifier], at field: JSONPath, file: String) throws(SpecError) -> [TokenModifier] {
        var result = modifiers
        for index in result.indices {
            let modifier = result[index]
            guard !modifier.followsColorScheme else { continue }
            for context in modifier.contexts where context != modifier.defaultContext {
                for name in [modifier.name, context] where !Self.isVariantWord(name) {
                    throw failure(
                        field,
                        .token(
                            "\(file): the name \"\(JSONPath.shortened(name))\" (modifier \(JSONPath.shortened(modifier.name))) names a variant here, so it must be 1 to 40 letters, digits, - or _; rename it, or leave its context out with \"tokens\": {\"contexts\": {…}}"
                        ))
                }
                let elsewhere = modifiers.contains { $0.name != modifier.name && $0.contexts.contains(context) }
                result[index].words[context] = elsewhere || context == "default" ? "\(modifier.name)-\(context)" : context
            }
        }
        return result
    }

    /// Whether `name` can be part of a variant's name, and so of a file name on every system.
    static func isVariantWord(_ name: String) -> Bool {
        (1...40).contains(name.unicodeScalars.count)
            && name.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_")
            }
    }
}
