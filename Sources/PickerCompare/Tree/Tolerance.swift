/// How many differing pixels a picture may have and still match: a count or a share of its pixels.
public enum Tolerance: Equatable, Sendable {
    /// At most this many differing pixels (`--max-diff-pixels`); `.pixels(0)` means every pixel must match.
    case pixels(Int)
    /// At most this share of the picture's pixels, from 0 to 1 (`--max-diff-ratio`).
    case ratio(Double)

    /// No differing pixel allowed: the default.
    public static let exact = Tolerance.pixels(0)

    /// Whether `comparison` is within the tolerance; anti-aliased pixels never count against it.
    public func accepts(_ comparison: PixelComparison) -> Bool {
        switch self {
        case .pixels(let maximum):
            return comparison.differentPixels <= maximum
        case .ratio(let maximum):
            return comparison.ratio <= maximum
        }
    }
}
