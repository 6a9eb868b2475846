/// Measures a label the way it will be drawn, so the layout can size segments without knowing about Pango.
///
/// The renderer's Pango measurer is the real one; tests pass a fake with fixed sizes.
package protocol TextMeasurer {
    /// The label's logical rectangle in points, relative to the point where drawing starts (usually at 0, 0).
    func logicalExtents(of text: String, font: ResolvedFont) -> Rect
}
