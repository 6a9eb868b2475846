/// One change of selection: which item becomes selected, when, and how the highlight gets there.
///
/// Build one with `.select("Week", after: 0.3)` or `.select("Month", after: 0.6, curve: .easeInOut)`; select nil
/// to fade the highlight out where it is.
public struct SelectionChange: Hashable, Sendable {
    /// The value of the newly selected item; nil fades the highlight out where it is.
    public var selection: ItemValue?
    /// Seconds from the previous change's start (from t = 0 for the first) to this change's start.
    public var after: Double
    /// The curve that animates this change; nil uses the spec's `animation.curve`.
    public var curve: AnimationCurve?
    /// Seconds a timing curve takes; nil uses `animation.duration`.
    ///
    /// A spring takes none: it settles by itself.
    public var duration: Double?

    /// Creates a change; `PickerSpec` validation checks its numbers.
    public init(selection: ItemValue?, after: Double = 0.5, curve: AnimationCurve? = nil, duration: Double? = nil) {
        self.selection = selection
        self.after = after
        self.curve = curve
        self.duration = duration
    }

    /// Selects the item whose value is `item` (nil: none), `after` seconds after the previous change started.
    public static func select(_ item: ItemValue?, after: Double = 0.5, curve: AnimationCurve? = nil, duration: Double? = nil)
        -> SelectionChange
    {
        SelectionChange(selection: item, after: after, curve: curve, duration: duration)
    }

    /// Clears the selection: the highlight fades out where it is.
    public static func deselect(after: Double = 0.5, curve: AnimationCurve? = nil, duration: Double? = nil) -> SelectionChange {
        SelectionChange(selection: nil, after: after, curve: curve, duration: duration)
    }
}
