import PickerKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension LottieAnimation {
    /// Where a shadow's four rectangles are drawn, outside (positive) or inside the shadow's edge, in standard
    /// deviations: the quartiles' midpoints of the normal distribution, Φ⁻¹(1/8, 3/8, 5/8, 7/8).
    ///
    /// Each is the shadow's alpha over four (composited so that where all four overlap the alpha is the shadow's):
    /// at a distance d past the edge as many show as quantiles lie beyond d, a four-step Gaussian edge, where a
    /// player that draws no blur (rlottie, lottie-ios) would show a hard-edged copy of the highlight.
    static let shadowQuantiles = [-1.1503, -0.3186, 0.3186, 1.1503]

    /// The highlight's shadows (under it) and its rounded rectangle, keyed as the timeline moves it.
    func addHighlight(to layers: inout LottieLayers) {
        let timeline = plan.timeline
        guard let rectTrack = timeline.rectKeyframes(samplesPerSecond: fps) else { return }
        let radiusTrack = timeline.cornerRadiusKeyframes(following: rectTrack, samplesPerSecond: fps)
        let opacityTrack = timeline.opacityKeyframes(samplesPerSecond: fps)
        let highlight = style.highlight
        // Shadows fade with the highlight: their alpha times the fade (opacity over the style's opacity).
        let fades = opacityTrack.values.map { highlight.opacity > 0 ? ($0.first ?? 0) / highlight.opacity : 0 }
        for (index, shadow) in highlight.shadows.enumerated() where shadow.color.alpha > 0 {
            let sigma = shadow.blur / 2
            let outsets = sigma > 0 ? Self.shadowQuantiles.map { $0 * sigma } : [0]
            let alpha = 1 - pow(1 - min(shadow.color.alpha, 1), 1 / Double(outsets.count))
            let opacity = LottieProperty.animated(opacityTrack, values: fades.map { [100 * alpha * $0] }, fps: fps, scalar: true)
            var shapes: [LottieValue] = []
            for outset in outsets {
                shapes.append(
                    LottieShape.group(
                        "shadow",
                        [
                            rect(rectTrack, radiusTrack, offset: (shadow.x, shadow.y), outset: outset),
                            LottieShape.fill(shadow.color, opacity: opacity),
                        ]
                    ))
            }
            layers.addShapes("highlight shadow \(index + 1)", shapes)
        }
        // The fill's own alpha multiplies with the highlight's opacity, as in the frames.
        let opacity = LottieProperty.animated(
            opacityTrack, values: opacityTrack.values.map { [100 * ($0.first ?? 0) * highlight.color.alpha] }, fps: fps, scalar: true)
        layers.addShapes(
            "highlight", [rect(rectTrack, radiusTrack, offset: (0, 0), outset: 0), LottieShape.fill(highlight.color, opacity: opacity)])
    }

    /// The highlight's rounded rectangle moved by `offset` and grown by `outset` on every side (its corners too).
    private func rect(_ rectTrack: KeyframeTrack, _ radiusTrack: KeyframeTrack, offset: (x: Double, y: Double), outset: Double)
        -> LottieValue
    {
        let sizes = rectTrack.values.map { [max(0, $0[2] + 2 * outset), max(0, $0[3] + 2 * outset)] }
        let centres = rectTrack.values.map { [$0[0] + $0[2] / 2 + offset.x, $0[1] + $0[3] / 2 + offset.y] }
        let radii = radiusTrack.values.map { [max(0, ($0.first ?? 0) + outset)] }
        return LottieShape.rect(
            position: LottieProperty.animated(rectTrack, values: centres, fps: fps),
            size: LottieProperty.animated(rectTrack, values: sizes, fps: fps),
            roundness: LottieProperty.animated(radiusTrack, values: radii, fps: fps, scalar: true))
    }
}
