/// A rectangle in points (or pixels, where a caller says so), with its origin at the top left.
public struct Rect: Equatable, Hashable, Sendable, Codable {
    /// The left edge.
    public var x: Double
    /// The top edge.
    public var y: Double
    /// The width; never negative in anything the layout produces.
    public var width: Double
    /// The height; never negative in anything the layout produces.
    public var height: Double

    /// Creates a rectangle from its origin and size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The right edge.
    public var maxX: Double { x + width }
    /// The bottom edge.
    public var maxY: Double { y + height }
}

/// A width and height in points.
public struct Size: Equatable, Hashable, Sendable, Codable {
    /// The horizontal extent.
    public var width: Double
    /// The vertical extent.
    public var height: Double

    /// Creates a size.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}
