import CPickerImageQuant

/// Owns one `liq_attr`: the palette size and speed shared by the histogram, the images and the quantization.
final class QuantAttributes {
    let pointer: OpaquePointer

    /// Attributes for at most `maximumColors` colours at libimagequant's `speed` (1 slowest and best … 10).
    init(maximumColors: Int, speed: Int) throws(GIFEncodingError) {
        guard let attributes = liq_attr_create() else {
            throw .imageQuant(operation: "create its settings", detail: describeQuant(LIQ_OUT_OF_MEMORY))
        }
        pointer = attributes
        try checkQuant(liq_set_max_colors(pointer, Int32(maximumColors)), "use at most \(maximumColors) colours")
        try checkQuant(liq_set_speed(pointer, Int32(speed)), "use speed \(speed)")
    }

    deinit {
        liq_attr_destroy(pointer)
    }
}
