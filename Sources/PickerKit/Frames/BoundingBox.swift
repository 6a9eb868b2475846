/// Grows to the bounding box of the pixels it is shown, one at a time.
package struct BoundingBox {
    private var minX = Int.max
    private var minY = Int.max
    private var maxX = Int.min
    private var maxY = Int.min

    /// An empty box.
    package init() {}

    /// Includes pixel (x, y).
    package mutating func include(x: Int, y: Int) {
        minX = min(minX, x)
        minY = min(minY, y)
        maxX = max(maxX, x)
        maxY = max(maxY, y)
    }

    /// The box, or an empty rect when no pixel was included.
    package var rect: PixelRect {
        guard minX <= maxX else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        return PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }
}
