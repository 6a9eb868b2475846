import FoundationEssentials

/// A segmented picker and the selection changes to animate: what a spec file says, as a value.
///
/// Make one from JSON with `PickerSpec(json:file:)` or in Swift with `try PickerSpec(items:initial:changes:)`; both
/// run the same validation, with the same messages. A spec changed in code afterwards is validated again by
/// `Renderer`, or by calling `validate()`. `jsonData()` writes the spec as the JSON that `pickerreel` reads.
/// All lengths are in points; all times in seconds.
public struct PickerSpec: Hashable, Sendable {
    /// The options, in order: 1 to 64 items with unique values.
    public var items: [Item]
    /// The value of the item selected at t = 0; nil shows no highlight.
    public var initialSelection: ItemValue?
    /// The selection changes, in the order they start.
    public var changes: [SelectionChange]
    /// Seconds shown after the last animation has settled.
    public var tail: Double
    /// How the picker looks.
    public var style: PickerStyle
    /// The curve and duration changes use unless they say otherwise.
    public var animation: AnimationSettings
    /// How pictures are sampled: frame rate, pixels per point, looping.
    public var output: OutputSettings
    /// Touch indicators at each change, for demos; nil for none (the default).
    public var touches: TouchStyle?
    /// Other appearances to render the spec in (`"variants"` in JSON); nil renders only its own.
    public var variantAxes: VariantAxes?
    /// The fields whose values came from design tokens, in the order the spec writes them (empty for a spec that
    /// names none): what `pickerreel tokens` prints.
    package var tokenFields: [TokenField] = []
    /// The token files and themes the spec was made from, relative to its folder (see `referencedFiles`).
    package var inputFiles: [String] = []
    /// The style and timing of the variants whose values have token files of their own (`variants.tokens`).
    package var tokenThemes: [TokenTheme] = []
    /// The modifiers of the spec's DTCG resolver document, each a variant axis (`"tokens": {"resolver": …}`).
    package var tokenModifiers: [TokenModifier] = []

    /// A validated spec.
    ///
    /// Throws `SpecError` naming the field (`items[2]`, `selection.sequence[0].after`, `style.highlight.opacity`)
    /// for duplicate items, selections of items that are not there, and numbers outside `SpecLimits`.
    public init(
        items: [Item], initial: ItemValue? = nil, changes: [SelectionChange] = [], tail: Double = 0.5,
        style: PickerStyle = PickerStyle(), animation: AnimationSettings = AnimationSettings(), output: OutputSettings = OutputSettings()
    ) throws(SpecError) {
        self.init(
            unvalidatedItems: items, initial: initial, changes: changes, tail: tail, style: style, animation: animation, output: output)
        try validate()
    }

    /// A spec exactly as given, not yet validated: for the decoder, which validates once every field is read.
    package init(
        unvalidatedItems items: [Item], initial: ItemValue? = nil, changes: [SelectionChange] = [], tail: Double = 0.5,
        style: PickerStyle = PickerStyle(), animation: AnimationSettings = AnimationSettings(), output: OutputSettings = OutputSettings(),
        touches: TouchStyle? = nil, variants: VariantAxes? = nil
    ) {
        self.items = items
        self.initialSelection = initial
        self.changes = changes
        self.tail = tail
        self.style = style
        self.animation = animation
        self.output = output
        self.touches = touches
        self.variantAxes = variants
    }

    /// Reads and validates a spec from the bytes of a JSON file; `file` names it in messages.
    ///
    /// Throws `SpecError` with the file, the JSON path (or line and column for JSON syntax) and what was expected,
    /// for malformed JSON, wrong types, unknown keys (with a did-you-mean), and everything `validate()` checks.
    public init(json: Data, file: String? = nil) throws(SpecError) {
        self = try Self.decode([UInt8](json), file: file)
    }

    /// Checks every field against `SpecLimits` and the rules a spec file must follow.
    ///
    /// Throws `SpecError` naming `file` (when given) and the field's JSON path, with the same message a spec file
    /// with that value would get.
    public func validate(file: String? = nil) throws(SpecError) {
        PlanningTally.validated()
        try SpecValidator(file: file).validate(self)
    }
}

extension PickerSpec {
    /// The files the spec draws from, by the paths it gives (relative ones from the spec's folder), in order: each
    /// item's icon, else its image, then `style.font.file`, then the themes and token files it was made from; each
    /// path once.
    ///
    /// What a render depends on beyond the spec's own bytes: the render manifest records their digests, and the
    /// preview reloads when one is saved.
    public var referencedFiles: [String] {
        var files: [String] = []
        let drawn = items.compactMap({ $0.icon ?? $0.image }) + [style.font.file].compactMap({ $0 })
        for path in drawn + inputFiles where !files.contains(path) {
            files.append(path)
        }
        return files
    }
}
