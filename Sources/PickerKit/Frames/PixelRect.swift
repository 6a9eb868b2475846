/// A rectangle of whole pixels on a picture: the part of a frame an animated format stores.
package struct PixelRect: Equatable, Hashable, Sendable {
    /// The left column.
    package var x: Int
    /// The top row.
    package var y: Int
    /// Width in pixels; zero or less holds no pixel.
    package var width: Int
    /// Height in pixels; zero or less holds no pixel.
    package var height: Int

    /// A rectangle from its top-left corner and size.
    package init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The smallest rect holding both; an empty rect adds nothing.
    package func union(_ other: PixelRect) -> PixelRect {
        if width <= 0 || height <= 0 { return other }
        if other.width <= 0 || other.height <= 0 { return self }
        let left = min(x, other.x)
        let top = min(y, other.y)
        let right = max(x + width, other.x + other.width)
        let bottom = max(y + height, other.y + other.height)
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// True when it holds no pixel.
    package var isEmpty: Bool { width <= 0 || height <= 0 }
}
