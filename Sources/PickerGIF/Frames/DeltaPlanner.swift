import PickerKit

/// Turns each frame's wanted palette indices into the smallest GIF frames that show them over what is on screen.
///
/// Turning an opaque pixel transparent is only possible by having the frame before clear a rectangle when it is
/// disposed (see `DeltaFrame.clearsAfterwards`), so a frame is held back until the next one is known. The
/// cleared rectangle must then be redrawn, and if that frame must clear too, its larger rectangle goes, and so
/// on. To stop that growth, a held-back frame of 4 cs or more gives its last 2 cs to a frame that draws nothing
/// and clears only what must become transparent. Memory is a few canvas-sized buffers, whatever the frame count.
struct DeltaPlanner {
    let width: Int
    let height: Int
    let transparentIndex: UInt8
    /// What is on screen once the held-back frame has been shown.
    private var canvas: [UInt8]
    /// The frame waiting for the next one.
    private var heldBack: DeltaFrame?

    /// A planner for a canvas that starts fully transparent.
    init(width: Int, height: Int, transparentIndex: UInt8) {
        self.width = width
        self.height = height
        self.transparentIndex = transparentIndex
        canvas = Array(repeating: transparentIndex, count: width * height)
    }

    /// Adds the next frame (showing `sourceIndex` for `delay` cs) and returns the frames before it, now final.
    ///
    /// `target` holds the new picture's palette indices; only pixels where `changed` is true take them, the
    /// others keep what is on screen, so dithering noise in unchanged areas never enters a frame. `changedRect`,
    /// when given, holds every changed pixel, and the work outside it is skipped.
    mutating func add(target: [UInt8], changed: [Bool], changedRect: PixelRect? = nil, sourceIndex: Int, delay: Int) -> [DeltaFrame] {
        let transparent = transparentIndex
        let area = changedRect ?? PixelRect(x: 0, y: 0, width: width, height: height)
        var wanted = canvas
        var clearBox = BoundingBox()
        for y in area.y..<(area.y + area.height) {
            for index in (y * width + area.x)..<(y * width + area.x + area.width) where changed[index] {
                wanted[index] = target[index]
                if target[index] == transparent && canvas[index] != transparent {
                    clearBox.include(x: index % width, y: index / width)
                }
            }
        }
        var finished: [DeltaFrame] = []
        var cleared: PixelRect?
        if var previous = heldBack {
            if !clearBox.rect.isEmpty {
                if previous.layer == nil {
                    // It draws nothing, so it can clear exactly what must go.
                    previous.rect = clearBox.rect
                } else if previous.delay >= 2 * GIFFramePlan.minimumDelay {
                    // Keep the previous frame as it is and clear from a 2 cs frame of its own that draws nothing.
                    previous.delay -= GIFFramePlan.minimumDelay
                    finished.append(previous)
                    previous = DeltaFrame(
                        sourceIndex: previous.sourceIndex, layer: nil, rect: clearBox.rect, delay: GIFFramePlan.minimumDelay,
                        clearsAfterwards: true)
                } else {
                    previous.rect = previous.rect.union(clearBox.rect)
                }
                previous.clearsAfterwards = true
                cleared = previous.rect
            }
            finished.append(previous)
        }
        var base = canvas
        if let cleared {
            for y in cleared.y..<(cleared.y + cleared.height) {
                let start = y * width + cleared.x
                for index in start..<(start + cleared.width) { base[index] = transparent }
            }
        }
        var layer = Array(repeating: transparent, count: width * height)
        var box = BoundingBox()
        // wanted differs from the canvas only in the changed area, and base only in the cleared rectangle.
        let differing = cleared.map { area.union($0) } ?? area
        for y in differing.y..<(differing.y + differing.height) {
            for index in (y * width + differing.x)..<(y * width + differing.x + differing.width) where wanted[index] != base[index] {
                layer[index] = wanted[index]
                box.include(x: index % width, y: index / width)
            }
        }
        var rect = box.rect
        if heldBack == nil {
            // The first frame covers the whole canvas, for viewers that do not start from transparent.
            rect = PixelRect(x: 0, y: 0, width: width, height: height)
        }
        if rect.isEmpty {
            // Nothing changed (a long hold split in parts): one pixel that keeps what is there.
            heldBack = DeltaFrame(
                sourceIndex: sourceIndex, layer: nil, rect: PixelRect(x: 0, y: 0, width: 1, height: 1), delay: delay,
                clearsAfterwards: false)
        } else {
            // Where a pixel stays as it is, either "transparent" or its own colour shows the same thing; pick
            // whichever continues the run to its left, since LZW compresses runs.
            for y in rect.y..<(rect.y + rect.height) {
                let start = y * width + rect.x
                for index in (start + 1)..<(start + rect.width) where wanted[index] == base[index] && layer[index - 1] == wanted[index] {
                    layer[index] = wanted[index]
                }
            }
            heldBack = DeltaFrame(sourceIndex: sourceIndex, layer: layer, rect: rect, delay: delay, clearsAfterwards: false)
        }
        canvas = wanted
        return finished
    }

    /// The last frame, once every frame has been added.
    mutating func finish() -> DeltaFrame? {
        defer { heldBack = nil }
        return heldBack
    }
}
