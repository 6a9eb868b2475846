import PickerCompare

/// The defaults `assertPickerSnapshot` compares with, for callers that want to widen them a little.
public enum SnapshotDefaults {
    /// No differing pixel allowed, anti-aliasing aside: the same spec on the same machine renders the same pixels,
    /// and an edge that moved by a fraction of a pixel shows up only as anti-aliasing, which never counts.
    ///
    /// Goldens shared across machines with other font rasterisers want a small `.ratio` instead.
    public static let tolerance = Tolerance.exact
}
