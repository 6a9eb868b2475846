/// The keys each object of a spec may hold, in one place, so the decoder, its did-you-mean hints, and the
/// test that keeps the JSON Schema in step all read the same lists.
public enum SpecKeys {
    /// The top-level object.
    public static let root = ["$schema", "items", "selection", "style", "animation", "output"]
    /// `selection`.
    public static let selection = ["initial", "sequence", "tail"]
    /// Each `selection.sequence[i]`.
    public static let change = ["select", "after", "curve", "duration"]
    /// `style`.
    public static let style = [
        "orientation", "distribution", "spacing", "segmentPadding", "padding", "font", "labelColor", "background", "highlight",
    ]
    /// `style.font`.
    public static let font = ["family", "size", "weight"]
    /// `style.highlight`.
    public static let highlight = ["cornerRadius", "color", "opacity", "layer"]
    /// `animation`.
    public static let animation = ["curve", "duration"]
    /// `output`.
    public static let output = ["fps", "scale", "loop"]
}
