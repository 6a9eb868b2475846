import CPickerCairo
import CPickerPango

/// How labels are rasterised: hinting, anti-aliasing and glyph placement.
///
/// As another machine's font stack might set them. For measuring what a comparison tolerates (docs/compare.md), not for rendering: the renderer always
/// draws with `standard`.
///
/// Set it for a scope with `TextRasterSettings.$current.withValue(...)`; a `PangoText` created inside the scope
/// draws (but does not measure) with it, so the layout stays the one every machine computes.
package struct TextRasterSettings: Equatable, Sendable, CustomStringConvertible {
    /// cairo's hint styles.
    package enum HintStyle: String, CaseIterable, Sendable {
        case none, slight, medium, full
    }

    /// cairo's anti-aliasing modes for text.
    package enum Antialias: String, CaseIterable, Sendable {
        case gray, none, subpixel
    }

    /// How strongly outlines are fitted to the pixel grid.
    package var hintStyle: HintStyle
    /// Whether glyph advances are rounded to whole pixels.
    package var hintsMetrics: Bool
    /// How edges are smoothed.
    package var antialias: Antialias
    /// Whether Pango rounds glyph positions to whole pixels.
    package var roundsGlyphPositions: Bool

    /// What the renderer uses: no hinting, unhinted metrics, greyscale anti-aliasing, unrounded positions.
    package static let standard = TextRasterSettings(hintStyle: .none, hintsMetrics: false, antialias: .gray, roundsGlyphPositions: false)

    /// The settings a `PangoText` created now draws with; `standard` unless a scope sets otherwise.
    @TaskLocal package static var current = TextRasterSettings.standard

    package init(hintStyle: HintStyle, hintsMetrics: Bool, antialias: Antialias, roundsGlyphPositions: Bool) {
        self.hintStyle = hintStyle
        self.hintsMetrics = hintsMetrics
        self.antialias = antialias
        self.roundsGlyphPositions = roundsGlyphPositions
    }

    /// Such as `hint style slight, hinted metrics, antialias gray, rounded positions`.
    package var description: String {
        [
            "hint style \(hintStyle.rawValue)", hintsMetrics ? "hinted metrics" : "unhinted metrics", "antialias \(antialias.rawValue)",
            roundsGlyphPositions ? "rounded positions" : "unrounded positions",
        ].joined(separator: ", ")
    }

    /// Puts these settings on a Pango context.
    func apply(to context: OpaquePointer) {
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, hintsMetrics ? CAIRO_HINT_METRICS_ON : CAIRO_HINT_METRICS_OFF)
        switch hintStyle {
        case .none: cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        case .slight: cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_SLIGHT)
        case .medium: cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_MEDIUM)
        case .full: cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_FULL)
        }
        switch antialias {
        case .gray: cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        case .none: cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_NONE)
        case .subpixel:
            cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_SUBPIXEL)
            cairo_font_options_set_subpixel_order(options, CAIRO_SUBPIXEL_ORDER_RGB)
        }
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_context_set_round_glyph_positions(context, roundsGlyphPositions ? 1 : 0)
    }
}
