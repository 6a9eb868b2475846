/// How the picker looks.
///
/// Every field is optional: nil takes the default (the seed's demo), so a spec says only what it changes, and
/// `PickerSpec.jsonData()` writes back exactly what was set.
public struct PickerStyle: Hashable, Sendable {
    /// Row (`HStack`, the default) or column (`VStack`).
    public var orientation: Orientation?
    /// Segments sized to their labels (the default) or all as large as the largest.
    public var distribution: Distribution?
    /// Points between neighbouring segments; default 8 (SwiftUI's `HStack` spacing).
    public var spacing: Double?
    /// Points around each label inside its segment; default 0.
    public var segmentPadding: SegmentPadding?
    /// Points around the whole picker, on every side of the canvas; default 16.
    public var padding: Double?
    /// The labels' font; default Inter 17 regular.
    public var font: FontStyle
    /// The labels' colour; default `.accent`.
    public var labelColor: PickerColor?
    /// The canvas colour; default `.white`; `.clear` gives a transparent picture.
    public var background: PickerColor?
    /// The highlight's look.
    public var highlight: HighlightStyle

    /// A style; every field left out takes its default.
    public init(
        orientation: Orientation? = nil, distribution: Distribution? = nil, spacing: Double? = nil,
        segmentPadding: SegmentPadding? = nil, padding: Double? = nil, font: FontStyle = FontStyle(),
        labelColor: PickerColor? = nil, background: PickerColor? = nil, highlight: HighlightStyle = HighlightStyle()
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

/// Whether segments run left to right (`HStack`, the seed) or top to bottom (`VStack`).
public enum Orientation: String, Hashable, Sendable, CaseIterable {
    case horizontal
    case vertical
}

/// Whether each segment is sized to its own label (`fit`, the seed) or all as large as the largest (`equal`).
public enum Distribution: String, Hashable, Sendable, CaseIterable {
    case fit
    case equal
}

/// Whether the highlight is drawn over the labels (`overlay`, the seed's `.overlay`) or under them.
public enum HighlightLayer: String, Hashable, Sendable, CaseIterable {
    case overlay
    case background
}

/// Padding added on the left and right (`horizontal`) and on the top and bottom (`vertical`) of a segment's label.
public struct SegmentPadding: Hashable, Sendable {
    /// Points added on each of the left and right sides.
    public var horizontal: Double
    /// Points added on each of the top and bottom sides.
    public var vertical: Double

    /// A padding of `horizontal` and `vertical` points.
    public init(horizontal: Double, vertical: Double) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// The same padding on every side.
    public init(_ all: Double) {
        self.init(horizontal: all, vertical: all)
    }
}

/// The labels' font; nil fields take the defaults (Inter, 17 pt, regular).
public struct FontStyle: Hashable, Sendable {
    /// A fontconfig family name; a family that is not installed falls back to a similar font, with a warning.
    public var family: String?
    /// The size in points, 1 to 512.
    public var size: Double?
    /// The weight, 100 to 1000 (`.regular` is 400).
    public var weight: FontWeight?

    /// A font; the fields left out take their defaults.
    public init(family: String? = nil, size: Double? = nil, weight: FontWeight? = nil) {
        self.family = family
        self.size = size
        self.weight = weight
    }
}

/// A font weight on the CSS scale, with SwiftUI's names: `.regular` is 400, `.semibold` 600, `.bold` 700.
public struct FontWeight: Hashable, Sendable, ExpressibleByIntegerLiteral {
    /// The CSS weight, 100 to 1000.
    public var value: Int

    /// A weight from its CSS number.
    public init(_ value: Int) {
        self.value = value
    }

    /// A weight from its CSS number.
    public init(integerLiteral value: Int) {
        self.value = value
    }

    /// 100.
    public static let ultraLight = FontWeight(100)
    /// 200.
    public static let thin = FontWeight(200)
    /// 300.
    public static let light = FontWeight(300)
    /// 400.
    public static let regular = FontWeight(400)
    /// 500.
    public static let medium = FontWeight(500)
    /// 600.
    public static let semibold = FontWeight(600)
    /// 700.
    public static let bold = FontWeight(700)
    /// 800.
    public static let heavy = FontWeight(800)
    /// 900.
    public static let black = FontWeight(900)

    /// SwiftUI's weight names and their CSS numbers, as a spec may write them.
    public static let names: [(name: String, weight: FontWeight)] = [
        ("ultraLight", .ultraLight), ("thin", .thin), ("light", .light), ("regular", .regular), ("medium", .medium),
        ("semibold", .semibold), ("bold", .bold), ("heavy", .heavy), ("black", .black),
    ]
}

/// The highlight's look: SwiftUI's `RoundedRectangle(cornerRadius:)` filled with `color.opacity(opacity)`; nil
/// fields take the seed's values (16, `.gray`, 0.4, overlay).
public struct HighlightStyle: Hashable, Sendable {
    /// The requested corner radius in points; drawing clamps it to half the shorter side, as `RoundedRectangle` does.
    public var cornerRadius: Double?
    /// The fill colour; its own alpha multiplies with `opacity`.
    public var color: PickerColor?
    /// The opacity multiplied into the fill, 0…1.
    public var opacity: Double?
    /// Over or under the labels.
    public var layer: HighlightLayer?

    /// A highlight style; the fields left out take the seed's values.
    public init(cornerRadius: Double? = nil, color: PickerColor? = nil, opacity: Double? = nil, layer: HighlightLayer? = nil) {
        self.cornerRadius = cornerRadius
        self.color = color
        self.opacity = opacity
        self.layer = layer
    }
}
