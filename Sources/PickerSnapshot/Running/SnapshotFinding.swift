import PickerCompare

/// What one frame of a snapshot assertion found when it was not a match.
enum SnapshotFinding: Equatable, Sendable {
    /// Why a golden was written.
    enum RecordReason: Equatable, Sendable {
        /// There was no golden yet (record mode `missing`).
        case missing
        /// Record mode `all` was on.
        case recordMode
        /// Record mode `failed` was on and the frame did not match.
        case failed
    }

    /// The render was written as the golden.
    case recorded(time: Double, golden: String, reason: RecordReason)
    /// The render differs beyond the tolerance; the actual render and the diff picture were written.
    case differs(time: Double, golden: String, actual: String, diff: String, pixels: PixelComparison)
    /// The render and the golden have different sizes; the actual render was written.
    case differentSizes(time: Double, golden: String, actual: String, expected: ImageSize, found: ImageSize)
    /// The golden is there but cannot be read as a PNG.
    case unreadableGolden(time: Double, golden: String, reason: String)
    /// There is no golden and record mode `never` forbids writing one.
    case missingGolden(time: Double, golden: String)
    /// The animation differs from its animated golden; `finding` says how (timing in words, moments with times).
    case animationDiffers(golden: String, actual: String, diff: String?, finding: String, pixels: PixelComparison?)
    /// The Lottie differs from its golden as rlottie plays them; `finding` says how (structure in words, or moments
    /// with times); `diff` is the picture of the most different moment, `pixels` its figures.
    case lottieDiffers(golden: String, actual: String, diff: String?, finding: String, pixels: PixelComparison?)

    /// True for a golden written.
    var isRecorded: Bool {
        if case .recorded = self { return true }
        return false
    }

    /// True for a render that does not match its golden (pixels, size or animation).
    var isMismatch: Bool {
        switch self {
        case .differs, .differentSizes, .animationDiffers, .lottieDiffers: return true
        case .recorded, .unreadableGolden, .missingGolden: return false
        }
    }

    /// The golden this finding is about.
    var golden: String {
        switch self {
        case .recorded(_, let golden, _), .differs(_, let golden, _, _, _), .differentSizes(_, let golden, _, _, _),
            .unreadableGolden(_, let golden, _), .missingGolden(_, let golden), .animationDiffers(let golden, _, _, _, _),
            .lottieDiffers(let golden, _, _, _, _):
            return golden
        }
    }
}
