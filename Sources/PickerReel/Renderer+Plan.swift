import FoundationEssentials
import PickerKit
import PickerRender

extension Renderer {
    /// A spec validated, measured and laid out, nothing drawn yet: its layout, timeline, picture size and warnings,
    /// with every limit checked, for looking at a spec (`pickerreel layout`, `timeline`, `validate`) or sizing a batch
    /// before any picture is allocated.
    ///
    /// Making a plan does every check `Renderer` makes: it reads the spec's icons, images and font file (from inside
    /// the root) and shapes its labels with Pango, but draws nothing. It holds Pango objects, so it stays on the
    /// thread that made it.
    public struct Plan {
        /// The spec with the variant's values in place.
        public let spec: PickerSpec
        package let plan: RenderPlan
        let text: PangoText

        /// Validates and plans `spec` in `variant` (one of `spec.variants`, when given), as `Renderer.init` does:
        /// `file` names it in messages and its folder is where relative icon and image paths start; files are read
        /// only from inside `root` (by default the repository that holds `file`).
        ///
        /// Throws `SpecError` for a spec that is not valid or exceeds `SpecLimits` (naming the field), or whose icon,
        /// image or font files are outside the root or cannot be used, and `RenderError` when Pango cannot be set up.
        public init(_ spec: PickerSpec, variant: Variant? = nil, file: String? = nil, root: URL? = nil) throws {
            // The root as given (not standardized): `FileScope` resolves its links itself.
            try self.init(spec, variant: variant, file: file, rootPath: root?.relativePath)
        }

        /// Validates and plans `spec` in `variant`, reading its files from inside the folder `rootPath`.
        ///
        /// The one validation of a plan: the spec as given, with its variant lists (`PickerSpec.validate`), before the
        /// variant's values are put in place; what they change is checked by the plan's limits (`RenderLimits`).
        package init(_ spec: PickerSpec, variant: Variant? = nil, file: String? = nil, rootPath root: String?) throws {
            let drawn = variant.map { spec.applying($0) } ?? spec
            try spec.validate(file: file)
            text = try RenderPlan.text(for: drawn, file: file, root: root)
            plan = try RenderPlan(validated: drawn, file: file, root: root, measuringWith: text)
            self.spec = drawn
        }

        /// The plan `plan` made earlier (on any thread), with Pango objects of this thread for its font: nothing
        /// validated, laid out or read again (a sharded render plans each spec once, to weigh it, then renders it).
        ///
        /// Throws `RenderError` when Pango cannot be set up.
        package init(reusing plan: RenderPlan) throws {
            text = try plan.fontFile.map { try PangoText(fontFile: $0) } ?? PangoText()
            self.plan = plan
            // The plan's spec has its font file's family in place, which drawing it again would put there anyway.
            self.spec = plan.spec
        }

        /// Where the segments are, in points.
        public var layout: PickerLayout { plan.layout }
        /// Where the highlight is at each moment, and how the animation is cut into frames.
        public var timeline: Timeline { plan.timeline }
        /// The pictures' size in pixels: ⌈canvas × scale⌉ on each side.
        public var pixelSize: (width: Int, height: Int) { (plan.pixelWidth, plan.pixelHeight) }
        /// Things worth knowing that do not stop the render, such as a font family that is not installed.
        public var warnings: [String] { plan.warnings }

        /// The bytes a write of `formats` holds at its peak on up to `threads` threads within `budget`
        /// (`MemoryBudget`'s figures): its drawers, and the largest encoder beside them.
        func memory(formats: [OutputFormat], threads: Int, within budget: MemoryBudget) -> Int {
            let pixels = plan.pixelWidth * plan.pixelHeight
            let drawer = MemoryBudget.drawerBytes(pixels: pixels) + plan.pictureBytes
            let encoder =
                formats.map {
                    MemoryBudget.encoderBytes(
                        $0, pixels: pixels, frames: plan.timeline.frameCount, sheetPixels: plan.contactSheetPixels, within: budget)
                }.max() ?? 0
            // The icons and images are decoded once, before any drawer draws: the largest PNG at full size, and the
            // shared pictures at the size drawn.
            return max(budget.lanes(wanted: threads, each: drawer) * drawer, drawer + encoder) + plan.decodeBytes + plan.pictureBytes
        }
    }
}
