import CPickerWebP

/// libwebp's and libwebpmux's functions, opened on first use.
///
/// The libraries are not linked into the program, so that a process that writes no WebP (every `--version`,
/// `validate` and PNG render) does not pay for loading them. The first WebP opens them with `dlopen` and keeps
/// the handles for the life of the process.
enum WebPLibrary {
    /// The table of functions, or why the libraries could not be opened; made once, on first access.
    private static let loaded: Result<WebPFunctions, WebPEncoderError> = {
        let table = UnsafeMutablePointer<picker_webp>.allocate(capacity: 1)
        var message = [CChar](repeating: 0, count: 512)
        guard picker_webp_load(table, &message, message.count) == 0 else {
            table.deallocate()
            let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return .failure(.libwebp(operation: "be opened", detail: "\(reason) (install libwebp7 and libwebpmux3)"))
        }
        return .success(WebPFunctions(table: UnsafePointer(table)))
    }()

    /// The functions; opens the libraries on the first call.
    ///
    /// Throws `WebPEncoderError.libwebp` when a library or one of its functions is missing.
    static func functions() throws(WebPEncoderError) -> picker_webp {
        try loaded.get().table.pointee
    }
}

/// The table `picker_webp_load` filled, allocated once and never freed.
struct WebPFunctions: @unchecked Sendable {
    // @unchecked: the table is written once, before it is shared, and only read after.
    let table: UnsafePointer<picker_webp>
}
