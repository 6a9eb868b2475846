import PickerReel

/// What the page needs to play one generation of the spec: for each variant its frame count and rate, its size,
/// and the numbers `layout` and `timeline` print (the segments' and the highlight's rectangles, in points).
struct AnimationReport: Encodable {
    struct VariantReport: Encodable {
        var name: String
        var frameCount: Int
        var fps: Double
        var duration: Double
        var pixelWidth: Int
        var pixelHeight: Int
        var layout: LayoutReport
        var timeline: TimelineReport
    }

    var generation: Int
    var spec: String
    var variants: [VariantReport]

    init(generation: Int, spec: String, variants: [PreviewVariant]) {
        self.generation = generation
        self.spec = spec
        self.variants = variants.map { variant in
            let renderer = variant.renderer
            return VariantReport(
                name: variant.name, frameCount: renderer.frameCount, fps: renderer.timeline.fps, duration: renderer.duration,
                pixelWidth: renderer.pixelSize.width, pixelHeight: renderer.pixelSize.height,
                layout: LayoutReport(spec: renderer.spec, layout: renderer.layout), timeline: TimelineReport(timeline: renderer.timeline))
        }
    }
}
