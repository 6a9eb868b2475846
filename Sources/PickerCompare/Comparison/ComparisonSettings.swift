/// How two pictures are compared: how far apart two colours may be, whether anti-aliasing counts, and whether
/// to draw a diff picture.
///
/// The defaults are pixelmatch's, so figures agree with tools built on it.
public struct ComparisonSettings: Equatable, Sendable {
    /// How different two colours may be and still count as the same, from 0 (exact) to 1 (anything goes), as a
    /// fraction of the largest possible YIQ distance (black against white); pixelmatch's default is 0.1.
    ///
    /// Values outside 0...1 are clamped when comparing.
    public var threshold: Double
    /// Counts anti-aliased pixels as differences instead of setting them apart; off by default.
    public var includesAntialiasing: Bool
    /// Draws a diff picture (the expected picture faded, differences red, anti-aliasing yellow); off by default,
    /// since it costs a picture's worth of memory.
    public var drawsDiffImage: Bool
    /// How much of the expected picture shows through in the diff picture, from 0 (white) to 1 (full strength);
    /// pixelmatch's default is 0.1.
    public var fadedOpacity: Double

    /// pixelmatch's default threshold, 0.1: small colour shifts from rounding or colour management match.
    public static let defaultThreshold = 0.1

    /// Settings with pixelmatch's defaults unless given.
    public init(
        threshold: Double = defaultThreshold,
        includesAntialiasing: Bool = false,
        drawsDiffImage: Bool = false,
        fadedOpacity: Double = 0.1
    ) {
        self.threshold = threshold
        self.includesAntialiasing = includesAntialiasing
        self.drawsDiffImage = drawsDiffImage
        self.fadedOpacity = fadedOpacity
    }
}
