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
                    for y in 0..<height where !Self.rowsEqual(new, old, from: y * width * 4, byteCount: width * 4) {
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
                        box.include(x: first, y: y)
                        box.include(x: last, y: y)
                    }
                }
            }
        }
        self.changed = changed
        rect = box.rect
    }

    /// True when `byteCount` bytes from `offset` are the same in both; most rows of an interface animation are,
    /// and comparing eight bytes at a time finds that quickly.
    private static func rowsEqual(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer, from offset: Int, byteCount: Int) -> Bool {
        var position = offset
        let end = offset + byteCount
        while position + 8 <= end {
            if a.loadUnaligned(fromByteOffset: position, as: UInt64.self) != b.loadUnaligned(fromByteOffset: position, as: UInt64.self) {
                return false
            }
            position += 8
        }
        while position < end {
            if a[position] != b[position] { return false }
            position += 1
        }
        return true
    }
}
