import CPickerCairo
import PickerKit

/// One Lottie JSON document (bodymovin 5.x, as lottie-web, lottie-ios, lottie-android and rlottie play it) of the
/// picker's animation, on the same timeline as the frames.
///
/// The background, track and separators are shapes; labels are Pango's glyph outlines filled as the frames fill
/// them (no font is needed to play it), each label twice, regular and selected, cross-fading through mattes of the
/// selected outlines, when the selected label looks different; images are embedded PNG assets and template icons
/// their alpha as a matte over the label's colour, keyed from one look's colour to the other's; the highlight is a rounded rectangle whose position, size, corner radius and opacity are keyed
/// per change, with Lottie's eased keys for timing curves and keys at every frame for springs and retargeted
/// motion; a shadow's blur is four rounded rectangles at the blur's quartiles, since players draw no blur.
package struct LottieAnimation {
    /// The drawer whose plan is written; its PNG painter lays out and outlines the labels.
    package let drawer: FrameDrawer

    /// A writer for `drawer`'s animation.
    package init(drawer: FrameDrawer) {
        self.drawer = drawer
    }

    var plan: RenderPlan { drawer.plan }
    var style: ResolvedStyle { drawer.plan.style }
    var fps: Double { drawer.plan.timeline.fps }

    /// The document's bytes: a canvas of the frames' pixel size, `fr` the spec's frame rate, `op` its frame count,
    /// so that it loops every N / fps seconds as every other animated format does.
    ///
    /// Throws `RenderError` when cairo cannot outline a label or draw a picture.
    package func document() throws(RenderError) -> [UInt8] {
        let timeline = plan.timeline
        var layers = LottieLayers(frameCount: timeline.frameCount, scale: plan.spec.output.scale)
        if style.background.alpha > 0 {
            // The whole picture, as the frames paint it, its partial last column and row included.
            let scale = plan.spec.output.scale
            let rect = Rect(x: 0, y: 0, width: Double(plan.pixelWidth) / scale, height: Double(plan.pixelHeight) / scale)
            layers.addShapes("background", [LottieShape.rect(rect, radius: 0), LottieShape.fill(style.background)])
        }
        if let track = style.track, let rect = plan.layout.track {
            let radius = rect.cornerRadius(clamping: track.cornerRadius)
            layers.addShapes("track", [LottieShape.rect(rect, radius: radius), LottieShape.fill(track.color)])
        }
        let selections = timeline.selectionKeyframes(samplesPerSecond: fps)
        addSeparators(selections, to: &layers)
        if style.highlight.layer == .background { addHighlight(to: &layers) }
        try addContent(selections, to: &layers)
        if style.highlight.layer == .overlay { addHighlight(to: &layers) }
        addTouches(to: &layers)
        let root = LottieValue.object([
            ("v", .string("5.7.4")), ("fr", .number(fps, digits: 4)), ("ip", .number(0, digits: 0)),
            ("op", .number(Double(timeline.frameCount), digits: 0)), ("w", .number(Double(plan.pixelWidth), digits: 0)),
            ("h", .number(Double(plan.pixelHeight), digits: 0)), ("nm", .string("PickerReel")), ("ddd", .number(0, digits: 0)),
            ("assets", .array(layers.assets)), ("layers", .array(layers.written)),
        ])
        return Array((root.json + "\n").utf8)
    }

    private func addSeparators(_ selections: [KeyframeTrack], to layers: inout LottieLayers) {
        guard let separators = style.separators else { return }
        for (index, rect) in plan.layout.separators.enumerated() where rect.width > 0 && rect.height > 0 {
            var fade: LookFade?
            if selections.count > index + 1 {
                // Hidden as the highlight arrives beside it: 1 − the larger selection of its two segments.
                let (track, values) = AnimatedSVG.merged(selections[index], selections[index + 1]) { 1 - max($0, $1) }
                fade = LookFade(track: track, amounts: values.map { min(max($0, 0), 1) })
            }
            layers.addShapes("separator \(index + 1)", [LottieShape.rect(rect, radius: 0), fill(separators.color, fade)])
        }
    }

    private func addTouches(to layers: inout LottieLayers) {
        guard let touches = style.touches else { return }
        for (index, touch) in plan.timeline.touchKeyframes().enumerated() where touch.diameter > 0 {
            let fade = LookFade(track: touch.track, amounts: touch.track.values.map { $0.first ?? 0 })
            layers.addShapes(
                "touch \(index + 1)", [LottieShape.ellipse(center: touch.center, size: touch.diameter), fill(touches.color, fade)])
        }
    }
}
