import CPickerCairo
import PickerKit

/// Draws a picker frame on any cairo context in point coordinates, in the order the seed's view stacks its layers:
/// background, track, separators, the highlight under or over the labels (with its shadows), labels and icons,
/// touches.
///
/// Shared by the PNG and SVG paths so both show the same picture.
struct PickerPainter {
    let style: ResolvedStyle
    let layout: PickerLayout
    let text: PangoText
    /// Each item's icon or image, loaded for this painter's thread; nil for none.
    let graphics: [LoadedGraphic?]
    /// Pixels per point of the masks that shadows are blurred in.
    let rasterScale: Double
    /// False draws everything but the labels and template icons: what lies beneath them, for the contrast audit.
    var drawsLooks = true

    /// Fills the whole canvas with the background colour, replacing what was there (so "clear" clears).
    func paintBackground(on context: CairoContext) {
        cairo_save(context.pointer)
        cairo_set_operator(context.pointer, CAIRO_OPERATOR_SOURCE)
        context.setSource(style.background)
        cairo_paint(context.pointer)
        cairo_restore(context.pointer)
    }

    /// Draws a whole frame, or only the parts that reach into `area` (the clip of a redraw: the rest is clipped
    /// away anyway, and skipping it saves shaping and drawing labels nobody sees).
    func draw(_ state: FrameState, on context: CairoContext, within area: Rect? = nil) {
        func reaches(_ rect: Rect) -> Bool {
            guard let area else { return true }
            return rect.x < area.maxX && rect.maxX > area.x && rect.y < area.maxY && rect.maxY > area.y
        }
        paintBackground(on: context)
        drawTrack(on: context)
        for (index, rect) in layout.separators.enumerated() where reaches(rect) {
            drawSeparator(index, opacity: separatorOpacity(index, in: state), on: context)
        }
        if let highlight = state.highlight, style.highlight.layer == .background { drawHighlight(highlight, on: context) }
        for (index, segment) in layout.segments.enumerated()
        where reaches(segment.frame.outset(by: 2).union(segment.labelFrame.outset(by: 2))) {
            drawContent(of: segment, graphic: graphics[index], selected: selection(state, index), on: context)
        }
        if let highlight = state.highlight, style.highlight.layer == .overlay { drawHighlight(highlight, on: context) }
        for touch in state.touches {
            let radius = touch.diameter / 2
            if reaches(Rect(x: touch.center.x - radius, y: touch.center.y - radius, width: touch.diameter, height: touch.diameter)) {
                drawTouch(touch, on: context)
            }
        }
    }

    /// True when `state` looks like the static layer (the frame with nothing selected) with its highlight on top.
    ///
    /// So it is when the highlight is an overlay, labels look the same selected or not, and there are no separators
    /// to hide and no touches. Then the static layer's pixels are what a redraw paints under the highlight, and
    /// drawing the highlight over them gives the frame's pixels without shaping or drawing a label.
    func showsOnlyTheHighlightOverTheStaticLayer(_ state: FrameState) -> Bool {
        style.highlight.layer == .overlay && !style.selectedLabelDiffers && style.separators == nil && state.touches.isEmpty
    }

    /// The track behind the segments, when the style has one.
    func drawTrack(on context: CairoContext) {
        guard let track = style.track, let rect = layout.track else { return }
        context.addRoundedRect(rect, radius: rect.cornerRadius(clamping: track.cornerRadius))
        context.setSource(track.color)
        cairo_fill(context.pointer)
    }

    /// How visible the separator after segment `index` is in `state`: hidden as the highlight arrives beside it.
    func separatorOpacity(_ index: Int, in state: FrameState) -> Double {
        1 - min(max(max(selection(state, index), selection(state, index + 1)), 0), 1)
    }

    /// The separator after segment `index` at `opacity`.
    func drawSeparator(_ index: Int, opacity: Double, on context: CairoContext) {
        guard let separators = style.separators, layout.separators.indices.contains(index), opacity > 0 else { return }
        let rect = layout.separators[index]
        guard rect.width > 0, rect.height > 0 else { return }
        cairo_rectangle(context.pointer, rect.x, rect.y, rect.width, rect.height)
        context.setSource(separators.color.multiplyingAlpha(by: opacity))
        cairo_fill(context.pointer)
    }

    /// A touch circle.
    func drawTouch(_ touch: Touch, on context: CairoContext) {
        guard let touches = style.touches, touch.opacity > 0, touch.diameter > 0 else { return }
        cairo_new_sub_path(context.pointer)
        cairo_arc(context.pointer, touch.center.x, touch.center.y, touch.diameter / 2, 0, 2 * Double.pi)
        context.setSource(touches.color.multiplyingAlpha(by: touch.opacity))
        cairo_fill(context.pointer)
    }

    /// How selected item `index` looks in `state`, 0 when the state does not say.
    func selection(_ state: FrameState, _ index: Int) -> Double {
        state.selection.indices.contains(index) ? state.selection[index] : 0
    }

    /// The highlight's shadows, then its rounded rect in its colour at its opacity (the colour's own alpha included).
    func drawHighlight(_ highlight: Highlight, on context: CairoContext) {
        guard highlight.rect.width > 0, highlight.rect.height > 0 else { return }
        let fade = style.highlight.opacity > 0 ? highlight.opacity / style.highlight.opacity : 0
        for shadow in style.highlight.shadows {
            ShadowPainter.draw(
                shadow, of: highlight.rect, radius: highlight.cornerRadius, opacity: fade, on: context, rasterScale: rasterScale)
        }
        context.addRoundedRect(highlight.rect, radius: highlight.cornerRadius)
        context.setSource(style.highlight.color.multiplyingAlpha(by: highlight.opacity))
        cairo_fill(context.pointer)
    }

    /// A segment's icon and label, cross-fading from the regular look to the selected one as `selected` goes from
    /// 0 to 1 (when the selected label looks different at all).
    func drawContent(of segment: PickerLayout.Segment, graphic: LoadedGraphic?, selected: Double, on context: CairoContext) {
        let amount = style.selectedLabelDiffers ? min(max(selected, 0), 1) : 0
        drawPicture(of: segment, graphic: graphic, on: context)
        guard drawsLooks else { return }
        if amount <= 0 {
            drawLook(of: segment, graphic: graphic, selected: false, on: context)
        } else if amount >= 1 {
            drawLook(of: segment, graphic: graphic, selected: true, on: context)
        } else {
            drawMix(of: segment, graphic: graphic, amount: amount, on: context)
        }
    }

    /// The two looks of a segment's label mixed, regular × (1 − amount) + selected × amount, then drawn over the
    /// frame: a true cross-fade, as iOS shows a label changing weight or colour.
    ///
    /// Each look is drawn whole in a group of its own and the two are added at their weights in a third, so a pixel
    /// that is ink in both looks stays that ink; one translucent look over the other let the background through
    /// both (the segmented preset's black label greyed to 56/255 halfway); and colour glyphs, which cairo draws
    /// ignoring the source's alpha, fade with their look. The groups are clipped to the segment
    /// and its label, a font size around, so they stay the size of a label, not of the canvas.
    func drawMix(of segment: PickerLayout.Segment, graphic: LoadedGraphic?, amount: Double, on context: CairoContext) {
        let cairo = context.pointer
        var area = segment.frame.union(segment.labelFrame)
        if let icon = segment.graphicFrame { area = area.union(icon) }
        area = area.outset(by: max(style.font.size, style.selectedFont.size, 2))
        cairo_save(cairo)
        cairo_rectangle(cairo, area.x, area.y, area.width, area.height)
        cairo_clip(cairo)
        cairo_push_group(cairo)
        for (selected, weight) in [(false, 1 - amount), (true, amount)] {
            cairo_push_group(cairo)
            cairo_set_operator(cairo, CAIRO_OPERATOR_OVER)
            drawLook(of: segment, graphic: graphic, selected: selected, on: context)
            cairo_pop_group_to_source(cairo)
            cairo_set_operator(cairo, CAIRO_OPERATOR_ADD)
            cairo_paint_with_alpha(cairo, weight)
        }
        cairo_pop_group_to_source(cairo)
        cairo_set_operator(cairo, CAIRO_OPERATOR_OVER)
        cairo_paint(cairo)
        cairo_restore(cairo)
    }

    /// A segment's image in its own colours, which looks the same whatever the selection; nothing for a template.
    func drawPicture(of segment: PickerLayout.Segment, graphic: LoadedGraphic?, on context: CairoContext) {
        guard let graphic, !graphic.isTemplate else { return }
        graphic.draw(tint: nil, on: context.pointer)
    }

    /// A segment's label (and template icon, which takes the label's colour) in its regular or selected look, opaque
    /// as the look is: a cross-fade mixes two of them (`drawMix`).
    func drawLook(of segment: PickerLayout.Segment, graphic: LoadedGraphic?, selected: Bool, on context: CairoContext) {
        let label = segment.item.displayedLabel
        let color = selected ? style.selectedLabelColor : style.labelColor
        if let graphic, graphic.isTemplate {
            graphic.draw(tint: color, on: context.pointer)
        }
        if !label.isEmpty {
            context.setSource(color)
            let origin = selected ? segment.selectedLabelOrigin : segment.labelOrigin
            text.draw(label, font: selected ? style.selectedFont : style.font, at: origin.x, origin.y, on: context.pointer)
        }
    }

    /// The area that differs from the frame with nothing selected (the drawer's static layer) in `state`: the
    /// highlight and its shadows, the segments whose labels are cross-fading with their separators, the touches.
    func changedArea(in state: FrameState) -> Rect? {
        var area = Rect(x: 0, y: 0, width: 0, height: 0)
        if let highlight = state.highlight, highlight.rect.width > 0, highlight.rect.height > 0 {
            area = area.union(highlight.rect)
            for shadow in style.highlight.shadows { area = area.union(ShadowPainter.bounds(of: shadow, around: highlight.rect)) }
        }
        for (index, amount) in state.selection.enumerated() where amount > 0 {
            area = area.union(layout.segments[index].frame.outset(by: 2))
            if let graphic = layout.segments[index].graphicFrame { area = area.union(graphic.outset(by: 1)) }
            for separator in [index - 1, index] where layout.separators.indices.contains(separator) {
                area = area.union(layout.separators[separator])
            }
        }
        for touch in state.touches where touch.opacity > 0 {
            let radius = touch.diameter / 2
            area = area.union(Rect(x: touch.center.x - radius, y: touch.center.y - radius, width: touch.diameter, height: touch.diameter))
        }
        return area.width > 0 && area.height > 0 ? area : nil
    }
}

/// An icon or image ready to paint on one thread: its `GraphicPicture` in a cairo surface of this thread's own.
final class LoadedGraphic {
    private let picture: GraphicPicture
    private let surface: ImageSurface

    /// A surface holding `picture`'s pixels.
    ///
    /// Throws `RenderError.cairo` when cairo cannot allocate it.
    init(_ picture: GraphicPicture) throws(RenderError) {
        self.picture = picture
        surface = try ImageSurface(width: picture.width, height: picture.height)
        guard let data = cairo_image_surface_get_data(surface.pointer) else {
            throw RenderError.cairo(operation: "reach an icon's pixels", detail: "no pixel data")
        }
        let (stride, rowBytes) = (surface.stride, picture.width * 4)
        picture.pixels.withUnsafeBufferPointer { pixels in
            guard let base = pixels.baseAddress else { return }
            for row in 0..<picture.height { (data + row * stride).update(from: base + row * rowBytes, count: rowBytes) }
        }
        cairo_surface_mark_dirty(surface.pointer)
    }

    /// True for a template icon, drawn in the label's colour.
    var isTemplate: Bool { picture.isTemplate }

    /// Paints the picture where it was drawn; a template's shape is filled with `tint`.
    ///
    /// The picture is placed by its pattern's matrix (user space to the picture's pixels), not by changing the
    /// current transformation: cairo 1.16's SVG surface writes a translucent source's mask without the transformation
    /// in force, so a template icon cross-fading in an SVG frame landed at the canvas's top-left corner, at twice its
    /// size (as the shadows once did). Where the context draws `picture.scale` pixels a point (PNG frames), the
    /// picture's pixels land on the frame's own, unfiltered (checked byte for byte at scales 0.7 to 7.9): the frame
    /// looks as if the graphic were drawn into it. An SVG frame gets it as an image.
    func draw(tint: RGBAColor?, on cairo: OpaquePointer) {
        guard let pattern = cairo_pattern_create_for_surface(surface.pointer) else { return }
        defer { cairo_pattern_destroy(pattern) }
        var matrix = cairo_matrix_t()
        cairo_matrix_init(&matrix, picture.scale, 0, 0, picture.scale, -Double(picture.x), -Double(picture.y))
        cairo_pattern_set_matrix(pattern, &matrix)
        if let tint {
            cairo_set_source_rgba(cairo, tint.red, tint.green, tint.blue, tint.alpha)
            cairo_mask(cairo, pattern)
        } else {
            cairo_set_source(cairo, pattern)
            cairo_paint(cairo)
        }
    }
}
