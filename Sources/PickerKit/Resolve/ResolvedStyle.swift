/// A spec's style with every default filled in from its preset, colours resolved in its colour scheme, and sizes
/// scaled for its text size: what layout and drawing use.
package struct ResolvedStyle: Equatable, Sendable {
    package var preset: StylePreset
    package var colorScheme: ColorScheme
    package var layoutDirection: LayoutDirection
    package var orientation: Orientation
    package var distribution: Distribution
    package var spacing: Double
    package var segmentPadding: Padding
    package var padding: Double
    package var font: ResolvedFont
    /// The selected label's font: `font` with the selected weight.
    package var selectedFont: ResolvedFont
    package var labelColor: RGBAColor
    package var selectedLabelColor: RGBAColor
    package var background: RGBAColor
    package var highlight: ResolvedHighlight
    package var icon: ResolvedIcon
    package var track: ResolvedTrack?
    package var separators: ResolvedSeparators?
    package var touches: ResolvedTouches?

    /// True when the selected label looks different from the others, so labels cross-fade as the highlight moves.
    package var selectedLabelDiffers: Bool {
        selectedFont != font || selectedLabelColor != labelColor
    }
}

/// A font with every field set.
package struct ResolvedFont: Hashable, Sendable {
    package var family: String
    package var size: Double
    /// The CSS weight, 100 to 1000.
    package var weight: Int

    package init(family: String, size: Double, weight: Int) {
        self.family = family
        self.size = size
        self.weight = weight
    }
}

/// The highlight's look with every field set.
package struct ResolvedHighlight: Equatable, Sendable {
    package var cornerRadius: Double
    package var color: RGBAColor
    package var opacity: Double
    package var layer: HighlightLayer
    package var shadows: [ResolvedShadow]

    package init(cornerRadius: Double, color: RGBAColor, opacity: Double, layer: HighlightLayer, shadows: [ResolvedShadow] = []) {
        self.cornerRadius = cornerRadius
        self.color = color
        self.opacity = opacity
        self.layer = layer
        self.shadows = shadows
    }
}

/// A shadow with its colour resolved.
package struct ResolvedShadow: Equatable, Sendable {
    package var color: RGBAColor
    package var x: Double
    package var y: Double
    package var blur: Double
}

/// How icons sit with their labels.
package struct ResolvedIcon: Equatable, Sendable {
    /// The icon's height in points, scaled for the text size.
    package var size: Double
    package var spacing: Double
    package var position: IconPosition
}

/// The track behind the segments.
package struct ResolvedTrack: Equatable, Sendable {
    package var color: RGBAColor
    package var cornerRadius: Double
    package var padding: Padding
}

/// The separators between segments.
package struct ResolvedSeparators: Equatable, Sendable {
    package var color: RGBAColor
    package var width: Double
    package var inset: Double
}

/// The touch indicators.
package struct ResolvedTouches: Equatable, Sendable {
    package var color: RGBAColor
    package var diameter: Double
}

/// The animation of one change with the spec's defaults filled in.
package struct ResolvedAnimation: Equatable, Sendable {
    package var curve: AnimationCurve
    /// Seconds, for timing curves; springs ignore it.
    package var duration: Double
}

extension PickerSpec {
    /// The defaults every spec starts from: the seed's demo.
    package enum Defaults {
        package static let orientation = Orientation.horizontal
        package static let distribution = Distribution.fit
        package static let spacing = 8.0
        package static let segmentPadding = Padding(0)
        package static let padding = 16.0
        package static let fontFamily = "Inter"
        package static let fontSize = 17.0
        package static let fontWeight = FontWeight.regular
        package static let labelColor = PickerColor.accent
        package static let background = PickerColor.systemBackground
        package static let cornerRadius = 16.0
        package static let highlightColor = PickerColor.gray
        package static let opacity = 0.4
        package static let layer = HighlightLayer.overlay
        package static let curve = AnimationCurve.linear
        package static let duration = 0.35
        package static let iconSpacing = 4.0
        package static let touchColor = PickerColor.gray
        package static let touchOpacity = 0.5
        package static let touchDiameter = 40.0
    }

    /// The system segmented control's values (docs/ios-appearance.md: Flutter's iOS 17 reproduction).
    package enum Segmented {
        package static let distribution = Distribution.equal
        /// The separators' width: segments sit 1 pt apart with the separator between.
        package static let spacing = 1.0
        /// At least 10 pt around each label; 6 pt above and below make a 13 pt label's segment 28 pt tall.
        package static let segmentPadding = Padding(horizontal: 10, vertical: 6)
        package static let fontSize = 13.0
        package static let fontWeight = FontWeight.medium
        package static let selectedWeight = FontWeight.semibold
        package static let labelColor = PickerColor.primary
        package static let cornerRadius = 7.0
        /// The thumb: white, #636366 in dark mode.
        package static func thumbColor(_ scheme: ColorScheme) -> RGBAColor { RGBAColor(hex: scheme == .dark ? 0x636366 : 0xFFFFFF) }
        package static let shadows = [
            Shadow(color: .hex("#0000001F"), x: 0, y: 3, blur: 8), Shadow(color: .hex("#0000000A"), x: 0, y: 3, blur: 1),
        ]
        package static let trackColor = PickerColor.tertiarySystemFill
        package static let trackRadius = 9.0
        package static let trackPadding = Padding(horizontal: 3, vertical: 2)
        /// #8E8E93 at 30 %.
        package static let separatorColor = PickerColor.hex("#8E8E934D")
        package static let separatorWidth = 1.0
        package static let separatorInset = 5.0
        /// UIKit's thumb spring: mass 1, stiffness 503.551, damping 44.8799, which is response 2π/√503.551 = 0.280 s
        /// and damping fraction 44.8799 / (2√503.551) = 1.000.
        package static let curve = AnimationCurve.spring(response: 0.28, dampingFraction: 1)
    }

    /// The style with defaults filled in from the preset, colours resolved in the spec's colour scheme, fonts and
    /// icons scaled for its text size.
    ///
    /// Call it on a validated spec: a malformed colour (which validation rejects) resolves to clear.
    package var resolvedStyle: ResolvedStyle {
        PlanningTally.resolved()
        let style = self.style
        let preset = style.preset ?? .plain
        let segmented = preset == .segmented
        let scheme = style.colorScheme ?? .light
        let growth = (style.dynamicTypeSize ?? .large).scaleFactor
        let contrast = style.increaseContrast ?? false
        func color(_ value: PickerColor?, _ fallback: PickerColor) -> RGBAColor {
            (value ?? fallback).resolved(in: scheme, increasedContrast: contrast) ?? .clear
        }
        let font = ResolvedFont(
            family: style.font.family ?? Defaults.fontFamily,
            size: (style.font.size ?? (segmented ? Segmented.fontSize : Defaults.fontSize)) * growth,
            weight: (style.font.weight ?? (segmented ? Segmented.fontWeight : Defaults.fontWeight)).value)
        var selectedFont = font
        if let weight = style.selectedLabel.weight ?? (segmented ? Segmented.selectedWeight : nil) { selectedFont.weight = weight.value }
        let labelColor = color(style.labelColor, segmented ? Segmented.labelColor : Defaults.labelColor)
        let shadows = (style.highlight.shadows ?? (segmented ? Segmented.shadows : [])).map { shadow in
            ResolvedShadow(color: color(shadow.color, .clear), x: shadow.x, y: shadow.y, blur: shadow.blur)
        }
        let highlightColor =
            style.highlight.color.map { color($0, $0) } ?? (segmented ? Segmented.thumbColor(scheme) : color(nil, Defaults.highlightColor))
        var track: ResolvedTrack?
        if style.track != nil || segmented {
            track = ResolvedTrack(
                color: color(style.track?.color, Segmented.trackColor),
                cornerRadius: style.track?.cornerRadius ?? Segmented.trackRadius,
                padding: style.track?.padding ?? Segmented.trackPadding)
        }
        var separators: ResolvedSeparators?
        switch style.separators {
        case .hidden: separators = nil
        case .shown(let shown):
            separators = ResolvedSeparators(
                color: color(shown.color, Segmented.separatorColor), width: shown.width ?? Segmented.separatorWidth,
                inset: shown.inset ?? Segmented.separatorInset)
        case .none:
            separators =
                segmented
                ? ResolvedSeparators(
                    color: color(nil, Segmented.separatorColor), width: Segmented.separatorWidth, inset: Segmented.separatorInset)
                : nil
        }
        return ResolvedStyle(
            preset: preset,
            colorScheme: scheme,
            layoutDirection: style.layoutDirection ?? .leftToRight,
            orientation: style.orientation ?? Defaults.orientation,
            distribution: style.distribution ?? (segmented ? Segmented.distribution : Defaults.distribution),
            spacing: style.spacing ?? (segmented ? Segmented.spacing : Defaults.spacing),
            segmentPadding: style.segmentPadding ?? (segmented ? Segmented.segmentPadding : Defaults.segmentPadding),
            padding: style.padding ?? Defaults.padding,
            font: font,
            selectedFont: selectedFont,
            labelColor: labelColor,
            selectedLabelColor: style.selectedLabel.color.map { color($0, $0) } ?? labelColor,
            background: color(style.background, Defaults.background),
            highlight: ResolvedHighlight(
                cornerRadius: style.highlight.cornerRadius ?? (segmented ? Segmented.cornerRadius : Defaults.cornerRadius),
                color: highlightColor,
                opacity: style.highlight.opacity ?? (segmented ? 1 : Defaults.opacity),
                layer: style.highlight.layer ?? (segmented ? .background : Defaults.layer),
                shadows: shadows),
            icon: ResolvedIcon(
                size: (style.icon.size ?? (style.font.size ?? (segmented ? Segmented.fontSize : Defaults.fontSize))) * growth,
                spacing: style.icon.spacing ?? Defaults.iconSpacing, position: style.icon.position ?? .leading),
            track: track,
            separators: separators,
            touches: touches.map { touches in
                ResolvedTouches(
                    color: color(touches.color, Defaults.touchColor).multiplyingAlpha(by: touches.opacity ?? Defaults.touchOpacity),
                    diameter: touches.diameter ?? Defaults.touchDiameter)
            })
    }

    /// The curve and duration `change` animates with: its own, the spec's `animation`, or the preset's.
    package func resolvedAnimation(of change: SelectionChange) -> ResolvedAnimation {
        let presetCurve = style.preset == .segmented ? Segmented.curve : Defaults.curve
        return ResolvedAnimation(
            curve: change.curve ?? animation.curve ?? presetCurve,
            duration: change.duration ?? animation.duration ?? Defaults.duration)
    }
}
