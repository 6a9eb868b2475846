/// The variant values a spec may give token files of their own (`"variants": {"tokens": {"dark": […]}}`).
///
/// A dark set, an increased-contrast set. A variant takes the files of each of its values, in this order, over the spec's.
package enum VariantTokenKey {
    /// Every value that may have token files.
    package static let all: [String] = ColorScheme.allCases.map(\.rawValue) + ["increaseContrast"]

    /// The values of `variant` that may have token files, in the order their files are layered.
    package static func keys(of variant: Variant) -> [String] {
        [variant.colorScheme.rawValue] + (variant.increaseContrast ? ["increaseContrast"] : [])
    }
}

extension VariantTokenKey {
    /// Throws, at `variants.tokens.KEY`, for a value the spec gives token files that none of `variants` has: a
    /// dark set with no dark variant would never be drawn, as an unknown key would never be read.
    ///
    /// Only the spec's own sets: a theme's are shared by the specs that extend it, some of which render them.
    static func checkUsed(_ merged: SpecPreparation.Merged, by variants: [Variant], file: String?) throws(SpecError) {
        let used = Set(variants.flatMap(keys(of:)))
        for key in merged.ownVariantTokenKeys where !used.contains(key) {
            let files = (merged.variantTokenFiles[key] ?? []).joined(separator: ", ")
            let axis = key == "increaseContrast" ? "\"increaseContrast\": [false, true]" : "\"colorScheme\": [\"light\", \"\(key)\"]"
            throw SpecError(
                file: file, path: JSONPath.root.appending("variants").appending("tokens").appending(key),
                problem: .token(
                    "no variant is \(key), so its token files (\(files)) would never be drawn: add a \(key) variant (\"variants\": {\(axis)}) or remove them"
                ))
        }
    }
}
