/// A rectangle of whole pixels on the GIF canvas.
struct PixelRect: Equatable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int

    /// The smallest rect holding both; an empty rect adds nothing.
    func union(_ other: PixelRect) -> PixelRect {
        if width <= 0 || height <= 0 { return other }
        if other.width <= 0 || other.height <= 0 { return self }
        let left = min(x, other.x)
        let top = min(y, other.y)
        let right = max(x + width, other.x + other.width)
        let bottom = max(y + height, other.y + other.height)
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// True when it holds no pixel.
    var isEmpty: Bool { width <= 0 || height <= 0 }
}

/// Grows to the bounding box of the pixels it is shown, one at a time.
struct BoundingBox {
    private var minX = Int.max
    private var minY = Int.max
    private var maxX = Int.min
    private var maxY = Int.min

    /// Includes pixel (x, y).
    mutating func include(x: Int, y: Int) {
        minX = min(minX, x)
        minY = min(minY, y)
        maxX = max(maxX, x)
        maxY = max(maxY, y)
    }

    /// The box, or an empty rect when no pixel was included.
    var rect: PixelRect {
        guard minX <= maxX else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        return PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }
}
