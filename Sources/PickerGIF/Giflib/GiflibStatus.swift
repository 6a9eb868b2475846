import CPickerGIF

/// giflib's own text for an error code.
func describeGiflib(_ code: Int32) -> String {
    GifErrorString(code).map { String(cString: $0) } ?? "error \(code)"
}

/// Turns a giflib return value into a thrown `GIFEncodingError` with the error giflib recorded on `file`.
func checkGiflib(_ result: Int32, _ file: UnsafeMutablePointer<GifFileType>, _ operation: String) throws(GIFEncodingError) {
    guard result != GIF_OK else { return }
    throw GIFEncodingError.giflib(operation: operation, detail: describeGiflib(file.pointee.Error))
}
