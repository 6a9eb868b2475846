/// Turns each frame's wanted palette indices into the smallest GIF frame that shows them over what is on screen.
///
/// A frame is held back until the next one is known, because turning an opaque pixel transparent is only possible
/// by having the previous frame clear its rectangle when it is disposed (see `DeltaFrame.clearsAfterwards`).
/// Memory is a few canvas-sized buffers, whatever the number of frames.
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

    /// Adds the next frame and returns the previous one, now final.
    ///
    /// `target` holds the new picture's palette indices; only pixels where `changed` is true take them, the
    /// others keep what is on screen, so dithering noise in unchanged areas never enters a frame.
    mutating func add(target: [UInt8], changed: [Bool], delay: Int) -> DeltaFrame? {
        let transparent = transparentIndex
        var wanted = canvas
        var clearBox = BoundingBox()
        for index in wanted.indices where changed[index] {
            wanted[index] = target[index]
            if target[index] == transparent && canvas[index] != transparent {
                clearBox.include(x: index % width, y: index / width)
            }
        }
        var base = canvas
        if var previous = heldBack, !clearBox.rect.isEmpty {
            previous.rect = previous.rect.union(clearBox.rect)
            previous.clearsAfterwards = true
            heldBack = previous
            let rect = previous.rect
            for y in rect.y..<(rect.y + rect.height) {
                let start = y * width + rect.x
                for index in start..<(start + rect.width) { base[index] = transparent }
            }
        }
        var layer = Array(repeating: transparent, count: width * height)
        var box = BoundingBox()
        for index in wanted.indices where wanted[index] != base[index] {
            layer[index] = wanted[index]
            box.include(x: index % width, y: index / width)
        }
        var rect = box.rect
        // Where a pixel stays as it is, either "transparent" or its own colour shows the same thing; pick whichever
        // continues the run to its left, since LZW compresses runs.
        if !rect.isEmpty {
            for y in rect.y..<(rect.y + rect.height) {
                let start = y * width + rect.x
                for index in (start + 1)..<(start + rect.width) where wanted[index] == base[index] && layer[index - 1] == wanted[index] {
                    layer[index] = wanted[index]
                }
            }
        }
        if heldBack == nil {
            // The first frame covers the whole canvas, for viewers that do not start from transparent.
            rect = PixelRect(x: 0, y: 0, width: width, height: height)
        } else if rect.isEmpty {
            // Nothing changed (a long hold split in parts): one pixel that keeps what is there.
            rect = PixelRect(x: 0, y: 0, width: 1, height: 1)
        }
        let finished = heldBack
        heldBack = DeltaFrame(layer: layer, rect: rect, delay: delay, clearsAfterwards: false)
        canvas = wanted
        return finished
    }

    /// The last frame, once every frame has been added.
    mutating func finish() -> DeltaFrame? {
        defer { heldBack = nil }
        return heldBack
    }
}
