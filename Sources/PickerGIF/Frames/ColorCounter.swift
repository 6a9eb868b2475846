import PickerKit

/// Counts the exact colours of the frames, up to a bound, so the palette can hold them exactly when there is room.
///
/// Interface pictures often have a few hundred colours at most; libimagequant stops adding colours once its
/// perceptual target is met, which leaves palette slots that the most frequent exact colours fill well.
/// Only the first frame's pixels and later frames' changed pixels are counted, which keeps the cost per frame
/// proportional to what moves.
struct ColorCounter {
    /// More distinct colours than this and new ones are no longer tracked.
    static let maximumTracked = 1 << 16

    /// Count of each opaque colour (RGBA packed little-endian, alpha 255).
    private(set) var counts: [UInt32: Int] = [:]
    /// True once a colour went untracked because of `maximumTracked`.
    private(set) var overflowed = false

    /// Counts `picture`'s pixels where `changed` is true (all of them when `changed` is nil).
    ///
    /// Transparent pixels are skipped, since the palette always has its transparent entry. `rect`, when given,
    /// holds every changed pixel, and nothing outside it is read.
    mutating func add(_ picture: RGBAImage, changed: [Bool]?, within rect: PixelRect? = nil) {
        let width = picture.width
        let area = rect ?? PixelRect(x: 0, y: 0, width: width, height: picture.height)
        // Runs of one colour (most of an interface picture) are counted together.
        var run: (color: UInt32, count: Int) = (0, 0)
        picture.pixels.withUnsafeBytes { bytes in
            for y in area.y..<(area.y + area.height) {
                for index in (y * width + area.x)..<(y * width + area.x + area.width) where changed?[index] ?? true {
                    let color = bytes.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self)
                    if color == run.color {
                        run.count += 1
                    } else {
                        count(run.color, run.count)
                        run = (color, 1)
                    }
                }
            }
        }
        count(run.color, run.count)
    }

    /// Adds `number` pixels of `color`; transparent ones are skipped.
    private mutating func count(_ color: UInt32, _ number: Int) {
        guard color >> 24 != 0, number > 0 else { return }
        if let count = counts[color] {
            counts[color] = count + number
        } else if counts.count < Self.maximumTracked {
            counts[color] = number
        } else {
            overflowed = true
        }
    }

    /// Every opaque colour seen, when there were at most `limit` and none went untracked; nil otherwise.
    func allColors(limit: Int) -> [(red: UInt8, green: UInt8, blue: UInt8)]? {
        guard !overflowed, counts.count <= limit else { return nil }
        return counts.keys.sorted().map(Self.unpack)
    }

    /// Up to `limit` colours, most frequent first (ties in colour order, so the result is deterministic),
    /// leaving out those `isPresent` already has.
    func mostFrequent(_ limit: Int, excluding isPresent: ((red: UInt8, green: UInt8, blue: UInt8)) -> Bool)
        -> [(red: UInt8, green: UInt8, blue: UInt8)]
    {
        guard limit > 0 else { return [] }
        let ranked = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        var chosen: [(red: UInt8, green: UInt8, blue: UInt8)] = []
        for (color, _) in ranked where chosen.count < limit {
            let rgb = Self.unpack(color)
            if !isPresent(rgb) { chosen.append(rgb) }
        }
        return chosen
    }

    private static func unpack(_ color: UInt32) -> (red: UInt8, green: UInt8, blue: UInt8) {
        (UInt8(truncatingIfNeeded: color), UInt8(truncatingIfNeeded: color >> 8), UInt8(truncatingIfNeeded: color >> 16))
    }
}
