/// What comparing two pictures found: pixel figures, or that their sizes differ so pixels cannot be compared.
public enum ComparisonResult: Equatable, Sendable {
    /// The pictures have the same size and were compared pixel by pixel.
    case compared(PixelComparison)
    /// The pictures have different sizes; no pixels were compared.
    case differentSizes(expected: ImageSize, actual: ImageSize)

    /// The pixel figures, or nil when the sizes differ.
    public var pixels: PixelComparison? {
        if case .compared(let pixels) = self { return pixels }
        return nil
    }

    /// True when the sizes agree and no pixel differs.
    public var isIdentical: Bool {
        pixels?.differentPixels == 0
    }
}
