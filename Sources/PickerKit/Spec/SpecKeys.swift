/// The keys each object of a spec may hold, in one place, so the decoder, its did-you-mean hints, and the
/// test that keeps the JSON Schema in step all read the same lists.
package enum SpecKeys {
    /// The top-level object.
    package static let root = [
        "$schema", "extends", "tokens", "items", "selection", "style", "animation", "output", "touches", "variants",
    ]
    /// An item written as an object.
    package static let item = ["value", "label", "icon", "image"]
    /// `selection`.
    package static let selection = ["initial", "sequence", "tail"]
    /// Each `selection.sequence[i]`.
    package static let change = ["select", "after", "curve", "duration"]
    /// `style`.
    package static let style = [
        "preset", "orientation", "distribution", "spacing", "segmentPadding", "padding", "font", "labelColor", "background", "highlight",
        "colorScheme", "layoutDirection", "dynamicTypeSize", "icon", "track", "separators", "selectedLabel", "increaseContrast",
        "reduceMotion",
    ]
    /// `style.icon`.
    package static let icon = ["size", "spacing", "position"]
    /// `style.track`.
    package static let track = ["color", "cornerRadius", "padding"]
    /// `style.separators` written as an object.
    package static let separators = ["color", "width", "inset"]
    /// `style.selectedLabel`.
    package static let selectedLabel = ["color", "weight"]
    /// Each `style.highlight.shadows[i]`.
    package static let shadow = ["color", "x", "y", "blur"]
    /// `touches` written as an object.
    package static let touches = ["color", "opacity", "diameter"]
    /// `variants`.
    package static let variants = [
        "colorScheme", "layoutDirection", "dynamicTypeSize", "scale", "increaseContrast", "reduceMotion", "tokens",
    ]
    /// `style.segmentPadding` and `style.track.padding` written as an object.
    package static let padding = ["horizontal", "vertical"]
    /// `style.font`.
    package static let font = ["family", "size", "weight", "file"]
    /// `style.highlight`.
    package static let highlight = ["cornerRadius", "color", "opacity", "layer", "shadows"]
    /// A curve's `spring` object.
    package static let spring = ["response", "dampingFraction"]
    /// `animation`.
    package static let animation = ["curve", "duration", "reduceMotion"]
    /// `output`.
    package static let output = ["fps", "scale", "loop"]
}
