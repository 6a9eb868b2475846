import PickerKit

/// Test pictures made in code: a striped background (or none), a few dark "labels", and a box that moves to
/// the x positions it is given, one per frame, drawn over the labels or under them.
///
/// Every pixel is computed from integers, so the same frame is the same picture every time it is asked for.
public struct MovingBox: Sendable {
    /// Canvas width in pixels.
    public var width: Int
    /// Canvas height in pixels.
    public var height: Int
    /// The box's left edge in each frame; frames past the end repeat the last position.
    public var positions: [Int]
    /// The box's size.
    public var boxWidth: Int
    /// The box's colour, straight alpha; translucent boxes blend over what is under them.
    public var boxColor: (UInt8, UInt8, UInt8, UInt8)
    /// False for a fully transparent background.
    public var opaqueBackground: Bool

    /// A box `boxWidth` px wide moving through `positions` on a `width` × `height` canvas.
    public init(
        width: Int = 96, height: Int = 24, positions: [Int], boxWidth: Int = 20,
        boxColor: (UInt8, UInt8, UInt8, UInt8) = (0, 122, 255, 255),
        opaqueBackground: Bool = true
    ) {
        self.width = width
        self.height = height
        self.positions = positions
        self.boxWidth = boxWidth
        self.boxColor = boxColor
        self.opaqueBackground = opaqueBackground
    }

    /// Frame `index`.
    public func frame(_ index: Int) -> RGBAImage {
        let left = positions.isEmpty ? 0 : positions[min(max(index, 0), positions.count - 1)]
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                var pixel: (Int, Int, Int, Int) = opaqueBackground ? (240 - (y % 4) * 6, 242, 247, 255) : (0, 0, 0, 0)
                // "Labels": short dark bars every 24 px, half-covered alpha at their ends.
                if y >= height / 3 && y < height - height / 3 && x % 24 >= 6 && x % 24 < 14 {
                    let edge = x % 24 == 6 || x % 24 == 13
                    pixel = Self.over((28, 28, 30, edge ? 128 : 255), pixel)
                }
                if x >= left && x < left + boxWidth && y >= 2 && y < height - 2 {
                    pixel = Self.over((Int(boxColor.0), Int(boxColor.1), Int(boxColor.2), Int(boxColor.3)), pixel)
                }
                image.setPixel(x: x, y: y, to: (UInt8(pixel.0), UInt8(pixel.1), UInt8(pixel.2), UInt8(pixel.3)))
            }
        }
        return image
    }

    /// Straight-alpha "over" in integers.
    private static func over(_ top: (Int, Int, Int, Int), _ bottom: (Int, Int, Int, Int)) -> (Int, Int, Int, Int) {
        let alpha = top.3 * 255 + bottom.3 * (255 - top.3)
        guard alpha > 0 else { return (0, 0, 0, 0) }
        func mix(_ a: Int, _ b: Int) -> Int { (a * top.3 * 255 + b * bottom.3 * (255 - top.3) + alpha / 2) / alpha }
        return (mix(top.0, bottom.0), mix(top.1, bottom.1), mix(top.2, bottom.2), (alpha + 127) / 255)
    }
}
