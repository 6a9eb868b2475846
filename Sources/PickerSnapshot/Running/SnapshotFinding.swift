import PickerCompare

/// What one time of a snapshot assertion found when it was not a match.
enum SnapshotFinding: Equatable, Sendable {
    /// Why a golden was written.
    enum RecordReason: Equatable, Sendable {
        /// There was no golden yet.
        case missing
        /// Record mode was on: `record: true` or the environment variable.
        case recordMode
    }

    /// The render was written as the golden.
    case recorded(time: Double, golden: String, reason: RecordReason)
    /// The render differs beyond the tolerance; the actual render and the diff picture were written.
    case differs(time: Double, golden: String, actual: String, diff: String, pixels: PixelComparison)
    /// The render and the golden have different sizes; the actual render was written.
    case differentSizes(time: Double, golden: String, actual: String, expected: ImageSize, found: ImageSize)
    /// The golden is there but cannot be read as a PNG.
    case unreadableGolden(time: Double, golden: String, reason: String)
}
