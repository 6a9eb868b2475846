/// The width and height of a picture in pixels, as reported when two pictures cannot be compared.
public struct ImageSize: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// A size of `width` × `height` pixels.
    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The size as `width×height`, such as `320×48`.
    public var description: String { "\(width)×\(height)" }
}
