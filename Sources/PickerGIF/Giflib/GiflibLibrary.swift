import CPickerGIF

/// giflib's functions, opened on first use.
///
/// giflib is not linked into the program, so that a process that writes no GIF (every `--version`, `validate`
/// and PNG render) does not pay for loading it. The first GIF opens it with `dlopen` and keeps the handle for the
/// life of the process.
package enum GiflibLibrary {
    /// The table of functions, or why giflib could not be opened; made once, on first access.
    private static let loaded: Result<GiflibFunctions, GIFEncodingError> = {
        let table = UnsafeMutablePointer<picker_gif>.allocate(capacity: 1)
        var message = [CChar](repeating: 0, count: 512)
        guard picker_gif_load(table, &message, message.count) == 0 else {
            table.deallocate()
            let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return .failure(.giflib(operation: "be opened", detail: "\(reason) (install libgif7)"))
        }
        return .success(GiflibFunctions(table: UnsafePointer(table)))
    }()

    /// The functions; opens giflib on the first call.
    ///
    /// Throws `GIFEncodingError.giflib` when the library or one of its functions is missing.
    package static func functions() throws(GIFEncodingError) -> picker_gif {
        try loaded.get().table.pointee
    }
}

/// The table `picker_gif_load` filled, allocated once and never freed.
struct GiflibFunctions: @unchecked Sendable {
    // @unchecked: the table is written once, before it is shared, and only read after.
    let table: UnsafePointer<picker_gif>
}
