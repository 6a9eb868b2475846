/// How two pictures are compared: the colour metric, how far apart two colours may be, whether anti-aliasing
/// counts, and whether to draw a diff picture.
///
/// The defaults are the ones measured in docs/compare.md to catch what a reviewer sees in a picker and to pass
/// the hinting differences of other font rasterisers: YIQ at threshold 0.02.
public struct ComparisonSettings: Equatable, Sendable {
    /// The colour difference pixels are compared by.
    public var metric: ColorMetric
    /// How different two colours may be and still count as the same, from 0 (exact) to 1 (anything goes) on the
    /// metric's own scale: for OKLab the HyAB distance (black to white is 1), for YIQ the square root of the
    /// squared distance over its largest value, as pixelmatch's `threshold`.
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

    /// The default threshold of the default metric.
    public static let defaultThreshold = ColorMetric.standard.defaultThreshold

    /// Settings with the measured defaults unless given; `threshold` nil takes the metric's `defaultThreshold`.
    public init(
        metric: ColorMetric = .standard,
        threshold: Double? = nil,
        includesAntialiasing: Bool = false,
        drawsDiffImage: Bool = false,
        fadedOpacity: Double = 0.1
    ) {
        self.metric = metric
        self.threshold = threshold ?? metric.defaultThreshold
        self.includesAntialiasing = includesAntialiasing
        self.drawsDiffImage = drawsDiffImage
        self.fadedOpacity = fadedOpacity
    }
}
