/// Everything needed to draw a segmented picker and animate its selection: the validated form of a spec file.
///
/// Build one with `PickerSpec.decode(_:file:)` (which checks every field and its limits) or in code for tests.
/// All lengths are in points; all times in seconds.
public struct PickerSpec: Equatable, Sendable {
    /// The options, in order: 1 to 64 unique items.
    public var items: [Item]
    /// The selection shown at t = 0; nil shows no highlight.
    public var initialSelection: Item?
    /// The selection changes, in the order they start.
    public var changes: [SelectionChange]
    /// Seconds shown after the last animation has settled.
    public var tail: Double
    /// How the picker looks.
    public var style: PickerStyle
    /// How pictures are sampled: frame rate, pixels per point, looping.
    public var output: OutputSettings

    /// Creates a spec from its parts; `PickerSpec.decode` is the checked way from JSON.
    public init(
        items: [Item], initialSelection: Item? = nil, changes: [SelectionChange] = [], tail: Double = 0.5,
        style: PickerStyle = PickerStyle(), output: OutputSettings = OutputSettings()
    ) {
        self.items = items
        self.initialSelection = initialSelection
        self.changes = changes
        self.tail = tail
        self.style = style
        self.output = output
    }
}

/// One change of selection: which item becomes selected, when, and how the highlight gets there.
public struct SelectionChange: Equatable, Sendable {
    /// The newly selected item; nil fades the highlight out where it is.
    public var selection: Item?
    /// Seconds from the previous change's start (from t = 0 for the first) to this change's start.
    public var after: Double
    /// The curve that animates this change.
    public var curve: AnimationCurve
    /// Seconds a timing curve takes; ignored by springs, which settle by themselves.
    public var duration: Double

    /// Creates a change.
    public init(selection: Item?, after: Double = 0.5, curve: AnimationCurve = .linear, duration: Double = 0.35) {
        self.selection = selection
        self.after = after
        self.curve = curve
        self.duration = duration
    }
}

/// Whether segments run left to right (`HStack`, the seed) or top to bottom (`VStack`).
public enum Orientation: String, Equatable, Sendable, CaseIterable {
    case horizontal
    case vertical
}

/// Whether each segment is sized to its own label (`fit`, the seed) or all as large as the largest (`equal`).
public enum Distribution: String, Equatable, Sendable, CaseIterable {
    case fit
    case equal
}

/// Whether the highlight is drawn over the labels (`overlay`, the seed's `.overlay`) or under them.
public enum HighlightLayer: String, Equatable, Sendable, CaseIterable {
    case overlay
    case background
}

/// The font labels are set in.
public struct FontSpec: Equatable, Hashable, Sendable {
    /// A fontconfig family name; a missing family falls back to a similar font.
    public var family: String
    /// The size in points.
    public var size: Double
    /// The weight on the CSS scale, 100 (ultraLight) to 900 (black); 400 is regular.
    public var weight: Int

    /// Creates a font; the defaults are SwiftUI's body-sized text in Inter.
    public init(family: String = "Inter", size: Double = 17, weight: Int = 400) {
        self.family = family
        self.size = size
        self.weight = weight
    }

    /// SwiftUI's weight names and their CSS numbers.
    public static let weightNames: [(name: String, value: Int)] = [
        ("ultraLight", 100), ("thin", 200), ("light", 300), ("regular", 400), ("medium", 500),
        ("semibold", 600), ("bold", 700), ("heavy", 800), ("black", 900),
    ]
}

/// The highlight's look: SwiftUI's `RoundedRectangle(cornerRadius:)` filled with `color.opacity(opacity)`.
public struct HighlightStyle: Equatable, Sendable {
    /// The requested corner radius; drawing clamps it to half the shorter side.
    public var cornerRadius: Double
    /// The fill colour.
    public var color: RGBAColor
    /// The opacity multiplied into the fill, 0…1.
    public var opacity: Double
    /// Over or under the labels.
    public var layer: HighlightLayer

    /// Creates a highlight style; the defaults are the seed's.
    public init(
        cornerRadius: Double = 16, color: RGBAColor = RGBAColor(hex: 0x8E8E93), opacity: Double = 0.4,
        layer: HighlightLayer = .overlay
    ) {
        self.cornerRadius = cornerRadius
        self.color = color
        self.opacity = opacity
        self.layer = layer
    }
}

/// How the picker looks: arrangement, spacing, font, and colours.
public struct PickerStyle: Equatable, Sendable {
    /// Row or column.
    public var orientation: Orientation
    /// Own size or equal size segments.
    public var distribution: Distribution
    /// Points between neighbouring segments.
    public var spacing: Double
    /// Points around each label inside its segment.
    public var segmentPadding: SegmentPadding
    /// Points around the whole picker, on every side of the canvas.
    public var padding: Double
    /// The labels' font.
    public var font: FontSpec
    /// The labels' colour.
    public var labelColor: RGBAColor
    /// The canvas colour; `clear` gives a transparent picture.
    public var background: RGBAColor
    /// The highlight's look.
    public var highlight: HighlightStyle

    /// Creates a style; the defaults reproduce the seed's demo.
    public init(
        orientation: Orientation = .horizontal, distribution: Distribution = .fit, spacing: Double = 8,
        segmentPadding: SegmentPadding = SegmentPadding(horizontal: 0, vertical: 0), padding: Double = 16,
        font: FontSpec = FontSpec(), labelColor: RGBAColor = RGBAColor(hex: 0x007AFF),
        background: RGBAColor = RGBAColor(hex: 0xFFFFFF), highlight: HighlightStyle = HighlightStyle()
    ) {
        self.orientation = orientation
        self.distribution = distribution
        self.spacing = spacing
        self.segmentPadding = segmentPadding
        self.padding = padding
        self.font = font
        self.labelColor = labelColor
        self.background = background
        self.highlight = highlight
    }
}

/// How the animation is sampled into pictures.
public struct OutputSettings: Equatable, Sendable {
    /// Frames per second.
    public var fps: Double
    /// Pixels per point.
    public var scale: Double
    /// How many times an animated output plays; nil loops forever.
    public var loopCount: Int?

    /// Creates output settings; the defaults are 30 fps at 2x, looping forever.
    public init(fps: Double = 30, scale: Double = 2, loopCount: Int? = nil) {
        self.fps = fps
        self.scale = scale
        self.loopCount = loopCount
    }
}
