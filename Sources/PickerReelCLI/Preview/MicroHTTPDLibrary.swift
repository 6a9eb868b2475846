import CPickerMicroHTTPD

/// libmicrohttpd's functions, opened on first use.
///
/// The library is not linked into the program, so that a process that serves nothing (every command but `preview`)
/// does not pay for loading it and GnuTLS under it. The first preview opens it with `dlopen` and keeps the handle
/// for the life of the process.
enum MicroHTTPDLibrary {
    /// The table of functions, or why libmicrohttpd could not be opened; made once, on first access, and never
    /// freed (the functions stay valid for the life of the process). Loaded, not linked: linked, libmicrohttpd and
    /// GnuTLS cost every command about 3 ms of CPU at start-up (measured on `validate`).
    // nonisolated(unsafe): the table is written once, by this initializer (run once by Swift), and only read after.
    nonisolated(unsafe) private static let loaded: Result<UnsafePointer<picker_mhd>, PreviewError> = {
        let table = UnsafeMutablePointer<picker_mhd>.allocate(capacity: 1)
        var message = [CChar](repeating: 0, count: 512)
        // The last byte stays 0, so the message always ends.
        let status = message.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            return picker_mhd_load(table, base, buffer.count - 1)
        }
        guard status == 0 else {
            table.deallocate()
            let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return .failure(.serverLibrary("\(reason) (install libmicrohttpd12)"))
        }
        return .success(UnsafePointer(table))
    }()

    /// The functions; opens libmicrohttpd on the first call.
    ///
    /// Throws `PreviewError.serverLibrary` when the library or one of its functions is missing.
    static func functions() throws(PreviewError) -> UnsafePointer<picker_mhd> {
        try loaded.get()
    }
}
