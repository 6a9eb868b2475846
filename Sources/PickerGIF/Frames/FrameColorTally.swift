import PickerKit

/// Weighs each opaque colour by how much of all the distinct frames it covers, as if each frame were counted
/// whole, while reading only the first frame and the neighbourhood of the changed pixels of later ones.
///
/// A pixel weighs from 80 (busy: on an edge, in anti-aliasing or noise) to 255 (flat), the way libimagequant
/// weighs pixels when it counts an image itself, so the palette favours colours whose errors show most. Each
/// colour keeps its weight on screen and since which frame it held, so a change only settles that colour.
struct FrameColorTally {
    private struct Entry {
        /// Weight of this colour in the latest frame.
        var onScreen = 0
        /// The frame from which `onScreen` has held without being added to `total`.
        var since = 0
        /// Weight of this colour in the frames before `since`.
        var total = 0

        mutating func settle(at frame: Int, adding weight: Int) {
            total += onScreen * (frame - since)
            since = frame
            onScreen += weight
        }
    }

    /// Weights of consecutive pixels of one colour, added up before they go to the dictionary.
    private struct RunSum {
        /// The run's colour; 0 (transparent, never tallied) while empty.
        var color: UInt32 = 0
        var weight = 0

        /// Adds a pixel; returns the finished run when `pixel` starts a new one.
        mutating func add(_ pixel: UInt32, _ pixelWeight: Int) -> (color: UInt32, weight: Int)? {
            if pixel == color {
                weight += pixelWeight
                return nil
            }
            defer { (color, weight) = (pixel, pixelWeight) }
            return (color, weight)
        }
    }

    private var entries: [UInt32: Entry] = [:]
    /// Frames added so far.
    private(set) var frameCount = 0

    /// Adds the next distinct frame, which differs from `previous` (the frame before it) by `change`.
    ///
    /// Without a previous frame of the same size every pixel is read.
    mutating func add(_ picture: RGBAImage, previous: RGBAImage?, change: FrameChange) {
        let rect = change.rect
        let frame = frameCount
        frameCount += 1
        let (width, height) = (picture.width, picture.height)
        guard let previous, previous.width == width, previous.height == height else {
            entries = [:]
            frameCount = 1
            var run = RunSum()
            picture.pixels.withUnsafeBytes { new in
                for y in 0..<height {
                    for x in 0..<width {
                        let color = new.loadUnaligned(fromByteOffset: (y * width + x) * 4, as: UInt32.self)
                        if let done = run.add(color, Self.weight(new, x, y, width, height)) {
                            settle(done.color, at: 0, adding: done.weight)
                        }
                    }
                }
            }
            settle(run.color, at: 0, adding: run.weight)
            return
        }
        guard !rect.isEmpty else { return }
        // A pixel's weight depends on its neighbours, so the pixels around the rectangle are settled too.
        let left = max(rect.x - 1, 0)
        let right = min(rect.x + rect.width + 1, width)
        let top = max(rect.y - 1, 0)
        let bottom = min(rect.y + rect.height + 1, height)
        // Settling is additive within a frame, so runs of one colour (most of an interface picture) settle once.
        var removed = RunSum()
        var added = RunSum()
        picture.pixels.withUnsafeBytes { new in
            previous.pixels.withUnsafeBytes { old in
                let changed = change.changed
                for y in top..<bottom {
                    for x in left..<right {
                        let index = y * width + x
                        // Only a pixel that changed, or has a neighbour that did, can change colour or weight.
                        guard
                            changed[index] || (x > 0 && changed[index - 1]) || (x + 1 < width && changed[index + 1])
                                || (y > 0 && changed[index - width]) || (y + 1 < height && changed[index + width])
                        else { continue }
                        let offset = index * 4
                        let from = old.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
                        let to = new.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
                        let fromWeight = Self.weight(old, x, y, width, height)
                        let toWeight = Self.weight(new, x, y, width, height)
                        guard from != to || fromWeight != toWeight else { continue }
                        if let done = removed.add(from, fromWeight) { settle(done.color, at: frame, adding: -done.weight) }
                        if let done = added.add(to, toWeight) { settle(done.color, at: frame, adding: done.weight) }
                    }
                }
            }
        }
        settle(removed.color, at: frame, adding: -removed.weight)
        settle(added.color, at: frame, adding: added.weight)
    }

    /// Every opaque colour with its weight summed over all frames added, in colour order (deterministic).
    var totals: [(color: UInt32, weight: Int)] {
        entries.compactMap { color, entry in
            let weight = entry.total + entry.onScreen * (frameCount - entry.since)
            return weight > 0 ? (color, weight) : nil
        }
        .sorted { $0.color < $1.color }
    }

    /// Transparent colours (alpha 0) are not tallied.
    private mutating func settle(_ color: UInt32, at frame: Int, adding weight: Int) {
        guard color >> 24 != 0 else { return }
        entries[color, default: Entry(onScreen: 0, since: frame, total: 0)].settle(at: frame, adding: weight)
    }

    /// libimagequant's weight for the pixel at (x, y): 80 + 176 z⁴, where z falls from 1 on flat areas as the
    /// second differences across the pixel, horizontal and vertical, grow (edge pixels, with one large and one
    /// small, fall less than noise).
    private static func weight(_ pixels: UnsafeRawBufferPointer, _ x: Int, _ y: Int, _ width: Int, _ height: Int) -> Int {
        func load(_ x: Int, _ y: Int) -> UInt32 { pixels.loadUnaligned(fromByteOffset: (y * width + x) * 4, as: UInt32.self) }
        let center = load(x, y)
        let left = load(max(x - 1, 0), y)
        let right = load(min(x + 1, width - 1), y)
        let up = load(x, max(y - 1, 0))
        let down = load(x, min(y + 1, height - 1))
        if left == center, right == center, up == center, down == center { return 255 }
        func secondDifference(_ a: UInt32, _ b: UInt32) -> Int {
            var largest = 0
            for shift in stride(from: 0, to: 32, by: 8) {
                let sum = Int((a >> shift) & 0xFF) + Int((b >> shift) & 0xFF) - 2 * Int((center >> shift) & 0xFF)
                largest = max(largest, abs(sum))
            }
            return largest
        }
        let horizontal = Float(secondDifference(left, right)) / 255
        let vertical = Float(secondDifference(up, down)) / 255
        let edge = max(horizontal, vertical)
        var z = 1 - max(edge - abs(horizontal - vertical) * 0.5, min(horizontal, vertical))
        z = max(z, 0)
        z *= z
        z *= z
        return min(80 + Int(z * 176), 255)
    }
}
