/// The keys each object of a spec may hold, in one place, so the decoder, its did-you-mean hints, and the
/// test that keeps the JSON Schema in step all read the same lists.
package enum SpecKeys {
    /// The top-level object.
    package static let root = ["$schema", "items", "selection", "style", "animation", "output"]
    /// An item written as an object.
    package static let item = ["value", "label"]
    /// `selection`.
    package static let selection = ["initial", "sequence", "tail"]
    /// Each `selection.sequence[i]`.
    package static let change = ["select", "after", "curve", "duration"]
    /// `style`.
    package static let style = [
        "orientation", "distribution", "spacing", "segmentPadding", "padding", "font", "labelColor", "background", "highlight",
    ]
    /// `style.segmentPadding` written as an object.
    package static let segmentPadding = ["horizontal", "vertical"]
    /// `style.font`.
    package static let font = ["family", "size", "weight"]
    /// `style.highlight`.
    package static let highlight = ["cornerRadius", "color", "opacity", "layer"]
    /// A curve's `spring` object.
    package static let spring = ["response", "dampingFraction"]
    /// `animation`.
    package static let animation = ["curve", "duration"]
    /// `output`.
    package static let output = ["fps", "scale", "loop"]
}
