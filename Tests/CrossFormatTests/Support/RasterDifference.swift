import PickerKit

/// How far two rasterisations of the same picture are apart, beyond what anti-aliasing explains.
///
/// Both pictures are taken in premultiplied RGBA (so the colour of a transparent pixel does not count). For each
/// channel of each pixel, the other picture's range over the 3 × 3 pixels around the same place is widened by
/// `edgeShare` of its own width on either side; the pixel's excess is how many levels it lies outside, the largest
/// over channels and both directions. Two rasterisers draw an edge with different coverage, and may place a glyph a
/// fraction of a pixel apart (which can put a stem's ink into one pixel or spread it over two), but always as a mix
/// of the colours on either side, within about half the local contrast of that range. Where the other picture is
/// flat the range is one value and nothing is widened: a flat area of another colour, a feature that is missing or
/// extra, or an edge more than a pixel away has an excess.
///
/// `ignoredColumn` and `ignoredRow` (the last ones, when the canvas does not end on a whole pixel) and the pixels in
/// `ignoredBoxes` are not compared.
struct RasterDifference {
    /// Each pixel's excess in levels, row by row.
    let excess: [Int]

    init(
        _ first: RGBAImage, _ second: RGBAImage, edgeShare: Double, ignoredColumn: Int? = nil, ignoredRow: Int? = nil,
        ignoredBoxes: [PixelBox] = []
    ) {
        let a = Self.premultiplied(first)
        let b = Self.premultiplied(second)
        let (width, height) = (first.width, first.height)
        let (aLow, aHigh) = Self.neighbourhoodRange(a, width: width, height: height)
        let (bLow, bHigh) = Self.neighbourhoodRange(b, width: width, height: height)
        var excess = [Int](repeating: 0, count: width * height)
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                for pixel in 0..<(width * height) {
                    let (column, row) = (pixel % width, pixel / width)
                    if column == ignoredColumn || row == ignoredRow || ignoredBoxes.contains(where: { $0.contains(x: column, y: row) }) {
                        continue
                    }
                    var worst = 0.0
                    for channel in (pixel * 4)..<(pixel * 4 + 4) {
                        let (x, y) = (Double(a[channel]), Double(b[channel]))
                        let (lowA, highA, lowB, highB) = (
                            Double(aLow[channel]), Double(aHigh[channel]), Double(bLow[channel]), Double(bHigh[channel])
                        )
                        let slackA = edgeShare * (highA - lowA)
                        let slackB = edgeShare * (highB - lowB)
                        worst = max(worst, lowB - slackB - x, x - highB - slackB, lowA - slackA - y, y - highA - slackA)
                    }
                    excess[pixel] = Int(worst.rounded(.up))
                }
            }
        }
        self.excess = excess
    }

    /// The pixels whose excess is over `levels`.
    func strayPixels(beyond levels: Int) -> Int {
        excess.reduce(0) { $0 + ($1 > levels ? 1 : 0) }
    }

    /// The largest excess of any pixel.
    var largestExcess: Int { excess.max() ?? 0 }

    /// The picture's bytes with red, green and blue multiplied by alpha, rounded.
    static func premultiplied(_ image: RGBAImage) -> [UInt8] {
        var bytes = image.pixels
        bytes.withUnsafeMutableBufferPointer { bytes in
            for offset in stride(from: 0, to: bytes.count, by: 4) {
                let alpha = UInt32(bytes[offset + 3])
                for channel in offset..<(offset + 3) { bytes[channel] = UInt8((UInt32(bytes[channel]) * alpha + 127) / 255) }
            }
        }
        return bytes
    }

    /// Each channel's smallest and largest value over the 3 × 3 pixels around each pixel (fewer at the borders).
    static func neighbourhoodRange(_ bytes: [UInt8], width: Int, height: Int) -> (low: [UInt8], high: [UInt8]) {
        // Separable: along rows first, then along columns of the row results.
        var rowLow = bytes
        var rowHigh = bytes
        bytes.withUnsafeBufferPointer { source in
            for y in 0..<height {
                for x in 0..<width {
                    for channel in 0..<4 {
                        let at = (y * width + x) * 4 + channel
                        var low = source[at]
                        var high = source[at]
                        if x > 0 {
                            low = min(low, source[at - 4])
                            high = max(high, source[at - 4])
                        }
                        if x + 1 < width {
                            low = min(low, source[at + 4])
                            high = max(high, source[at + 4])
                        }
                        rowLow[at] = low
                        rowHigh[at] = high
                    }
                }
            }
        }
        var low = rowLow
        var high = rowHigh
        let rowBytes = width * 4
        for y in 0..<height {
            for at in (y * rowBytes)..<((y + 1) * rowBytes) {
                if y > 0 {
                    low[at] = min(low[at], rowLow[at - rowBytes])
                    high[at] = max(high[at], rowHigh[at - rowBytes])
                }
                if y + 1 < height {
                    low[at] = min(low[at], rowLow[at + rowBytes])
                    high[at] = max(high[at], rowHigh[at + rowBytes])
                }
            }
        }
        return (low, high)
    }
}
