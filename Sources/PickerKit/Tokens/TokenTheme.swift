/// What a variant draws when its values have token files of their own (`"variants": {"tokens": {"dark": […]}}`):
/// the spec resolved again with those files over its own, kept per combination of values.
package struct TokenTheme: Hashable, Sendable {
    /// The variant values whose files were layered, in `VariantTokenKey` order, then `modifier=context` for each
    /// modifier of the resolver document.
    package var keys: [String]
    package var style: PickerStyle
    package var animation: AnimationSettings
    package var changes: [SelectionChange]
    package var tail: Double
    package var touches: TouchStyle?
    package var tokenFields: [TokenField]

    /// One theme for each combination of values among `spec`'s variants that has token files, each decoded and
    /// validated as the spec is, so that a dark set's bad token fails `validate`, not the render of the dark variant.
    static func themes(
        of spec: PickerSpec, merged: SpecPreparation.Merged, preparation: SpecPreparation, decoder: SpecDecoder
    ) throws(SpecError) -> [TokenTheme] {
        guard !merged.variantTokenFiles.isEmpty || !spec.tokenModifiers.isEmpty else { return [] }
        var themes: [TokenTheme] = []
        // What the spec itself was resolved with: each modifier's default context, no variant's token files.
        let own = spec.tokenModifiers.map { "\($0.name)=\($0.defaultContext)" }
        for variant in spec.variants {
            let keys = keys(of: variant, modifiers: spec.tokenModifiers) { merged.variantTokenFiles[$0] != nil }
            guard keys != own, !themes.contains(where: { $0.keys == keys }) else { continue }
            let resolved = try preparation.resolved(
                merged, variantKeys: VariantTokenKey.keys(of: variant).filter { merged.variantTokenFiles[$0] != nil },
                contexts: variant.tokenContexts)
            let decoded = try decoder.decodeSpec(resolved.document)
            var withFields = decoded
            withFields.tokenFields = resolved.fields
            try TokenField.validate(withFields, file: preparation.file)
            themes.append(
                TokenTheme(
                    keys: keys, style: decoded.style, animation: decoded.animation, changes: decoded.changes, tail: decoded.tail,
                    touches: decoded.touches, tokenFields: resolved.fields))
        }
        return themes
    }

    /// What picks `variant`'s theme: its values that have token files (`hasFiles`), then `modifier=context` for
    /// each of `modifiers`.
    static func keys(of variant: Variant, modifiers: [TokenModifier], where hasFiles: (String) -> Bool) -> [String] {
        VariantTokenKey.keys(of: variant).filter(hasFiles)
            + modifiers.map { "\($0.name)=\(variant.tokenContexts[$0.name] ?? $0.defaultContext)" }
    }
}
