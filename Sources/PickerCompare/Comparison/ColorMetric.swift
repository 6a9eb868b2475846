/// The colour difference two pictures are compared by: how far apart two pixels' colours are, and how far apart
/// they may be (the threshold) and still count as the same.
///
/// Both are pixelmatch's (https://github.com/mapbox/pixelmatch), written here from its source and checked against
/// its own test suite's fixtures and counts.
public enum ColorMetric: String, CaseIterable, Codable, Equatable, Sendable {
    /// OKLab with the HyAB distance (|ΔLr| + √(Δa² + Δb²)) on Ottosson's toe-corrected lightness Lr, black to white
    /// being 1; translucent pixels are blended over a fixed dark-and-light checkerboard, so a change of alpha shows.
    ///
    /// pixelmatch's metric since commit 5087218 (July 2026, after its release 7.2.0), which replaced YIQ because
    /// YIQ scores clearly different colours as equal (mapbox/pixelmatch#127).
    case oklab
    /// The YIQ distance of Kotsarenko and Ramos (2010), squared and weighted, against `35215 × threshold²`;
    /// translucent pixels are blended over white. pixelmatch's metric up to release 7.2.0, as in release 6.0.0.
    /// The default: on the measurements in docs/compare.md it is the one of the two with a threshold that fails
    /// every change a reviewer sees in the seed demo and passes every hinting difference.
    case yiq

    /// The metric `pickerreel compare` and `assertPickerSnapshot` use unless told otherwise.
    public static let standard = ColorMetric.yiq

    /// The threshold used with this metric unless one is given, chosen from the measurements in docs/compare.md.
    ///
    /// YIQ 0.02: a 0.05 change of the highlight's opacity (the smallest change measured, critical at 0.0205) fails
    /// in every frame, and other hint styles (critical at 0.0191) pass. OKLab 0.015: every change fails too, but
    /// no OKLab threshold also passes every hinting difference (critical at 0.0213 against 0.0179), so 3 of the
    /// seed demo's 102 frames differ by one pixel under other hinting.
    public var defaultThreshold: Double {
        switch self {
        case .oklab: return 0.015
        case .yiq: return 0.02
        }
    }
}
