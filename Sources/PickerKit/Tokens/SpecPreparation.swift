/// The step between parsing a spec and decoding it: the spec it extends merged in, its token files read and its
/// aliases resolved, so that the decoder sees plain values.
///
/// Files are read only through `reader`, the confined read of the spec's tree; a spec given as bytes with no
/// reader that names a token file or a theme is an error, not a read from the current folder.
package struct SpecPreparation {
    /// The spec file's name, for messages.
    let file: String?
    let reader: SpecInputReader?

    /// The most token files one spec (with its themes) may name.
    package static let maximumTokenFiles = 32
    /// The most themes in one chain of `extends`.
    package static let maximumThemeDepth = 8

    package init(file: String?, reader: SpecInputReader?) {
        self.file = file
        self.reader = reader
    }

    /// A spec document with its themes merged in, before its tokens are resolved.
    package struct Merged {
        /// The document: the themes' `style`, `animation` and `variants` under the spec's own, field by field,
        /// without `extends`, `tokens` or `variants.tokens`.
        package var document: JSONValue
        /// The token files, themes' first, relative to the spec's folder.
        package var tokenFiles: [String] = []
        /// Token files per variant value (`dark`, `increaseContrast`), layered over `tokenFiles`.
        package var variantTokenFiles: [String: [String]] = [:]
        /// The themes read, relative to the spec's folder.
        package var themes: [String] = []
        /// The DTCG resolver document the spec (or a theme) names instead of token files, read.
        package var resolver: TokenResolver?
        /// The variant values the spec itself (not a theme) gives token files (`variants.tokens`): each must be
        /// one a variant has.
        package var ownVariantTokenKeys: [String] = []

        /// Every file the spec was made from besides itself: themes and token files, each once.
        package var inputFiles: [String] {
            var files: [String] = []
            let resolverFiles = resolver.map { [$0.file] + $0.files } ?? []
            for path in themes + resolverFiles + tokenFiles + variantTokenFiles.keys.sorted().flatMap({ variantTokenFiles[$0] ?? [] })
            where !files.contains(path) {
                files.append(path)
            }
            return files
        }
    }

    func failure(_ path: JSONPath, _ problem: SpecProblem) -> SpecError {
        SpecError(file: file, path: path, problem: problem)
    }

    /// `path`'s bytes and parsed JSON, with the spec's limits, or the error at `field` naming it.
    func load(_ path: String, at field: JSONPath, what: String, problem: (String) -> SpecProblem) throws(SpecError) -> JSONValue {
        guard let reader else {
            throw failure(field, problem("\(path): a spec given as bytes cannot read \(what); read the spec from its file"))
        }
        let bytes: [UInt8]
        switch reader(path, SpecLimits.maximumFileBytes) {
        case .success(let read): bytes = read
        case .failure(let refusal): throw failure(field, problem("cannot read \(what) \(path): \(refusal.reason)"))
        }
        do {
            return try JSONParser.parse(bytes)
        } catch {
            throw failure(
                field, problem("\(what) \(path) is not valid JSON at line \(error.line), column \(error.column): \(error.message)"))
        }
    }

    /// The token set of `sources` then `files`, in order, a later source's token over an earlier one's.
    func tokenSet(_ sources: [TokenSource], files: [String], at field: JSONPath) throws(SpecError) -> TokenSet {
        var tokens: [String: DesignToken] = [:]
        var all = sources
        for path in files {
            all.append(TokenSource(label: path, document: try load(path, at: field, what: "the token file", problem: SpecProblem.token)))
        }
        for source in all {
            do {
                try TokenFile.tokens(of: source.document, file: source.label, into: &tokens)
            } catch {
                throw failure(field, .token(error.message))
            }
        }
        return TokenSet(tokens: tokens)
    }

    /// `merged` with its aliases resolved against its resolver's tokens for `contexts` (each modifier's default
    /// where it names none), its token files and those of `variantKeys`, and the fields that came from tokens.
    package func resolved(_ merged: Merged, variantKeys: [String] = [], contexts: [String: String] = [:]) throws(SpecError) -> (
        document: JSONValue, fields: [TokenField]
    ) {
        let files = merged.tokenFiles + variantKeys.flatMap { merged.variantTokenFiles[$0] ?? [] }
        let sources = merged.resolver?.sources(for: contexts) ?? []
        let field = JSONPath.root.appending(variantKeys.isEmpty ? "tokens" : "variants")
        let set = try tokenSet(
            sources, files: files, at: merged.resolver != nil && variantKeys.isEmpty ? field.appending("resolver") : field)
        var resolver = SpecTokenResolver(set: set, hasFiles: !files.isEmpty || merged.resolver != nil, file: file)
        let document = try resolver.resolve(merged.document)
        return (document, resolver.fields)
    }
}
