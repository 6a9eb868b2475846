import CPickerGIF

/// Owns one giflib `ColorMapObject`: a palette padded with black to a power of two, as GIF requires.
final class GIFColorMap {
    let pointer: UnsafeMutablePointer<ColorMapObject>

    /// A colour map of `colors` (1 to 256 red, green, blue triples).
    init(_ colors: [(red: UInt8, green: UInt8, blue: UInt8)]) throws(GIFEncodingError) {
        guard (1...256).contains(colors.count) else {
            throw .giflib(operation: "make a palette of \(colors.count) colours", detail: "a GIF palette holds 1 to 256 colours")
        }
        var size = 2
        while size < colors.count { size *= 2 }
        var entries = colors.map { GifColorType(Red: $0.red, Green: $0.green, Blue: $0.blue) }
        entries += Array(repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: size - colors.count)
        guard let map = GifMakeMapObject(Int32(size), entries) else {
            throw .giflib(operation: "make a palette of \(size) colours", detail: describeGiflib(E_GIF_ERR_NOT_ENOUGH_MEM))
        }
        pointer = map
    }

    deinit {
        GifFreeMapObject(pointer)
    }
}
