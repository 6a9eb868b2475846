import CPickerImageQuant

/// Turns a libimagequant status into a thrown `GIFEncodingError` naming the status.
func checkQuant(_ status: liq_error, _ operation: String) throws(GIFEncodingError) {
    guard status != LIQ_OK else { return }
    throw GIFEncodingError.imageQuant(operation: operation, detail: describeQuant(status))
}

/// libimagequant has no status-to-text function, so these are the header's meanings in words.
func describeQuant(_ status: liq_error) -> String {
    switch status {
    case LIQ_OK: return "no error"
    case LIQ_QUALITY_TOO_LOW: return "the palette is below the minimum quality"
    case LIQ_VALUE_OUT_OF_RANGE: return "a value is out of range"
    case LIQ_OUT_OF_MEMORY: return "out of memory"
    case LIQ_ABORTED: return "aborted"
    case LIQ_BITMAP_NOT_AVAILABLE: return "the pixels are no longer available"
    case LIQ_BUFFER_TOO_SMALL: return "the output buffer is too small"
    case LIQ_INVALID_POINTER: return "an invalid pointer"
    case LIQ_UNSUPPORTED: return "unsupported"
    default: return "status \(status.rawValue)"
    }
}
