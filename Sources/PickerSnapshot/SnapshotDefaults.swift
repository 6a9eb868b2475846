import PickerCompare

/// The defaults `assertPickerSnapshot` compares with, for callers that want to widen them a little.
public enum SnapshotDefaults {
    /// No differing pixel allowed, anti-aliasing aside: the same spec on the same machine renders the same pixels,
    /// and an edge that moved by a fraction of a pixel shows up only as anti-aliasing, which never counts.
    ///
    /// Colours are compared with `ComparisonSettings()`, the same defaults as `pickerreel compare` (YIQ at threshold
    /// 0.02, measured in docs/compare.md). Goldens shared across machines with other font stacks want a `.ratio`
    /// instead, which also hides small changes such as a 1 pt shift of the highlight.
    public static let tolerance = Tolerance.exact
}
