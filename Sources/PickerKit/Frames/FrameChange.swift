import Glibc

/// Which pixels of a frame differ from the frame before it, and the smallest rectangle holding them.
///
/// Later frames of an animated GIF, APNG or WebP only need the changed pixels stored, and in interface
/// animations the rectangle is a small part of the canvas.
package struct FrameChange {
    /// One flag per pixel, row by row: true where the colour differs from the previous frame's.
    package let changed: [Bool]
    /// The bounding box of the changed pixels; empty when nothing changed.
    package let rect: PixelRect

    /// The change from `previous` to `current`; every pixel counts as changed when there is no previous frame
    /// or its size differs.
    package init(from previous: RGBAImage?, to current: RGBAImage) {
        let (width, height) = (current.width, current.height)
        guard let previous, previous.width == width, previous.height == height else {
            changed = Array(repeating: true, count: width * height)
            rect = PixelRect(x: 0, y: 0, width: width, height: height)
            return
        }
        var changed = [Bool](repeating: false, count: width * height)
        rect = changed.withUnsafeMutableBufferPointer { flags in Self.scan(previous, current, flags: flags) }
        self.changed = changed
    }

    /// The bounding box of the pixels that differ between `previous` and `current`, without the per-pixel
    /// flags: the whole picture when there is no previous frame or its size differs, empty when they are equal.
    package static func rect(from previous: RGBAImage?, to current: RGBAImage) -> PixelRect {
        guard let previous, previous.width == current.width, previous.height == current.height else {
            return PixelRect(x: 0, y: 0, width: current.width, height: current.height)
        }
        return scan(previous, current, flags: nil)
    }

    /// Compares two pictures of the same size row by row; sets `flags` (when given) where pixels differ between
    /// each row's first and last difference, and returns the bounding box of the differences.
    private static func scan(_ previous: RGBAImage, _ current: RGBAImage, flags: UnsafeMutableBufferPointer<Bool>?) -> PixelRect {
        let (width, height) = (current.width, current.height)
        var box = BoundingBox()
        guard previous.pixels.count >= width * height * 4, current.pixels.count >= width * height * 4 else {
            return PixelRect(x: 0, y: 0, width: width, height: height)
        }
        current.pixels.withUnsafeBytes { new in
            previous.pixels.withUnsafeBytes { old in
                guard let newBase = new.baseAddress, let oldBase = old.baseAddress else { return }
                for y in 0..<height {
                    let rowStart = y * width
                    // Most rows are unchanged, and memcmp finds that fastest.
                    if memcmp(newBase + rowStart * 4, oldBase + rowStart * 4, width * 4) == 0 { continue }
                    // The first and last differing pixels, found comparing two pixels at a time; the flags
                    // are then set only between them.
                    guard let first = firstDifference(new, old, row: rowStart, width: width),
                        let last = lastDifference(new, old, row: rowStart, width: width)
                    else { continue }
                    if let flags {
                        for x in first...last {
                            let offset = (rowStart + x) * 4
                            flags[rowStart + x] =
                                new.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
                                != old.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
                        }
                    }
                    box.include(x: first, y: y)
                    box.include(x: last, y: y)
                }
            }
        }
        return box.rect
    }

    /// The column of the first pixel of the row starting at pixel `row` that differs, or nil.
    private static func firstDifference(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer, row: Int, width: Int) -> Int? {
        var x = 0
        while x + 2 <= width {
            let offset = (row + x) * 4
            if a.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != b.loadUnaligned(fromByteOffset: offset, as: UInt64.self) {
                break
            }
            x += 2
        }
        while x < width {
            let offset = (row + x) * 4
            if a.loadUnaligned(fromByteOffset: offset, as: UInt32.self) != b.loadUnaligned(fromByteOffset: offset, as: UInt32.self) {
                return x
            }
            x += 1
        }
        return nil
    }

    /// The column of the last pixel of the row starting at pixel `row` that differs, or nil.
    private static func lastDifference(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer, row: Int, width: Int) -> Int? {
        var end = width
        while end >= 2 {
            let offset = (row + end - 2) * 4
            if a.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != b.loadUnaligned(fromByteOffset: offset, as: UInt64.self) {
                break
            }
            end -= 2
        }
        while end > 0 {
            let offset = (row + end - 1) * 4
            if a.loadUnaligned(fromByteOffset: offset, as: UInt32.self) != b.loadUnaligned(fromByteOffset: offset, as: UInt32.self) {
                return end - 1
            }
            end -= 1
        }
        return nil
    }
}
