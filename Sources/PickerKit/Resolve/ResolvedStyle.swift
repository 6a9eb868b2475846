/// A spec's style with every default filled in and every colour resolved: what layout and drawing use.
package struct ResolvedStyle: Equatable, Sendable {
    package var orientation: Orientation
    package var distribution: Distribution
    package var spacing: Double
    package var segmentPadding: SegmentPadding
    package var padding: Double
    package var font: ResolvedFont
    package var labelColor: RGBAColor
    package var background: RGBAColor
    package var highlight: ResolvedHighlight
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
        package static let segmentPadding = SegmentPadding(0)
        package static let padding = 16.0
        package static let fontFamily = "Inter"
        package static let fontSize = 17.0
        package static let fontWeight = FontWeight.regular
        package static let labelColor = PickerColor.accent
        package static let background = PickerColor.white
        package static let cornerRadius = 16.0
        package static let highlightColor = PickerColor.gray
        package static let opacity = 0.4
        package static let layer = HighlightLayer.overlay
        package static let curve = AnimationCurve.linear
        package static let duration = 0.35
    }

    /// The style with defaults filled in and colours resolved in the light scheme.
    ///
    /// Call it on a validated spec: a malformed colour (which validation rejects) resolves to clear.
    package var resolvedStyle: ResolvedStyle {
        let style = self.style
        func color(_ value: PickerColor?, _ fallback: PickerColor) -> RGBAColor {
            (value ?? fallback).resolved(in: .light) ?? .clear
        }
        return ResolvedStyle(
            orientation: style.orientation ?? Defaults.orientation,
            distribution: style.distribution ?? Defaults.distribution,
            spacing: style.spacing ?? Defaults.spacing,
            segmentPadding: style.segmentPadding ?? Defaults.segmentPadding,
            padding: style.padding ?? Defaults.padding,
            font: ResolvedFont(
                family: style.font.family ?? Defaults.fontFamily, size: style.font.size ?? Defaults.fontSize,
                weight: (style.font.weight ?? Defaults.fontWeight).value),
            labelColor: color(style.labelColor, Defaults.labelColor),
            background: color(style.background, Defaults.background),
            highlight: ResolvedHighlight(
                cornerRadius: style.highlight.cornerRadius ?? Defaults.cornerRadius,
                color: color(style.highlight.color, Defaults.highlightColor),
                opacity: style.highlight.opacity ?? Defaults.opacity,
                layer: style.highlight.layer ?? Defaults.layer))
    }

    /// The curve and duration `change` animates with.
    package func resolvedAnimation(of change: SelectionChange) -> ResolvedAnimation {
        ResolvedAnimation(
            curve: change.curve ?? animation.curve ?? Defaults.curve,
            duration: change.duration ?? animation.duration ?? Defaults.duration)
    }
}
