/// Checks the limits that depend on more than one field (the canvas's pixel size, the number of frames)
/// once the spec is laid out and timed, before any picture is allocated.
package enum RenderLimits {
    /// Throws a `SpecError` naming the field to change when `spec` would need a canvas or a frame count
    /// beyond `SpecLimits`.
    package static func check(spec: PickerSpec, layout: PickerLayout, timeline: Timeline, file: String?) throws(SpecError) {
        let scale = spec.output.scale
        let width = layout.canvas.width * scale
        let height = layout.canvas.height * scale
        let side = Double(SpecLimits.maximumPixelsPerSide)
        if !(width <= side && height <= side && width * height <= Double(SpecLimits.maximumPixelsPerFrame)) {
            let size = "\(Int(width.rounded(.up))) × \(Int(height.rounded(.up))) px"
            throw SpecError(
                file: file, path: JSONPath.root.appending("output").appending("scale"),
                problem: .limitExceeded(
                    "the picture would be \(size); at most \(SpecLimits.maximumPixelsPerSide) px a side and \(SpecLimits.maximumPixelsPerFrame) px in all (lower output.scale, the font size, or the padding)"
                ))
        }
        if timeline.exactFrameCount > Double(SpecLimits.maximumFrames) {
            let seconds = (timeline.duration * 1000).rounded() / 1000
            throw SpecError(
                file: file, path: JSONPath.root.appending("output").appending("fps"),
                problem: .limitExceeded(
                    "\(seconds) s at \(NumberText.shortest(spec.output.fps)) fps would be \(Int(timeline.exactFrameCount)) frames; at most \(SpecLimits.maximumFrames) (lower output.fps or shorten selection.sequence)"
                ))
        }
    }
}
