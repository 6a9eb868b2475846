import CPickerCairo
import PickerKit

extension LottieAnimation {
    /// Images, labels and template icons: one look per segment when labels never change, else each segment's two
    /// looks cross-fading as its selection track says (`addFadingLabel`, `addFadingTemplate`).
    func addContent(_ selections: [KeyframeTrack], to layers: inout LottieLayers) throws(RenderError) {
        let segments = plan.layout.segments
        let pictures = try plan.pictures.pictures(scale: plan.spec.output.scale)
        for index in segments.indices {
            guard index < pictures.count, let picture = pictures[index], !picture.isTemplate else { continue }
            let png = try Self.png(of: picture)
            layers.addImage(
                "image \(index + 1)", png: png, width: picture.width, height: picture.height, x: Double(picture.x), y: Double(picture.y))
        }
        guard style.selectedLabelDiffers, selections.count == segments.count else {
            var outlines: [LottieValue] = []
            for (index, segment) in segments.enumerated() {
                let picture = index < pictures.count ? pictures[index] : nil
                try addTemplate(picture, index: index, selected: false, fade: nil, to: &layers)
                if let shape = try labelShape(of: segment, index: index, selected: false, fade: nil, to: &layers) {
                    outlines.append(shape)
                }
            }
            if !outlines.isEmpty { layers.addShapes("labels", outlines) }
            return
        }
        for (index, segment) in segments.enumerated() {
            let track = selections[index]
            let picture = index < pictures.count ? pictures[index] : nil
            try addFadingTemplate(picture, index: index, track: track, to: &layers)
            try addFadingLabel(of: segment, index: index, track: track, to: &layers)
        }
    }

    /// A label cross-fading from its regular look to its selected one as `track` (the selection) goes from 0 to 1.
    ///
    /// The frames add the looks, (1 − t)·regular + t·selected; Lottie draws one over the other, so the regular look
    /// is drawn at 1 − t outside the selected look's outlines and whole inside them (two mattes of the selected
    /// outlines), and the selected look at t over it: where the selected look has ink that gives t·selected +
    /// (1 − t)·regular, elsewhere (1 − t)·regular, as the frames do. A label with emoji (a picture) is the two
    /// pictures one over the other.
    private func addFadingLabel(
        of segment: PickerLayout.Segment, index: Int, track: KeyframeTrack, to layers: inout LottieLayers
    ) throws(RenderError) {
        let label = segment.item.displayedLabel
        guard !label.isEmpty else { return }
        let regularFade = LookFade(track: track, selected: false)
        let selectedFade = LookFade(track: track, selected: true)
        if Self.hasColourGlyphs(label) {
            for (selected, fade) in [(false, regularFade), (true, selectedFade)] {
                let opacity = LottieProperty.animated(fade.track, values: fade.amounts.map { [100 * $0] }, fps: fps, scalar: true)
                try addLabelPicture(of: segment, index: index, selected: selected, opacity: opacity, to: &layers)
            }
            return
        }
        let regular = try labelContours(of: segment, selected: false).map(LottieShape.path)
        let selected = try labelContours(of: segment, selected: true).map(LottieShape.path)
        let name = "label \(index + 1)"
        let opaqueMatte = LottieShape.group(name + " matte", selected + [LottieShape.fill(RGBAColor(red: 0, green: 0, blue: 0, alpha: 1))])
        if !regular.isEmpty {
            layers.addShapes(
                name, [LottieShape.group(name, regular + [fill(style.labelColor, regularFade)])],
                matte: selected.isEmpty ? nil : .invertedAlpha)
            if !selected.isEmpty {
                layers.addShapes(name + " outside selected matte", [opaqueMatte], isMatte: true)
                layers.addShapes(
                    name + " under selected", [LottieShape.group(name, regular + [LottieShape.fill(style.labelColor)])], matte: .alpha)
                layers.addShapes(name + " under selected matte", [opaqueMatte], isMatte: true)
            }
        }
        if !selected.isEmpty {
            layers.addShapes(name + " selected", [LottieShape.group(name, selected + [fill(style.selectedLabelColor, selectedFade)])])
        }
    }

    /// A template icon whose colour follows its segment's selection: one shape, its fill's colour and opacity keyed
    /// from the regular label colour to the selected one, since both looks are the same icon (the frames' mix of
    /// the two looks is that colour).
    private func addFadingTemplate(
        _ picture: GraphicPicture?, index: Int, track: KeyframeTrack, to layers: inout LottieLayers
    ) throws(RenderError) {
        guard let picture, picture.isTemplate else { return }
        let (from, to) = (style.labelColor, style.selectedLabelColor)
        let amounts = LookFade(track: track, selected: true).amounts
        // Mixed as the frames add the looks: premultiplied colours weighted, then divided by the mixed alpha.
        let alphas = amounts.map { from.alpha * (1 - $0) + to.alpha * $0 }
        let colors = zip(amounts, alphas).map { amount, alpha -> [Double] in
            guard alpha > 0 else { return [from.red, from.green, from.blue, 1] }
            func channel(_ a: Double, _ b: Double) -> Double { (a * from.alpha * (1 - amount) + b * to.alpha * amount) / alpha }
            return [channel(from.red, to.red), channel(from.green, to.green), channel(from.blue, to.blue), 1]
        }
        let fill = LottieValue.object([
            ("ty", .string("fl")), ("c", LottieProperty.animated(track, values: colors, fps: fps)),
            ("o", LottieProperty.animated(track, values: alphas.map { [100 * $0] }, fps: fps, scalar: true)), ("r", .number(1, digits: 0)),
        ])
        let scale = picture.scale
        let bounds = Rect(
            x: Double(picture.x) / scale, y: Double(picture.y) / scale, width: Double(picture.width) / scale,
            height: Double(picture.height) / scale)
        let name = "icon \(index + 1)"
        layers.addShapes(name, [LottieShape.rect(bounds, radius: 0), fill], matte: .alpha)
        layers.addImage(
            name + " matte", png: try Self.png(of: picture), width: picture.width, height: picture.height, x: Double(picture.x),
            y: Double(picture.y), isMatte: true)
    }

    /// A template icon in the look's colour: a rectangle of that colour over the icon's pixels, shown through the
    /// icon's alpha (its matte).
    private func addTemplate(
        _ picture: GraphicPicture?, index: Int, selected: Bool, fade: LookFade?, to layers: inout LottieLayers
    ) throws(RenderError) {
        guard let picture, picture.isTemplate else { return }
        let color = selected ? style.selectedLabelColor : style.labelColor
        let scale = picture.scale
        let bounds = Rect(
            x: Double(picture.x) / scale, y: Double(picture.y) / scale, width: Double(picture.width) / scale,
            height: Double(picture.height) / scale)
        let name = "icon \(index + 1)\(selected ? " selected" : "")"
        layers.addShapes(name, [LottieShape.rect(bounds, radius: 0), fill(color, fade)], matte: .alpha)
        let png = try Self.png(of: picture)
        layers.addImage(
            name + " matte", png: png, width: picture.width, height: picture.height, x: Double(picture.x), y: Double(picture.y),
            isMatte: true)
    }

    /// The label of `segment` in one look as a group of glyph outlines filled in the look's colour; a label with
    /// colour glyphs (emoji), which have no outlines, is added as a picture at the frames' scale instead (nil).
    private func labelShape(
        of segment: PickerLayout.Segment, index: Int, selected: Bool, fade: LookFade?, to layers: inout LottieLayers
    ) throws(RenderError) -> LottieValue? {
        let label = segment.item.displayedLabel
        guard !label.isEmpty else { return nil }
        let color = selected ? style.selectedLabelColor : style.labelColor
        if Self.hasColourGlyphs(label) {
            let opacity = fade.map { LottieProperty.animated($0.track, values: $0.amounts.map { [100 * $0] }, fps: fps, scalar: true) }
            try addLabelPicture(of: segment, index: index, selected: selected, opacity: opacity, to: &layers)
            return nil
        }
        let contours = try labelContours(of: segment, selected: selected)
        guard !contours.isEmpty else { return nil }
        return LottieShape.group("label \(index + 1)", contours.map(LottieShape.path) + [fill(color, fade)])
    }

    /// The glyph outlines of `segment`'s label in one look, in points.
    private func labelContours(of segment: PickerLayout.Segment, selected: Bool) throws(RenderError) -> [OutlineContour] {
        let label = segment.item.displayedLabel
        guard !label.isEmpty else { return [] }
        let font = selected ? style.selectedFont : style.font
        let origin = selected ? segment.selectedLabelOrigin : segment.labelOrigin
        // Only the path is wanted, made under the frames' transform so that the outlines are those of the glyphs the
        // frames show, on an unbounded recording surface: Pango leaves out glyphs outside a pixel surface's extents.
        guard let surface = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nil) else {
            throw RenderError.cairo(operation: "outline a label", detail: "no recording surface")
        }
        defer { cairo_surface_destroy(surface) }
        let context = try CairoContext(surface: surface)
        let scale = plan.spec.output.scale
        cairo_scale(context.pointer, scale, scale)
        drawer.rasterPainter.text.addOutline(label, font: font, at: origin.x, origin.y, pixelsPerPoint: scale, on: context.pointer)
        let contours = OutlineContour.contours(ofPathOn: context.pointer)
        try context.checkStatus("outline a label")
        return contours
    }

    /// A label drawn as the frames draw it, as a picture of its area at the frames' scale.
    private func addLabelPicture(
        of segment: PickerLayout.Segment, index: Int, selected: Bool, opacity: LottieValue?, to layers: inout LottieLayers
    ) throws(RenderError) {
        let scale = plan.spec.output.scale
        let area = segment.frame.union(segment.labelFrame).outset(by: max(style.font.size, style.selectedFont.size, 2))
        let left = (area.x * scale).rounded(.down)
        let top = (area.y * scale).rounded(.down)
        let width = Int((area.maxX * scale).rounded(.up) - left)
        let height = Int((area.maxY * scale).rounded(.up) - top)
        guard width > 0, height > 0 else { return }
        let surface = try ImageSurface(width: width, height: height)
        let context = try CairoContext(surface: surface.pointer)
        cairo_translate(context.pointer, -left, -top)
        cairo_scale(context.pointer, scale, scale)
        let color = selected ? style.selectedLabelColor : style.labelColor
        context.setSource(color)
        let origin = selected ? segment.selectedLabelOrigin : segment.labelOrigin
        drawer.rasterPainter.text.draw(
            segment.item.displayedLabel, font: selected ? style.selectedFont : style.font, at: origin.x, origin.y, on: context.pointer)
        try context.checkStatus("draw a label's picture")
        cairo_surface_flush(surface.pointer)
        let png = try PNGFile.encode(surface.rgbaImage())
        layers.addImage(
            "label \(index + 1)\(selected ? " selected" : "") picture", png: png, width: width, height: height, x: left, y: top,
            opacity: opacity)
    }

    /// A fill of `color`, faded as `fade` says: the fill's own opacity, not the layer's, which rlottie composites
    /// with a loss of one level of alpha over the whole canvas per layer (measured: 8 levels over the segmented
    /// preset's 8 faded layers).
    func fill(_ color: RGBAColor, _ fade: LookFade?) -> LottieValue {
        guard let fade else { return LottieShape.fill(color) }
        let values = fade.amounts.map { [100 * color.alpha * $0] }
        return LottieShape.fill(color, opacity: LottieProperty.animated(fade.track, values: values, fps: fps, scalar: true))
    }

    /// True when `label` holds characters fonts draw as colour pictures (emoji), which have no outlines.
    static func hasColourGlyphs(_ label: String) -> Bool {
        let scalars = Array(label.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            if scalar.properties.isEmojiPresentation { return true }
            if scalar.properties.isEmoji, index + 1 < scalars.count, scalars[index + 1].value == 0xFE0F { return true }
        }
        return false
    }

    /// `picture`'s pixels as a PNG file.
    static func png(of picture: GraphicPicture) throws(RenderError) -> [UInt8] {
        let surface = try ImageSurface(width: picture.width, height: picture.height)
        let context = try CairoContext(surface: surface.pointer)
        // Drawn where its pixels land on the surface's own (see `LoadedGraphic.draw`).
        cairo_scale(context.pointer, picture.scale, picture.scale)
        cairo_translate(context.pointer, -Double(picture.x) / picture.scale, -Double(picture.y) / picture.scale)
        try LoadedGraphic(picture).draw(tint: nil, on: context.pointer)
        try context.checkStatus("draw a picture")
        cairo_surface_flush(surface.pointer)
        return try PNGFile.encode(surface.rgbaImage())
    }
}

/// How much of one look of a label shows at each key of its segment's selection track: the selection for the
/// selected look, one minus it for the regular one.
struct LookFade {
    let track: KeyframeTrack
    let amounts: [Double]

    init(track: KeyframeTrack, selected: Bool) {
        self.track = track
        amounts = track.values.map { value in
            let amount = min(max(value.first ?? 0, 0), 1)
            return selected ? amount : 1 - amount
        }
    }

    /// A fade of `values` (0–1) on `track`'s keys.
    init(track: KeyframeTrack, amounts: [Double]) {
        self.track = track
        self.amounts = amounts
    }
}
