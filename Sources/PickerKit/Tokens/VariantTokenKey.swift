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
