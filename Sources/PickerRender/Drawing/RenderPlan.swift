import PickerKit

/// What a spec comes to before anything is drawn: its labels measured with Pango, its layout, its timeline,
/// its picture size, and any warnings, with every limit checked.
///
/// `layout`, `timeline`, and `validate` need only this, so they allocate no picture; `FrameRenderer` builds one
/// and draws from it.
public struct RenderPlan: Sendable {
    /// The spec.
    public let spec: PickerSpec
    /// Where the segments are, in points.
    public let layout: PickerLayout
    /// Where the highlight is at each moment.
    public let timeline: Timeline
    /// The picture's width in pixels.
    public let pixelWidth: Int
    /// The picture's height in pixels.
    public let pixelHeight: Int
    /// Things the user should know that do not stop the render, such as a font family that is not installed.
    public let warnings: [String]

    /// Plans `spec`, measuring its labels with a Pango context of its own.
    ///
    /// Throws `RenderSetupError.spec` when the canvas or the frame count exceed `SpecLimits`, and
    /// `RenderSetupError.render` when Pango cannot be set up.
    public init(spec: PickerSpec, file: String? = nil) throws(RenderSetupError) {
        let text: PangoText
        do {
            text = try PangoText()
        } catch {
            throw RenderSetupError.render(error)
        }
        try self.init(spec: spec, file: file, measuringWith: text)
    }

    /// Plans `spec`, measuring its labels with `text`, the Pango objects that will also draw them.
    init(spec: PickerSpec, file: String?, measuringWith text: PangoText) throws(RenderSetupError) {
        self.spec = spec
        layout = PickerLayout(spec: spec, measurer: text)
        timeline = Timeline(spec: spec, layout: layout)
        do {
            try RenderLimits.check(spec: spec, layout: layout, timeline: timeline, file: file)
        } catch {
            throw RenderSetupError.spec(error)
        }
        (pixelWidth, pixelHeight) = layout.pixelSize(scale: spec.output.scale)
        var warnings: [String] = []
        if let used = text.resolvedFamily(of: spec.style.font), used.lowercased() != spec.style.font.family.lowercased() {
            warnings.append("the font family \"\(spec.style.font.family)\" is not installed; using \"\(used)\" instead")
        }
        self.warnings = warnings
    }
}
