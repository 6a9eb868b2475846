/// Everything that moves in one frame: the highlight, how selected each label looks, and the touches showing.
///
/// Two frames with equal states are the same picture.
package struct FrameState: Equatable, Sendable {
    /// The highlight, or nil when none is visible.
    package var highlight: Highlight?
    /// For each item, how far its label has turned into the selected label, 0 … 1 (the highlight's share of the
    /// segment times its opacity); empty when the selected label looks like the others and there are no
    /// separators, which are hidden beside the highlight by the same amounts.
    package var selection: [Double]
    /// The touch circles showing.
    package var touches: [Touch]

    /// A state.
    package init(highlight: Highlight?, selection: [Double] = [], touches: [Touch] = []) {
        self.highlight = highlight
        self.selection = selection
        self.touches = touches
    }
}

/// A touch indicator on screen: a circle at `center`.
package struct Touch: Equatable, Sendable {
    /// The circle's centre, in points.
    package var center: Point
    /// The circle's diameter, in points.
    package var diameter: Double
    /// Its opacity now, 0 … 1, times the style's colour.
    package var opacity: Double
}
