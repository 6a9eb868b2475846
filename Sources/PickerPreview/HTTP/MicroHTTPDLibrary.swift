import CPickerMicroHTTPD
import PickerSystem

/// libmicrohttpd's functions, opened on first use.
///
/// The library is not linked into the program, so that a process that serves nothing (every command but `preview`)
/// does not pay for loading it and GnuTLS under it (about 3 ms of CPU at start-up, measured on `validate`). The first
/// preview opens it with `dlopen` through the library's one loader (`FunctionTable`) and keeps it for the process.
enum MicroHTTPDLibrary {
    /// The table of functions, or why libmicrohttpd could not be opened; made once, on first access.
    private static let loaded = FunctionTable<picker_mhd>.load { picker_mhd_load($0, $1, $2) }

    /// The functions; opens libmicrohttpd on the first call.
    ///
    /// Throws `PreviewError.serverLibrary` when the library or one of its functions is missing.
    static func functions() throws(PreviewError) -> UnsafePointer<picker_mhd> {
        switch loaded {
        case .success(let table): return table.pointer
        case .failure(let failure): throw .serverLibrary("\(failure.reason) (install libmicrohttpd12)")
        }
    }
}
