import PickerKit

/// Which pixels of a frame differ from the frame before it, and the smallest rectangle holding them.
///
/// Later frames only need their changed pixels quantized, remapped and written, and in interface animations the
/// rectangle is a small part of the canvas.
struct FrameChange {
    /// One flag per pixel, row by row: true where the colour differs from the previous frame's.
    let changed: [Bool]
    /// The bounding box of the changed pixels; empty when nothing changed.
    let rect: PixelRect

    /// The change from `previous` to `current`; every pixel counts as changed when there is no previous frame
    /// or its size differs.
    init(from previous: RGBAImage?, to current: RGBAImage) {
        let (width, height) = (current.width, current.height)
        guard let previous, previous.width == width, previous.height == height else {
            changed = Array(repeating: true, count: width * height)
            rect = PixelRect(x: 0, y: 0, width: width, height: height)
            return
        }
        var changed = [Bool](repeating: false, count: width * height)
        var box = BoundingBox()
        current.pixels.withUnsafeBytes { new in
            previous.pixels.withUnsafeBytes { old in
                changed.withUnsafeMutableBufferPointer { flags in
                    for y in 0..<height {
                        var first = Int.max
                        var last = Int.min
                        for x in 0..<width {
                            let index = y * width + x
                            let offset = index * 4
                            let differs =
                                new.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
                                != old.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
                            flags[index] = differs
                            if differs {
                                first = min(first, x)
                                last = x
                            }
                        }
                        if first <= last {
                            box.include(x: first, y: y)
                            box.include(x: last, y: y)
                        }
                    }
                }
            }
        }
        self.changed = changed
        rect = box.rect
    }
}
