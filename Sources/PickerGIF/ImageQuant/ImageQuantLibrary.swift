import CPickerImageQuant

/// libimagequant's functions, opened on first use.
///
/// libimagequant (and the OpenMP runtime it needs) is not linked into the program, so that a process that writes
/// no GIF does not pay for loading it. The first GIF opens it with `dlopen` and keeps the handle for the life of
/// the process.
enum ImageQuantLibrary {
    /// The table of functions, or why the library could not be opened; made once, on first access.
    private static let loaded: Result<ImageQuantFunctions, GIFEncodingError> = {
        let table = UnsafeMutablePointer<picker_imagequant>.allocate(capacity: 1)
        var message = [CChar](repeating: 0, count: 512)
        guard picker_imagequant_load(table, &message, message.count) == 0 else {
            table.deallocate()
            let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return .failure(.imageQuant(operation: "be opened", detail: "\(reason) (install libimagequant0)"))
        }
        return .success(ImageQuantFunctions(table: UnsafePointer(table)))
    }()

    /// The functions; opens libimagequant on the first call.
    ///
    /// Throws `GIFEncodingError.imageQuant` when the library or one of its functions is missing.
    static func functions() throws(GIFEncodingError) -> picker_imagequant {
        try loaded.get().table.pointee
    }
}

/// The table `picker_imagequant_load` filled, allocated once and never freed.
struct ImageQuantFunctions: @unchecked Sendable {
    // @unchecked: the table is written once, before it is shared, and only read after.
    let table: UnsafePointer<picker_imagequant>
}
