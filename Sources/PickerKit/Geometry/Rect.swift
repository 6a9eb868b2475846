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
    package init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The right edge.
    public var maxX: Double { x + width }
    /// The bottom edge.
    public var maxY: Double { y + height }

    /// `radius` as a rounded rectangle of this size draws it: at most half the shorter side (a capsule).
    ///
    /// The one clamp for the track and the highlight, in every format.
    package func cornerRadius(clamping radius: Double) -> Double { min(radius, min(width, height) / 2) }
}

/// A width and height in points.
public struct Size: Equatable, Hashable, Sendable, Codable {
    /// The horizontal extent.
    public var width: Double
    /// The vertical extent.
    public var height: Double

    /// Creates a size.
    package init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// A point in points (or pixels, where a caller says so), from the top left.
public struct Point: Equatable, Hashable, Sendable, Codable {
    /// Rightwards.
    public var x: Double
    /// Downwards.
    public var y: Double

    /// Creates a point.
    package init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

extension Rect {
    /// The centre.
    public var center: Point { Point(x: x + width / 2, y: y + height / 2) }

    /// The smallest rect holding both; an empty rect (no width or height) adds nothing.
    package func union(_ other: Rect) -> Rect {
        if width <= 0 || height <= 0 { return other }
        if other.width <= 0 || other.height <= 0 { return self }
        let left = min(x, other.x)
        let top = min(y, other.y)
        return Rect(x: left, y: top, width: max(maxX, other.maxX) - left, height: max(maxY, other.maxY) - top)
    }

    /// The rect grown by `amount` on every side (shrunk for a negative amount).
    package func outset(by amount: Double) -> Rect {
        Rect(x: x - amount, y: y - amount, width: width + 2 * amount, height: height + 2 * amount)
    }
}
