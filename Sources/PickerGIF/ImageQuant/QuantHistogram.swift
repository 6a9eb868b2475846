import CPickerImageQuant

/// Owns one `liq_histogram`: the colours of many frames, counted together so that one palette serves them all.
final class QuantHistogram {
    let pointer: OpaquePointer
    let attributes: QuantAttributes

    /// An empty histogram.
    init(attributes: QuantAttributes) throws(GIFEncodingError) {
        guard let histogram = liq_histogram_create(attributes.pointer) else {
            throw .imageQuant(operation: "create a colour histogram", detail: describeQuant(LIQ_OUT_OF_MEMORY))
        }
        pointer = histogram
        self.attributes = attributes
    }

    deinit {
        liq_histogram_destroy(pointer)
    }

    /// Counts the colours of `image`; the image can be released afterwards.
    func add(_ image: QuantImage) throws(GIFEncodingError) {
        try checkQuant(liq_histogram_add_image(pointer, attributes.pointer, image.pointer), "count a frame's colours")
    }

    /// Counts opaque colours given as RGBA packed little-endian with their weights; weights too large for
    /// libimagequant's 32-bit counts are scaled down together.
    func add(_ colors: [(color: UInt32, weight: Int)]) throws(GIFEncodingError) {
        guard let heaviest = colors.map(\.weight).max(), heaviest > 0 else { return }
        let divisor = heaviest / (1 << 30) + 1
        let entries = colors.map { color, weight in
            liq_histogram_entry(
                color: liq_color(
                    r: UInt8(truncatingIfNeeded: color), g: UInt8(truncatingIfNeeded: color >> 8),
                    b: UInt8(truncatingIfNeeded: color >> 16), a: UInt8(truncatingIfNeeded: color >> 24)),
                count: UInt32(clamping: max(weight / divisor, 1)))
        }
        try checkQuant(
            liq_histogram_add_colors(pointer, attributes.pointer, entries, Int32(clamping: entries.count), 0),
            "count the frames' colours")
    }

    /// Chooses the palette for every colour counted so far.
    func quantize() throws(GIFEncodingError) -> QuantResult {
        var result: OpaquePointer?
        try checkQuant(liq_histogram_quantize(pointer, attributes.pointer, &result), "choose a palette")
        guard let result else { throw .imageQuant(operation: "choose a palette", detail: "no result") }
        return QuantResult(pointer: result, attributes: attributes)
    }

    /// Adds a colour the palette must contain exactly.
    func addFixedColor(_ color: liq_color) throws(GIFEncodingError) {
        try checkQuant(liq_histogram_add_fixed_color(pointer, color, 0), "keep a colour in the palette")
    }

    /// A result whose palette is exactly `colors` and stays so through every remap.
    ///
    /// libimagequant refines a palette towards each image it remaps; fixed colours are exempt, which keeps one
    /// global palette valid for every frame.
    static func fixedPalette(_ colors: [liq_color], speed: Int) throws(GIFEncodingError) -> QuantResult {
        let attributes = try QuantAttributes(maximumColors: max(colors.count, 2), speed: speed)
        let histogram = try QuantHistogram(attributes: attributes)
        for color in colors { try histogram.addFixedColor(color) }
        let entries = colors.map { liq_histogram_entry(color: $0, count: 1) }
        try checkQuant(
            liq_histogram_add_colors(histogram.pointer, attributes.pointer, entries, Int32(entries.count), 0),
            "count the palette's colours")
        return try histogram.quantize()
    }
}
