import PickerKit

/// The distinct frames of the palette pass, kept as the first frame and the rectangle each later one changed,
/// so the writing pass can rebuild them instead of asking the provider to render every frame again.
///
/// Interface animations change a small part of the canvas per frame, so this costs a few frames' worth of
/// memory. Past its byte budget the store gives up and drops what it held; frames then come from the provider.
struct FrameStore {
    /// The most bytes of pixels kept.
    let byteBudget: Int

    private struct StoredChange {
        let sourceIndex: Int
        let rect: PixelRect
        /// The rectangle's RGBA pixels, row by row.
        let pixels: [UInt8]
    }

    private var first: RGBAImage?
    private var changes: [StoredChange] = []
    private var byteCount = 0
    /// False once the budget was exceeded (or a frame came out of order): nothing is rebuilt then.
    private(set) var isComplete = true
    /// The frame being rebuilt, the source index it shows, and the next change to apply.
    private var replay: (picture: RGBAImage, sourceIndex: Int, nextChange: Int)?

    /// An empty store that keeps at most `byteBudget` bytes of pixels (64 MiB by default).
    init(byteBudget: Int = 64 << 20) {
        self.byteBudget = byteBudget
    }

    /// Keeps distinct frame `sourceIndex`, which differs from the one kept before it by `change`.
    mutating func add(_ picture: RGBAImage, sourceIndex: Int, change: FrameChange) {
        guard isComplete else { return }
        guard let first else {
            guard picture.pixels.count <= byteBudget else {
                giveUp()
                return
            }
            first = picture
            byteCount = picture.pixels.count
            replay = (picture, sourceIndex, 0)
            return
        }
        let rect = change.rect
        guard picture.width == first.width, picture.height == first.height, sourceIndex > (changes.last?.sourceIndex ?? 0),
            byteCount + rect.width * rect.height * 4 <= byteBudget
        else {
            giveUp()
            return
        }
        var pixels: [UInt8] = []
        pixels.reserveCapacity(rect.width * rect.height * 4)
        for y in rect.y..<(rect.y + rect.height) {
            let start = (y * picture.width + rect.x) * 4
            pixels.append(contentsOf: picture.pixels[start..<(start + rect.width * 4)])
        }
        byteCount += pixels.count
        changes.append(StoredChange(sourceIndex: sourceIndex, rect: rect, pixels: pixels))
    }

    /// Frame `sourceIndex` (a repeated frame is the distinct one before it), rebuilt from what was kept; nil when
    /// the store gave up or frames are asked for out of order (they must come in non-decreasing order).
    mutating func picture(at sourceIndex: Int) -> RGBAImage? {
        guard isComplete, var (picture, shown, next) = replay, sourceIndex >= shown else { return nil }
        while next < changes.count, changes[next].sourceIndex <= sourceIndex {
            let change = changes[next]
            let rowBytes = change.rect.width * 4
            let width = picture.width
            picture.withUnsafeMutablePixels { canvas in
                change.pixels.withUnsafeBufferPointer { part in
                    for row in 0..<change.rect.height {
                        let to = ((change.rect.y + row) * width + change.rect.x) * 4
                        let from = row * rowBytes
                        for byte in 0..<rowBytes { canvas[to + byte] = part[from + byte] }
                    }
                }
            }
            next += 1
        }
        shown = sourceIndex
        replay = (picture, shown, next)
        return picture
    }

    private mutating func giveUp() {
        isComplete = false
        first = nil
        changes = []
        replay = nil
        byteCount = 0
    }
}
