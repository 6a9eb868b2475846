/// What the highlight looks like in one frame: where it is, how round, and how opaque.
public struct Highlight: Equatable, Sendable, Codable {
    /// The highlight's rect on the canvas, in points.
    public var rect: Rect
    /// The corner radius actually drawn: the style's radius clamped to half the rect's shorter side, as
    /// SwiftUI's `RoundedRectangle` clamps it.
    public var cornerRadius: Double
    /// The fill's opacity: the style's `opacity` × the fade, in (0, 1].
    public var opacity: Double

    /// Creates a highlight.
    package init(rect: Rect, cornerRadius: Double, opacity: Double) {
        self.rect = rect
        self.cornerRadius = cornerRadius
        self.opacity = opacity
    }
}
