import PickerKit

/// The rows of one APNG frame as its image data stores them before compression: each row of the frame's
/// region as RGB or RGBA bytes, led by its filter type.
///
/// Reuses its buffers from frame to frame.
struct FrameScanlines {
    /// Filter byte and filtered row, row after row.
    private(set) var bytes: [UInt8] = []
    /// Two unfiltered rows, the current one and the one above, for the filters that look at neighbours.
    private var rows: [UInt8] = []

    /// Fills `bytes` with the rows of `picture` inside `rect`, with `channels` bytes a pixel (3 drops alpha),
    /// filtered by `filter`; returns how many bytes that is.
    ///
    /// With `changed` (one flag per pixel of the picture, and 4 channels), pixels whose flag is false are written
    /// fully transparent, so that blend_op OVER leaves what is on screen there. The caller keeps `rect` inside the
    /// picture and the picture's buffer whole.
    mutating func fill(from picture: RGBAImage, rect: PixelRect, channels: Int, filter: PNGRowFilter, changed: [Bool]? = nil) -> Int {
        let rowBytes = rect.width * channels
        let count = (rowBytes + 1) * rect.height
        if bytes.count < count { bytes = [UInt8](repeating: 0, count: count) }
        if filter != .none && rows.count < 2 * rowBytes { rows = [UInt8](repeating: 0, count: 2 * rowBytes) }
        picture.pixels.withUnsafeBufferPointer { source in
            bytes.withUnsafeMutableBufferPointer { scanlines in
                rows.withUnsafeMutableBufferPointer { twoRows in
                    guard let input = source.baseAddress, let output = scanlines.baseAddress else { return }
                    for row in 0..<rect.height {
                        let from = input + ((rect.y + row) * picture.width + rect.x) * 4
                        let line = output + row * (rowBytes + 1)
                        let flags = changed.map { ($0, (rect.y + row) * picture.width + rect.x) }
                        guard filter != .none, let unfiltered = twoRows.baseAddress else {
                            line[0] = 0
                            Self.copy(from, pixels: rect.width, channels: channels, keeping: flags, into: line + 1)
                            continue
                        }
                        // The current row and the one above alternate between the two halves of `rows`.
                        let current = unfiltered + (row % 2) * rowBytes
                        let above = unfiltered + ((row + 1) % 2) * rowBytes
                        if row == 0 { above.update(repeating: 0, count: rowBytes) }
                        Self.copy(from, pixels: rect.width, channels: channels, keeping: flags, into: current)
                        RowFilter.apply(filter, row: current, above: above, count: rowBytes, bytesPerPixel: channels, into: line)
                    }
                }
            }
        }
        return count
    }

    /// Copies `pixels` RGBA pixels as RGBA, or as RGB when `channels` is 3; with `keeping` (flags and the index
    /// of the first pixel's flag), pixels whose flag is false become transparent black.
    private static func copy(
        _ from: UnsafePointer<UInt8>, pixels: Int, channels: Int, keeping: (flags: [Bool], start: Int)?,
        into output: UnsafeMutablePointer<UInt8>
    ) {
        if channels == 4 {
            output.update(from: from, count: pixels * 4)
            guard let (flags, start) = keeping else { return }
            for x in 0..<pixels where !flags[start + x] {
                (output + 4 * x).update(repeating: 0, count: 4)
            }
            return
        }
        for x in 0..<pixels {
            output[3 * x] = from[4 * x]
            output[3 * x + 1] = from[4 * x + 1]
            output[3 * x + 2] = from[4 * x + 2]
        }
    }
}
