import CPickerCairo
import PickerKit

/// Draws the parts of a picker frame on any cairo context in point coordinates: the background, the labels,
/// and the highlight.
///
/// Shared by the PNG and SVG paths so both show the same picture.
struct PickerPainter {
    let style: ResolvedStyle
    let layout: PickerLayout
    let text: PangoText

    /// Fills the whole canvas with the background colour, replacing what was there (so "clear" clears).
    func paintBackground(on context: CairoContext) {
        cairo_save(context.pointer)
        cairo_set_operator(context.pointer, CAIRO_OPERATOR_SOURCE)
        context.setSource(style.background)
        cairo_paint(context.pointer)
        cairo_restore(context.pointer)
    }

    /// Draws every label centred in its segment.
    func drawLabels(on context: CairoContext) {
        context.setSource(style.labelColor)
        for segment in layout.segments {
            text.draw(segment.item.displayedLabel, font: style.font, at: segment.labelOrigin.x, segment.labelOrigin.y, on: context.pointer)
        }
    }

    /// Fills the highlight's rounded rect with its colour at its opacity (the colour's own alpha included).
    func drawHighlight(_ highlight: Highlight, on context: CairoContext) {
        guard highlight.rect.width > 0, highlight.rect.height > 0 else { return }
        context.addRoundedRect(highlight.rect, radius: highlight.cornerRadius)
        context.setSource(style.highlight.color.multiplyingAlpha(by: highlight.opacity))
        cairo_fill(context.pointer)
    }

    /// Draws a whole frame from nothing, in the order the seed's view stacks its layers.
    func drawFrame(highlight: Highlight?, on context: CairoContext) {
        paintBackground(on: context)
        if let highlight, style.highlight.layer == .background {
            drawHighlight(highlight, on: context)
        }
        drawLabels(on: context)
        if let highlight, style.highlight.layer == .overlay {
            drawHighlight(highlight, on: context)
        }
    }
}
