import CPickerImageQuant

/// Owns one `liq_attr`: the palette size and speed shared by the histogram, the images and the quantization.
final class QuantAttributes {
    let pointer: OpaquePointer
    /// libimagequant's functions, for this object and those made with it.
    let liq: picker_imagequant

    /// Attributes for at most `maximumColors` colours at libimagequant's `speed` (1 slowest and best … 10).
    init(maximumColors: Int, speed: Int) throws(GIFEncodingError) {
        let liq = try ImageQuantLibrary.functions()
        self.liq = liq
        guard let attributes = liq.liq_attr_create() else {
            throw .imageQuant(operation: "create its settings", detail: describeQuant(LIQ_OUT_OF_MEMORY))
        }
        pointer = attributes
        try checkQuant(liq.liq_set_max_colors(pointer, Int32(maximumColors)), "use at most \(maximumColors) colours")
        try checkQuant(liq.liq_set_speed(pointer, Int32(speed)), "use speed \(speed)")
    }

    deinit {
        liq.liq_attr_destroy(pointer)
    }
}
