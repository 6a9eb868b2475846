/// One colour metric as the comparison loop uses it: whether two pixels differ beyond the threshold, and the
/// brightness slope the anti-aliasing detector follows.
///
/// Pixels are read as straight-alpha RGBA bytes at byte offsets into a picture's pixel buffer.
protocol PixelDistance {
    /// Whether the pixel at byte `offset` differs between `first` and `second` by more than the threshold; the
    /// caller has already checked that the bytes differ.
    func exceedsThreshold(_ first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool

    /// The brightness of the pixel at byte `center` minus that at `neighbour`, in one picture; 0 exactly when the
    /// anti-aliasing detector is to take them as equal.
    func brightnessDifference(_ pixels: UnsafeBufferPointer<UInt8>, _ center: Int, _ neighbour: Int) -> Double
}

extension UnsafeBufferPointer<UInt8> {
    /// Whether the four bytes at `offset` here equal the four at `other` in `pixels`.
    func samePixel(at offset: Int, as pixels: UnsafeBufferPointer<UInt8>, at other: Int) -> Bool {
        self[offset] == pixels[other] && self[offset + 1] == pixels[other + 1] && self[offset + 2] == pixels[other + 2]
            && self[offset + 3] == pixels[other + 3]
    }
}

/// The luma weights of ITU-R BT.601 that pixelmatch uses for brightness, with both metrics.
enum Luma {
    static func of(_ red: Double, _ green: Double, _ blue: Double) -> Double {
        red * 0.29889531 + green * 0.58662247 + blue * 0.11448223
    }
}
