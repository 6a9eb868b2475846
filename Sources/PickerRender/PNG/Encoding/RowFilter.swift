/// The PNG row filters (PNG specification, section 9.2), applied to one unfiltered row.
enum RowFilter {
    /// Writes the filter type and the filtered `row` into `output` (`count + 1` bytes); `above` is the
    /// unfiltered row above, all zeros for the first row.
    static func apply(
        _ filter: PNGRowFilter, row: UnsafePointer<UInt8>, above: UnsafePointer<UInt8>, count: Int, bytesPerPixel: Int,
        into output: UnsafeMutablePointer<UInt8>
    ) {
        switch filter {
        case .none: none(row, count, output)
        case .sub: sub(row, count, bytesPerPixel, output)
        case .up: up(row, above, count, output)
        case .paeth: paeth(row, above, count, bytesPerPixel, output)
        case .adaptive:
            let costs = [cost(ofNone: row, count), cost(ofSub: row, count, bytesPerPixel), cost(ofUp: row, above, count)]
            switch costs.indices.min(by: { costs[$0] < costs[$1] }) {
            case 1: sub(row, count, bytesPerPixel, output)
            case 2: up(row, above, count, output)
            default: none(row, count, output)
            }
        }
    }

    private static func none(_ row: UnsafePointer<UInt8>, _ count: Int, _ output: UnsafeMutablePointer<UInt8>) {
        output[0] = 0
        (output + 1).update(from: row, count: count)
    }

    private static func sub(_ row: UnsafePointer<UInt8>, _ count: Int, _ bpp: Int, _ output: UnsafeMutablePointer<UInt8>) {
        output[0] = 1
        for i in 0..<min(bpp, count) { output[1 + i] = row[i] }
        for i in min(bpp, count)..<count { output[1 + i] = row[i] &- row[i - bpp] }
    }

    private static func up(_ row: UnsafePointer<UInt8>, _ above: UnsafePointer<UInt8>, _ count: Int, _ output: UnsafeMutablePointer<UInt8>)
    {
        output[0] = 2
        for i in 0..<count { output[1 + i] = row[i] &- above[i] }
    }

    private static func paeth(
        _ row: UnsafePointer<UInt8>, _ above: UnsafePointer<UInt8>, _ count: Int, _ bpp: Int, _ output: UnsafeMutablePointer<UInt8>
    ) {
        output[0] = 4
        for i in 0..<count {
            let left = i >= bpp ? Int(row[i - bpp]) : 0
            let up = Int(above[i])
            let upperLeft = i >= bpp ? Int(above[i - bpp]) : 0
            let estimate = left + up - upperLeft
            let distanceLeft = abs(estimate - left)
            let distanceUp = abs(estimate - up)
            let distanceUpperLeft = abs(estimate - upperLeft)
            let predictor =
                distanceLeft <= distanceUp && distanceLeft <= distanceUpperLeft ? left : (distanceUp <= distanceUpperLeft ? up : upperLeft)
            output[1 + i] = row[i] &- UInt8(truncatingIfNeeded: predictor)
        }
    }

    /// libpng's measure of how well a filtered row will compress: the sum of its bytes read as signed.
    private static func magnitude(_ byte: UInt8) -> Int { byte < 128 ? Int(byte) : 256 - Int(byte) }

    private static func cost(ofNone row: UnsafePointer<UInt8>, _ count: Int) -> Int {
        var sum = 0
        for i in 0..<count { sum += magnitude(row[i]) }
        return sum
    }

    private static func cost(ofSub row: UnsafePointer<UInt8>, _ count: Int, _ bpp: Int) -> Int {
        var sum = 0
        for i in 0..<count { sum += magnitude(i >= bpp ? row[i] &- row[i - bpp] : row[i]) }
        return sum
    }

    private static func cost(ofUp row: UnsafePointer<UInt8>, _ above: UnsafePointer<UInt8>, _ count: Int) -> Int {
        var sum = 0
        for i in 0..<count { sum += magnitude(row[i] &- above[i]) }
        return sum
    }
}
