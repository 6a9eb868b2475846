import PickerKit

/// The figures from comparing two pictures of the same size pixel by pixel.
public struct PixelComparison: Equatable, Sendable {
    /// Pixels whose colours differ by more than the threshold and are not anti-aliasing.
    public var differentPixels: Int
    /// Pixels whose colours differ by more than the threshold but look like anti-aliasing, so are not counted in
    /// `differentPixels`; always 0 when the settings include anti-aliasing.
    public var antialiasedPixels: Int
    /// The size of both pictures.
    public var size: ImageSize
    /// The diff picture when the settings asked for one: the expected picture faded towards white, differences in
    /// `DiffColors.different`, anti-aliasing in `DiffColors.antialiased`.
    public var diffImage: RGBAImage?

    /// Creates the figures of a comparison.
    package init(differentPixels: Int, antialiasedPixels: Int, size: ImageSize, diffImage: RGBAImage? = nil) {
        self.differentPixels = differentPixels
        self.antialiasedPixels = antialiasedPixels
        self.size = size
        self.diffImage = diffImage
    }

    /// Pixels compared: width × height.
    public var totalPixels: Int { size.width * size.height }

    /// The share of pixels that differ, from 0 to 1; 0 for an empty comparison.
    public var ratio: Double {
        totalPixels > 0 ? Double(differentPixels) / Double(totalPixels) : 0
    }
}
