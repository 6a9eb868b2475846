/// `"extends"`: a spec takes another spec's style, animation, variants and token files, and overrides them field by
/// field, so a team keeps one theme and many small specs.
extension SpecPreparation {
    /// The keys a theme (a spec another extends) may hold.
    package static let themeKeys = ["$schema", "extends", "tokens", "style", "animation", "variants"]

    /// The spec file's own name, the base its relative paths are joined to (they start at its folder).
    private var specName: String? {
        file.map { name in name.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? name }
    }

    /// `document` with the themes it extends merged under it, and its token files gathered.
    ///
    /// Throws `SpecError` at `extends` naming the theme for a theme that cannot be read or parsed, a chain that
    /// comes back to a file already on it, one deeper than `maximumThemeDepth`, and a key a theme may not hold.
    package func merged(_ document: JSONValue) throws(SpecError) -> Merged {
        try merged(document, writtenIn: specName ?? "", chain: [])
    }

    private func merged(_ document: JSONValue, writtenIn base: String, chain: [String]) throws(SpecError) -> Merged {
        guard case .object(let object) = document else { return Merged(document: document) }
        var own = Merged(document: document)
        if case .object(let resolver) = object["tokens"] ?? .null {
            own.resolver = try self.resolver(resolver, at: JSONPath.root.appending("tokens"), base: base)
        } else {
            own.tokenFiles = try tokenFiles(object["tokens"], at: JSONPath.root.appending("tokens"), base: base, chain: chain)
        }
        var members = object.members.filter { $0.key != "tokens" && $0.key != "extends" }
        if let index = members.firstIndex(where: { $0.key == "variants" }), case .object(let variants) = members[index].value,
            let perValue = variants["tokens"]
        {
            own.variantTokenFiles = try variantTokenFiles(perValue, base: base, chain: chain)
            if chain.isEmpty { own.ownVariantTokenKeys = own.variantTokenFiles.keys.sorted() }
            members[index].value = .object(JSONObject(variants.members.filter { $0.key != "tokens" }))
        }
        own.document = .object(JSONObject(members))
        guard let extends = object["extends"] else { return own }
        let ownVariantTokenKeys = own.ownVariantTokenKeys
        let field = JSONPath.root.appending("extends")
        guard case .string(let written) = extends, !written.isEmpty, !written.unicodeScalars.contains("\u{0}") else {
            throw failure(field, .expected("the path of a spec to take style, animation and variants from", found: extends.kindDescription))
        }
        let path = SpecInputPath.joined(written, writtenIn: base)
        let origin = chain.last.map { " (extended by \($0))" } ?? ""
        if chain.contains(path) || path == specName {
            let loop = ([specName ?? "the spec"] + chain + [path]).joined(separator: " → ")
            throw failure(field, .theme("the extends chain \(loop) comes back to itself (a cycle); a theme may not extend what extends it"))
        }
        guard chain.count < Self.maximumThemeDepth else {
            throw failure(
                field, .theme("\(path)\(origin): more than \(Self.maximumThemeDepth) themes extend one another; at most that many"))
        }
        let themeDocument = try load(path, at: field, what: "the theme", problem: SpecProblem.theme)
        guard case .object(let theme) = themeDocument else {
            throw failure(field, .theme("the theme \(path) is \(themeDocument.kindDescription); a theme is a spec's object"))
        }
        for member in theme.members where !Self.themeKeys.contains(member.key) {
            let hint = FieldReader.closestKey(to: member.key, in: Self.themeKeys).map { " (did you mean \"\($0)\"?)" } ?? ""
            throw failure(
                field,
                .theme(
                    "the theme \(path)\(origin) has the key \"\(JSONPath.shortened(member.key))\"\(hint); a theme holds \(Self.themeKeys.joined(separator: ", "))"
                ))
        }
        let base = try merged(themeDocument, writtenIn: path, chain: chain + [path])
        let document: JSONValue
        do {
            document = try Self.overlay(own.document, onTheme: base.document)
        } catch {
            throw failure(
                error.field,
                .theme(
                    "the theme \(path) gives it as the token {\(JSONPath.shortened(error.alias))}, which cannot be overridden in part; give a token (or a preset) for it whole here, or write the theme's field as a value to override it field by field"
                ))
        }
        var result = Merged(document: document)
        result.themes = [path] + base.themes
        result.tokenFiles = base.tokenFiles + own.tokenFiles.filter { !base.tokenFiles.contains($0) }
        result.variantTokenFiles = base.variantTokenFiles.merging(own.variantTokenFiles) { $0 + $1 }
        result.resolver = own.resolver ?? base.resolver
        result.ownVariantTokenKeys = ownVariantTokenKeys
        guard result.tokenFiles.count <= Self.maximumTokenFiles else {
            throw failure(
                JSONPath.root.appending("tokens"),
                .token("the spec and its themes name \(result.tokenFiles.count) token files; at most \(Self.maximumTokenFiles)"))
        }
        return result
    }

    /// The spec `spec` over its theme `theme`: the theme gives only `style`, `animation` and `variants`, and those
    /// merge field by field (`overlay`).
    ///
    /// Throws `PartialOverride` where the spec gives some fields of what the theme gives as one token (`"font":
    /// "{type.segment}"` under `"font": {"weight": "bold"}`): merged, the token would be dropped whole.
    static func overlay(_ spec: JSONValue, onTheme theme: JSONValue) throws(PartialOverride) -> JSONValue {
        guard case .object(let themeObject) = theme else { return spec }
        let given = themeObject.members.filter { ["style", "animation", "variants"].contains($0.key) }
        return try overlay(spec, on: .object(JSONObject(given)), at: .root)
    }

    /// A spec's object over a theme's token alias, at `field`.
    struct PartialOverride: Error {
        /// The field the spec gives in part.
        var field: JSONPath
        /// The token the theme gives it as.
        var alias: String
    }

    /// `top` over `bottom`: objects merge key by key (a key of `top` wins), anything else in `top` replaces.
    static func overlay(_ top: JSONValue, on bottom: JSONValue, at field: JSONPath) throws(PartialOverride) -> JSONValue {
        if case .object = top, case .string(let text) = bottom, let alias = TokenSet.aliasPath(text) {
            throw PartialOverride(field: field, alias: alias)
        }
        guard case .object(let over) = top, case .object(let under) = bottom else { return top }
        var members = under.members
        for member in over.members {
            if let index = members.firstIndex(where: { $0.key == member.key }) {
                members[index].value = try overlay(member.value, on: members[index].value, at: field.appending(member.key))
            } else {
                members.append(member)
            }
        }
        return .object(JSONObject(members))
    }

    private func tokenFiles(_ value: JSONValue?, at field: JSONPath, base: String, chain: [String]) throws(SpecError) -> [String] {
        guard let value else { return [] }
        let origin = chain.last.map { " in the theme \($0)" } ?? ""
        // Only the spec's own "tokens" may be a resolver; a variant value's list is files layered over it.
        let resolver = field.components.count == 1 ? ", or {\"resolver\": \"….resolver.json\"}" : ""
        guard case .array(let elements) = value, elements.count <= Self.maximumTokenFiles else {
            throw failure(
                field,
                .expected(
                    "an array of at most \(Self.maximumTokenFiles) DTCG token file paths\(resolver)\(origin)", found: value.kindDescription)
            )
        }
        var files: [String] = []
        for (index, element) in elements.enumerated() {
            // A NUL ends the path where the system reads it: the file read would not be the file named.
            guard case .string(let path) = element, !path.isEmpty, !path.unicodeScalars.contains("\u{0}") else {
                throw failure(
                    field.appending(index: index), .expected("the path of a DTCG token file\(origin)", found: element.kindDescription))
            }
            files.append(SpecInputPath.joined(path, writtenIn: base))
        }
        return files
    }

    private func variantTokenFiles(_ value: JSONValue, base: String, chain: [String]) throws(SpecError) -> [String: [String]] {
        let field = JSONPath.root.appending("variants").appending("tokens")
        let known = VariantTokenKey.all
        guard case .object(let object) = value else {
            throw failure(
                field,
                .expected("an object of token file lists by variant value (\(known.joined(separator: ", ")))", found: value.kindDescription)
            )
        }
        var result: [String: [String]] = [:]
        for member in object.members {
            guard known.contains(member.key) else {
                throw failure(
                    field.appending(member.key),
                    .unknownKey(member.key, suggestion: FieldReader.closestKey(to: member.key, in: known), known: known))
            }
            result[member.key] = try tokenFiles(member.value, at: field.appending(member.key), base: base, chain: chain)
        }
        return result
    }
}
