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
    public var segmentPadding: Padding?
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
    /// Which look the other fields start from: the seed's (`plain`, the default) or the system segmented control's.
    public var preset: StylePreset?
    /// Light (the default) or dark: named colours take the scheme's value.
    public var colorScheme: ColorScheme?
    /// Left to right (the default) or right to left, which mirrors a horizontal picker.
    public var layoutDirection: LayoutDirection?
    /// The text size category (default `.large`): fonts and icons scale as UIFontMetrics scales the body style.
    public var dynamicTypeSize: DynamicTypeSize?
    /// How icons sit beside or above their labels.
    public var icon: IconStyle
    /// A rounded rect behind all the segments (the segmented control's track); nil for none (the plain default).
    public var track: TrackStyle?
    /// Lines between neighbouring segments, hidden beside the highlight; nil takes the preset's (plain: none).
    public var separators: Separators?
    /// How the selected label changes as the highlight arrives (colour and weight, cross-fading).
    public var selectedLabel: SelectedLabelStyle
    /// Whether the device's Increase Contrast setting is on: system colours take their increased-contrast values
    /// (docs/ios-appearance.md); nil is off.
    public var increaseContrast: Bool?
    /// Whether the device's Reduce Motion setting is on: changes move as `AnimationSettings.reducedMotion` says;
    /// nil is off.
    public var reduceMotion: Bool?

    /// A style; every field left out takes its default.
    public init(
        orientation: Orientation? = nil, distribution: Distribution? = nil, spacing: Double? = nil,
        segmentPadding: Padding? = nil, padding: Double? = nil, font: FontStyle = FontStyle(),
        labelColor: PickerColor? = nil, background: PickerColor? = nil, highlight: HighlightStyle = HighlightStyle(),
        preset: StylePreset? = nil, colorScheme: ColorScheme? = nil, layoutDirection: LayoutDirection? = nil,
        dynamicTypeSize: DynamicTypeSize? = nil, icon: IconStyle = IconStyle(), track: TrackStyle? = nil,
        separators: Separators? = nil, selectedLabel: SelectedLabelStyle = SelectedLabelStyle(), increaseContrast: Bool? = nil,
        reduceMotion: Bool? = nil
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
        self.preset = preset
        self.colorScheme = colorScheme
        self.layoutDirection = layoutDirection
        self.dynamicTypeSize = dynamicTypeSize
        self.icon = icon
        self.track = track
        self.separators = separators
        self.selectedLabel = selectedLabel
        self.increaseContrast = increaseContrast
        self.reduceMotion = reduceMotion
    }
}

/// The look a style starts from; every part of a preset is a field a spec can also set on its own.
public enum StylePreset: String, Hashable, Sendable, CaseIterable {
    /// The seed's demo: labels in a row, a gray 0.4 rounded rect over the selected one.
    case plain
    /// `Picker(...).pickerStyle(.segmented)`: a track, a white thumb with shadows under 13 pt medium labels (the
    /// selected one semibold), separators, equal segments, and UIKit's thumb spring.
    case segmented
}

/// SwiftUI's `LayoutDirection`.
public enum LayoutDirection: String, Hashable, Sendable, CaseIterable {
    /// The default: the first item leftmost.
    case leftToRight
    /// Arabic, Hebrew: a horizontal picker is mirrored, the first item rightmost, as an `HStack` lays it out.
    case rightToLeft
}

/// SwiftUI's `DynamicTypeSize`, with the body style's size at each (docs/ios-appearance.md).
public enum DynamicTypeSize: String, Hashable, Sendable, CaseIterable {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5

    /// The body text style's size in points at this size category (17 at `.large`).
    public var bodySize: Double {
        switch self {
        case .xSmall: return 14
        case .small: return 15
        case .medium: return 16
        case .large: return 17
        case .xLarge: return 19
        case .xxLarge: return 21
        case .xxxLarge: return 23
        case .accessibility1: return 28
        case .accessibility2: return 33
        case .accessibility3: return 40
        case .accessibility4: return 47
        case .accessibility5: return 53
        }
    }

    /// How much fonts and icons grow against `.large`: size × (body size here ÷ 17), as UIFontMetrics scales a
    /// custom font for the body style.
    public var scaleFactor: Double { bodySize / 17 }

    /// The short name variant suffixes use: `xs`, `s`, `m`, `l`, `xl`, `xxl`, `xxxl`, `ax1` … `ax5`.
    public var shortName: String {
        switch self {
        case .xSmall: return "xs"
        case .small: return "s"
        case .medium: return "m"
        case .large: return "l"
        case .xLarge: return "xl"
        case .xxLarge: return "xxl"
        case .xxxLarge: return "xxxl"
        case .accessibility1: return "ax1"
        case .accessibility2: return "ax2"
        case .accessibility3: return "ax3"
        case .accessibility4: return "ax4"
        case .accessibility5: return "ax5"
        }
    }
}

/// How an icon sits with its label; nil fields take the defaults (the font's size, 4 pt, leading).
public struct IconStyle: Hashable, Sendable {
    /// The icon's height (and width, for a square icon) in points; nil is the font's size.
    public var size: Double?
    /// Points between icon and label; nil is 4, the gap SwiftUI's `Label` leaves at body size.
    public var spacing: Double?
    /// Before the label (the default; the leading side, so the right in right-to-left) or above it.
    public var position: IconPosition?

    /// An icon style; the fields left out take their defaults.
    public init(size: Double? = nil, spacing: Double? = nil, position: IconPosition? = nil) {
        self.size = size
        self.spacing = spacing
        self.position = position
    }
}

/// Where an icon sits against its label.
public enum IconPosition: String, Hashable, Sendable, CaseIterable {
    /// Before the label, on the leading side, as `Label` places it.
    case leading
    /// Above the label, both centred.
    case top
}

/// The rounded rect behind all the segments: the segmented control's track.
///
/// Nil fields take the segmented preset's values (tertiarySystemFill, radius 9, padding 3 × 2).
public struct TrackStyle: Hashable, Sendable {
    /// The fill.
    public var color: PickerColor?
    /// The corner radius, clamped to half the shorter side.
    public var cornerRadius: Double?
    /// Points between the track's edge and the segments.
    public var padding: Padding?

    /// A track; the fields left out take the segmented preset's values.
    public init(color: PickerColor? = nil, cornerRadius: Double? = nil, padding: Padding? = nil) {
        self.color = color
        self.cornerRadius = cornerRadius
        self.padding = padding
    }
}

/// The lines between segments: hidden, or shown with a style.
public enum Separators: Hashable, Sendable {
    /// No separators (`false` in JSON).
    case hidden
    /// Separators drawn as `style` says (`{...}` or `true` in JSON).
    case shown(SeparatorStyle)
}

/// A separator's look; nil fields take the segmented preset's values (#8E8E93 at 30 %, 1 pt, inset 5 pt).
public struct SeparatorStyle: Hashable, Sendable {
    /// The line's colour.
    public var color: PickerColor?
    /// The line's width in points.
    public var width: Double?
    /// Points left free at each end of the line.
    public var inset: Double?

    /// A separator style; the fields left out take the segmented preset's values.
    public init(color: PickerColor? = nil, width: Double? = nil, inset: Double? = nil) {
        self.color = color
        self.width = width
        self.inset = inset
    }
}

/// How the selected item's label looks once the highlight is on it; nil fields keep the other labels' look.
public struct SelectedLabelStyle: Hashable, Sendable {
    /// The selected label's colour.
    public var color: PickerColor?
    /// The selected label's weight.
    public var weight: FontWeight?

    /// A selected-label style; the fields left out keep the labels' own colour and weight.
    public init(color: PickerColor? = nil, weight: FontWeight? = nil) {
        self.color = color
        self.weight = weight
    }
}

/// A shadow under the highlight, as SwiftUI's `.shadow(color:radius:x:y:)`: the highlight's shape in `color`,
/// offset and blurred.
public struct Shadow: Hashable, Sendable {
    /// The shadow's colour, usually black with a little alpha.
    public var color: PickerColor
    /// Points to the right.
    public var x: Double
    /// Points down.
    public var y: Double
    /// The blur radius in points (a Gaussian of standard deviation blur ÷ 2, as CSS and Core Animation use).
    public var blur: Double

    /// A shadow.
    public init(color: PickerColor, x: Double = 0, y: Double = 0, blur: Double = 0) {
        self.color = color
        self.x = x
        self.y = y
        self.blur = blur
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

/// Padding on the left and right (`horizontal`) and on the top and bottom (`vertical`), in points.
public struct Padding: Hashable, Sendable {
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
    /// A TTF, OTF or TTC file, relative to the spec's folder as icons are, that labels are drawn with, alone.
    ///
    /// Never looked up among installed fonts, so two machines draw the same glyphs; its own family replaces
    /// `family`. A file that is missing, unreadable or not a font is a spec error naming `style.font.file`.
    public var file: String?

    /// A font; the fields left out take their defaults.
    public init(family: String? = nil, size: Double? = nil, weight: FontWeight? = nil, file: String? = nil) {
        self.family = family
        self.size = size
        self.weight = weight
        self.file = file
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
    /// Shadows drawn under the highlight, moving and fading with it; nil takes the preset's (plain: none).
    public var shadows: [Shadow]?

    /// A highlight style; the fields left out take the seed's values.
    public init(
        cornerRadius: Double? = nil, color: PickerColor? = nil, opacity: Double? = nil, layer: HighlightLayer? = nil,
        shadows: [Shadow]? = nil
    ) {
        self.cornerRadius = cornerRadius
        self.color = color
        self.opacity = opacity
        self.layer = layer
        self.shadows = shadows
    }
}
