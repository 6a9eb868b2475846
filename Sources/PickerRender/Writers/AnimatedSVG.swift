import FoundationEssentials
import PickerKit

/// One self-contained SVG whose picture animates with SMIL on the same timeline as the frames.
///
/// The background, track and static pictures are drawn once; labels and icons are cairo's glyph outlines and
/// librsvg's vectors (each label twice, regular and selected, cross-fading, when the selected label looks
/// different); the highlight's rect, corner radius and opacity are keyed per change, with key splines for timing
/// curves and sampled values for springs and overshooting curves; shadows are blurred copies of the highlight
/// (`feGaussianBlur`); separators and touches fade as the frames show them.
package struct AnimatedSVG {
    /// The drawer whose plan is written; its painter draws the labels and icons.
    package let drawer: FrameDrawer
    /// How often springs, overlapping curves, overshooting curves and cross-fades are sampled, per second: at least
    /// 60, and a multiple of the frame rate, so that every frame's moment is a sample (`KeyframeTrack.sampleTimes`).
    package var samplesPerSecond: Double

    /// A writer for `drawer`'s animation.
    package init(drawer: FrameDrawer) {
        self.drawer = drawer
        samplesPerSecond = Self.sampleRate(fps: drawer.plan.timeline.fps)
    }

    /// The smallest multiple of `fps` that is at least 60 a second (`fps` itself above 60).
    static func sampleRate(fps: Double) -> Double {
        guard fps.isFinite, fps > 0 else { return 60 }
        return fps * max(1, (60 / fps - 1e-9).rounded(.up))
    }

    private var plan: RenderPlan { drawer.plan }
    private var style: ResolvedStyle { drawer.plan.style }

    /// The SVG document's bytes; one point of the spec is one CSS pixel.
    ///
    /// Throws `RenderError` when cairo cannot draw the labels.
    package func document() throws(RenderError) -> [UInt8] {
        let canvas = plan.layout.canvas
        let width = NumberText.trimmed(canvas.width)
        let height = NumberText.trimmed(canvas.height)
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)">

            """
        if style.background.alpha > 0 {
            svg += "<rect width=\"\(width)\" height=\"\(height)\" \(Self.fill(style.background))/>\n"
        }
        if let track = style.track, let rect = plan.layout.track {
            svg += Self.rect(rect, radius: rect.cornerRadius(clamping: track.cornerRadius), color: track.color) + "/>\n"
        }
        let selections = plan.timeline.selectionKeyframes(samplesPerSecond: samplesPerSecond)
        svg += separatorsElement(selections)
        let highlight = highlightElement()
        if style.highlight.layer == .background { svg += highlight }
        svg += try contentElement(selections)
        if style.highlight.layer == .overlay { svg += highlight }
        svg += touchesElement()
        svg += "</svg>\n"
        return Array(svg.utf8)
    }

    /// Pictures, labels and icons: one fragment when labels never change; otherwise each label's two looks in
    /// groups whose opacities cross-fade, added (`plus-lighter`) so that they mix as the frames' looks do.
    private func contentElement(_ selections: [KeyframeTrack]) throws(RenderError) -> String {
        let painter = drawer.svgPainter
        let segments = plan.layout.segments
        guard style.selectedLabelDiffers, selections.count == segments.count else {
            return try fragment("content") { context in
                for (index, segment) in segments.enumerated() {
                    painter.drawContent(of: segment, graphic: painter.graphics[index], selected: 0, on: context)
                }
            }
        }
        var element = try fragment("pictures") { context in
            for (index, segment) in segments.enumerated() {
                painter.drawPicture(of: segment, graphic: painter.graphics[index], on: context)
            }
        }
        for (index, segment) in segments.enumerated() {
            let track = selections[index]
            // The two looks added at their weights in an isolated group, then drawn over the picture: the mix
            // a·(1 − t) + b·t that the frames draw (`PickerPainter.drawMix`), so ink in both looks stays ink.
            element += "<g style=\"isolation:isolate\">\n"
            for selected in [false, true] {
                let values = track.values.map { selected ? ($0.first ?? 0) : 1 - ($0.first ?? 0) }
                let body = try fragment("label\(index)\(selected ? "s" : "r")") { context in
                    painter.drawLook(of: segment, graphic: painter.graphics[index], selected: selected, on: context)
                }
                element += "<g style=\"mix-blend-mode:plus-lighter\" opacity=\"\(NumberText.trimmed(values.first ?? 1))\">\n"
                element += animate("opacity", track: track, values: values) + body + "</g>\n"
            }
            element += "</g>\n"
        }
        return element
    }

    /// What `draw` puts on the canvas, drawn by cairo, as a nested `<svg>` in the outer document's units with its
    /// identifiers prefixed by `name`, so fragments never clash.
    private func fragment(_ name: String, _ draw: (CairoContext) -> Void) throws(RenderError) -> String {
        let text = String(decoding: try drawer.svgDocument(draw), as: UTF8.self)
        guard let open = text.firstRange(of: "<svg"), let openEnd = text[open.upperBound...].firstIndex(of: ">"),
            let close = text.ranges(of: "</svg>").last
        else { throw RenderError.cairo(operation: "write the labels as SVG", detail: "unexpected SVG from cairo") }
        let body = Self.prefixingIdentifiers(String(text[text.index(after: openEnd)..<close.lowerBound]), with: name + "-")
        let width = NumberText.trimmed(plan.layout.canvas.width)
        let height = NumberText.trimmed(plan.layout.canvas.height)
        return "<svg x=\"0\" y=\"0\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" overflow=\"visible\">"
            + body + "</svg>\n"
    }

    /// `svg` with every `id`, `#reference` and `url(#reference)` prefixed.
    static func prefixingIdentifiers(_ svg: String, with prefix: String) -> String {
        var text = svg
        for (opener, closer) in [("id=\"", UInt8(ascii: "\"")), ("href=\"#", UInt8(ascii: "\"")), ("url(#", UInt8(ascii: ")"))] {
            text = inserting(prefix, afterEach: opener, before: closer, in: text)
        }
        return text
    }

    /// `text` with `prefix` put after every `opener` that a non-empty run of bytes other than `closer`, then
    /// `closer`, follows, scanning from the start and going on after each such run.
    private static func inserting(_ prefix: String, afterEach opener: String, before closer: UInt8, in text: String) -> String {
        let bytes = Array(text.utf8)
        let open = Array(opener.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 64)
        var index = 0
        var copied = 0
        while index + open.count <= bytes.count {
            guard bytes[index] == open[0], bytes[index..<(index + open.count)].elementsEqual(open) else {
                index += 1
                continue
            }
            let start = index + open.count
            var end = start
            while end < bytes.count, bytes[end] != closer { end += 1 }
            guard end < bytes.count, end > start else {
                index += 1
                continue
            }
            output += bytes[copied..<start]
            output += prefix.utf8
            output += bytes[start...end]
            index = end + 1
            copied = index
        }
        output += bytes[copied...]
        return String(decoding: output, as: UTF8.self)
    }

    private func separatorsElement(_ selections: [KeyframeTrack]) -> String {
        guard let separators = style.separators else { return "" }
        var element = ""
        for (index, rect) in plan.layout.separators.enumerated() where rect.width > 0 && rect.height > 0 {
            element += Self.rect(rect, radius: 0, color: separators.color)
            if selections.count > index + 1 {
                // Hidden as the highlight arrives beside it: 1 − the larger selection of its two segments.
                let (track, values) = Self.merged(selections[index], selections[index + 1]) { 1 - max($0, $1) }
                element +=
                    " opacity=\"\(NumberText.trimmed(values.first ?? 1))\">\n" + animate("opacity", track: track, values: values)
                    + "</rect>\n"
            } else {
                element += "/>\n"
            }
        }
        return element
    }

    /// Two tracks on the union of their key times, combined by `combine`.
    static func merged(_ first: KeyframeTrack, _ second: KeyframeTrack, _ combine: (Double, Double) -> Double) -> (KeyframeTrack, [Double])
    {
        func value(_ track: KeyframeTrack, at time: Double) -> Double {
            guard let after = track.times.firstIndex(where: { $0 >= time }) else { return track.values.last?.first ?? 0 }
            guard after > 0, track.times[after] > time else { return track.values[after].first ?? 0 }
            let (t0, t1) = (track.times[after - 1], track.times[after])
            let (v0, v1) = (track.values[after - 1].first ?? 0, track.values[after].first ?? 0)
            return t1 > t0 ? v0 + (v1 - v0) * (time - t0) / (t1 - t0) : v1
        }
        var track = KeyframeTrack()
        var values: [Double] = []
        for time in Set(first.times + second.times).sorted() {
            let combined = combine(value(first, at: time), value(second, at: time))
            track.append(time: time, value: [combined], easingFromPrevious: .linear)
            values.append(combined)
        }
        return (track, values)
    }

    private func highlightElement() -> String {
        let timeline = plan.timeline
        guard let rectTrack = timeline.rectKeyframes(samplesPerSecond: samplesPerSecond) else { return "" }
        let radiusTrack = timeline.cornerRadiusKeyframes(following: rectTrack, samplesPerSecond: samplesPerSecond)
        let opacityTrack = timeline.opacityKeyframes(samplesPerSecond: samplesPerSecond)
        let loop = timeline.loopDuration
        let rectKeys = AnimationKeys(rectTrack, loop: loop)
        // The radius follows the rect's keys except where the clamp to half the rect starts or stops biting.
        let sameKeys = radiusTrack.times == rectTrack.times && radiusTrack.easings == rectTrack.easings
        let keys = (
            rect: rectKeys, radius: sameKeys ? rectKeys : AnimationKeys(radiusTrack, loop: loop),
            opacity: AnimationKeys(opacityTrack, loop: loop)
        )
        let color = style.highlight.color
        var element = ""
        // Shadows fade with the highlight: their alpha times the fade (opacity over the style's opacity).
        let fades = opacityTrack.values.map { style.highlight.opacity > 0 ? ($0.first ?? 0) / style.highlight.opacity : 0 }
        for (index, shadow) in style.highlight.shadows.enumerated() where shadow.color.alpha > 0 {
            let filter = "shadow\(index)"
            if shadow.blur > 0 {
                let canvas = plan.layout.canvas
                element +=
                    "<filter id=\"\(filter)\" filterUnits=\"userSpaceOnUse\" x=\"\(NumberText.trimmed(-canvas.width))\" y=\"\(NumberText.trimmed(-canvas.height))\""
                element += " width=\"\(NumberText.trimmed(3 * canvas.width))\" height=\"\(NumberText.trimmed(3 * canvas.height))\">"
                element += "<feGaussianBlur stdDeviation=\"\(NumberText.trimmed(shadow.blur / 2))\"/></filter>\n"
            }
            element += rectElement(
                rectTrack: rectTrack, radiusTrack: radiusTrack, opacityTrack: opacityTrack, keys: keys,
                opacities: fades.map { $0 * shadow.color.alpha }, color: shadow.color, offset: (shadow.x, shadow.y),
                filter: shadow.blur > 0 ? filter : nil)
        }
        // The fill's own alpha multiplies with the highlight's opacity, as in the frames.
        element += rectElement(
            rectTrack: rectTrack, radiusTrack: radiusTrack, opacityTrack: opacityTrack, keys: keys,
            opacities: opacityTrack.values.map { ($0.first ?? 0) * color.alpha }, color: color, offset: (0, 0), filter: nil)
        return element
    }

    /// One animated rounded rect following the highlight, `offset` away; `keys` are the three tracks' keys.
    private func rectElement(
        rectTrack: KeyframeTrack, radiusTrack: KeyframeTrack, opacityTrack: KeyframeTrack,
        keys: (rect: AnimationKeys, radius: AnimationKeys, opacity: AnimationKeys), opacities: [Double], color: RGBAColor,
        offset: (x: Double, y: Double), filter: String?
    ) -> String {
        let first = rectTrack.values.first ?? [0, 0, 0, 0]
        var element = "<rect x=\"\(NumberText.trimmed(first[0] + offset.x))\" y=\"\(NumberText.trimmed(first[1] + offset.y))\""
        element += " width=\"\(NumberText.trimmed(max(0, first[2])))\" height=\"\(NumberText.trimmed(max(0, first[3])))\""
        element += " rx=\"\(NumberText.trimmed(radiusTrack.values.first?.first ?? 0))\""
        element += " fill=\"\(color.opaqueHex)\" fill-opacity=\"\(NumberText.trimmed(opacities.first ?? 0))\""
        if let filter { element += " filter=\"url(#\(filter))\"" }
        element += ">\n"
        for (index, attribute) in ["x", "y", "width", "height"].enumerated() {
            let shift = index == 0 ? offset.x : index == 1 ? offset.y : 0
            let values = rectTrack.values.map { index >= 2 ? max(0, $0[index]) : $0[index] + shift }
            element += animate(attribute, keys: keys.rect, values: values)
        }
        element += animate("rx", keys: keys.radius, values: radiusTrack.values.map { $0.first ?? 0 })
        element += animate("fill-opacity", keys: keys.opacity, values: opacities)
        return element + "</rect>\n"
    }

    private func touchesElement() -> String {
        guard let touches = style.touches else { return "" }
        var element = ""
        for touch in plan.timeline.touchKeyframes() where touch.diameter > 0 {
            let values = touch.track.values.map { $0.first ?? 0 }
            element +=
                "<circle cx=\"\(NumberText.trimmed(touch.center.x))\" cy=\"\(NumberText.trimmed(touch.center.y))\" r=\"\(NumberText.trimmed(touch.diameter / 2))\""
            element +=
                " fill=\"\(touches.color.opaqueHex)\" fill-opacity=\"\(NumberText.trimmed(touches.color.alpha))\" opacity=\"\(NumberText.trimmed(values.first ?? 0))\">\n"
            element += animate("opacity", track: touch.track, values: values) + "</circle>\n"
        }
        return element
    }

    /// One `<animate>` of `attribute`, or nothing when the value never changes.
    private func animate(_ attribute: String, track: KeyframeTrack, values: [Double]) -> String {
        animate(attribute, keys: AnimationKeys(track, loop: plan.timeline.loopDuration), values: values)
    }

    /// One `<animate>` of `attribute` on `keys` (written once for every attribute that follows one track), or
    /// nothing when the value never changes.
    ///
    /// Every animation lasts one loop of the frames, N / fps (`Timeline.loopDuration`), as GIF, APNG, WebP and
    /// video do: the track's last value is held from its last key to the loop's end, the last frame's span.
    private func animate(_ attribute: String, keys: AnimationKeys, values: [Double]) -> String {
        let loop = plan.timeline.loopDuration
        var shown = Self.trimmed(values)
        guard Set(shown).count > 1, loop > 0 else { return "" }
        let repeatCount = plan.spec.output.loopCount.map { String($0) } ?? "indefinite"
        var keyTimes = keys.keyTimes
        var splines = keys.splines
        if let last = shown.last, !keys.endsAtLoop {
            keyTimes += keyTimes.isEmpty ? "1" : ";1"
            splines += splines.isEmpty ? "0 0 1 1" : ";0 0 1 1"
            shown.append(last)
        }
        return "  <animate attributeName=\"\(attribute)\" dur=\"\(NumberText.trimmed(loop, digits: 4))s\" repeatCount=\"\(repeatCount)\""
            + " fill=\"freeze\" calcMode=\"spline\" keyTimes=\"\(keyTimes)\" keySplines=\"\(splines)\""
            + " values=\"\(shown.joined(separator: ";"))\"/>\n"
    }

    /// `values` as `NumberText.trimmed` writes them, each distinct value written once: writing numbers is most of
    /// the animated SVG's time, and a track's values repeat (a horizontal highlight's y and height never change).
    static func trimmed(_ values: [Double]) -> [String] {
        var written: [Double: String] = [:]
        return values.map { value in
            if let text = written[value] { return text }
            let text = NumberText.trimmed(value)
            written[value] = text
            return text
        }
    }

    /// An open `<rect` tag (without its end) for a static rounded rect.
    private static func rect(_ rect: Rect, radius: Double, color: RGBAColor) -> String {
        "<rect x=\"\(NumberText.trimmed(rect.x))\" y=\"\(NumberText.trimmed(rect.y))\" width=\"\(NumberText.trimmed(rect.width))\" height=\"\(NumberText.trimmed(rect.height))\""
            + (radius > 0 ? " rx=\"\(NumberText.trimmed(radius))\"" : "") + " " + fill(color)
    }

    private static func fill(_ color: RGBAColor) -> String {
        color.alpha >= 1 ? "fill=\"\(color.opaqueHex)\"" : "fill=\"\(color.opaqueHex)\" fill-opacity=\"\(NumberText.trimmed(color.alpha))\""
    }
}

extension RGBAColor {
    /// `#RRGGBB`, ignoring alpha.
    var opaqueHex: String { String(hexString.prefix(7)) }
}
