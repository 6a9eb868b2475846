/// Decides whether a pixel that differs is only anti-aliasing: an edge drawn a fraction of a pixel elsewhere, as
/// happens between rasterisers or font hinting settings.
///
/// Follows Vysniauskas, "Anti-aliased pixel and intensity slope detector" (2009), as pixelmatch does: a pixel is
/// anti-aliasing when its brightness lies strictly between its darkest and brightest neighbours (it is on a slope),
/// and that darkest or brightest neighbour sits inside a flat area (three or more identical neighbours) in both
/// pictures, i.e. it is the solid side of an edge, not texture. Brightness comes from the metric in use.
struct AntialiasingDetector<Distance: PixelDistance> {
    let width: Int
    let height: Int
    let distance: Distance

    /// Whether the pixel at (x, y) of `picture` looks anti-aliased, given `other`, the picture it is compared with.
    func isAntialiased(x: Int, y: Int, in picture: UnsafeBufferPointer<UInt8>, comparedWith other: UnsafeBufferPointer<UInt8>) -> Bool {
        let center = offset(x, y)
        // Pixels on the picture's border have fewer neighbours; count the missing side as one identical neighbour.
        var identicalNeighbours = isOnBorder(x, y) ? 1 : 0
        // The difference is this pixel's brightness minus the neighbour's: most negative for the brightest
        // neighbour, most positive for the darkest.
        var brightestDifference = 0.0
        var darkestDifference = 0.0
        var brightestAt = (x: 0, y: 0)
        var darkestAt = (x: 0, y: 0)

        for neighbourX in max(x - 1, 0)...min(x + 1, width - 1) {
            for neighbourY in max(y - 1, 0)...min(y + 1, height - 1) where neighbourX != x || neighbourY != y {
                let difference = distance.brightnessDifference(picture, center, offset(neighbourX, neighbourY))
                if difference == 0 {
                    identicalNeighbours += 1
                    // Three identical neighbours make this a flat area, not an edge.
                    if identicalNeighbours > 2 { return false }
                } else if difference < brightestDifference {
                    brightestDifference = difference
                    brightestAt = (neighbourX, neighbourY)
                } else if difference > darkestDifference {
                    darkestDifference = difference
                    darkestAt = (neighbourX, neighbourY)
                }
            }
        }

        // Without both a brighter and a darker neighbour the pixel is not on a slope.
        guard brightestDifference != 0, darkestDifference != 0 else { return false }

        // The edge is anti-aliasing if either side of it is a flat area in both pictures.
        if hasManyIdenticalNeighbours(brightestAt.x, brightestAt.y, in: picture)
            && hasManyIdenticalNeighbours(brightestAt.x, brightestAt.y, in: other)
        {
            return true
        }
        return hasManyIdenticalNeighbours(darkestAt.x, darkestAt.y, in: picture)
            && hasManyIdenticalNeighbours(darkestAt.x, darkestAt.y, in: other)
    }

    /// Whether the pixel at (x, y) has more than two neighbours with exactly its bytes.
    func hasManyIdenticalNeighbours(_ x: Int, _ y: Int, in picture: UnsafeBufferPointer<UInt8>) -> Bool {
        let center = offset(x, y)
        var identicalNeighbours = isOnBorder(x, y) ? 1 : 0
        for neighbourX in max(x - 1, 0)...min(x + 1, width - 1) {
            for neighbourY in max(y - 1, 0)...min(y + 1, height - 1) where neighbourX != x || neighbourY != y {
                if picture.samePixel(at: center, as: picture, at: offset(neighbourX, neighbourY)) {
                    identicalNeighbours += 1
                    if identicalNeighbours > 2 { return true }
                }
            }
        }
        return false
    }

    func isOnBorder(_ x: Int, _ y: Int) -> Bool {
        x == 0 || y == 0 || x == width - 1 || y == height - 1
    }

    func offset(_ x: Int, _ y: Int) -> Int {
        (y * width + x) * 4
    }
}
