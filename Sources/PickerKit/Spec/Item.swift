/// One option of the picker: its value (what selections refer to) and what its segment shows.
///
/// Write `"Day"` or `3` for an item that shows its value; set `label` to show other text.
public struct Item: Hashable, Sendable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    /// The value selections refer to; unique in a picker.
    public var value: ItemValue
    /// The text drawn; nil shows the value's text, `""` draws no text (for an icon alone).
    public var label: String?
    /// An SVG file drawn as a template image, tinted with the label's colour as SF Symbols are; nil for none.
    ///
    /// A relative path is relative to the spec file's folder (for a spec built in code, the working directory).
    public var icon: String?
    /// A PNG or SVG file drawn in its own colours; nil for none.
    ///
    /// Paths are as for `icon`.
    public var image: String?

    /// An item with `value`, showing `label` (or the value's text when nil), and optionally an icon or an image.
    public init(_ value: ItemValue, label: String? = nil, icon: String? = nil, image: String? = nil) {
        self.value = value
        self.label = label
        self.icon = icon
        self.image = image
    }

    /// A text item showing its text.
    public init(stringLiteral value: String) {
        self.init(.string(value))
    }

    /// An integer item showing its decimal form.
    public init(integerLiteral value: Int) {
        self.init(.integer(value))
    }

    /// The text drawn in the item's segment.
    public var displayedLabel: String { label ?? value.text }
}
