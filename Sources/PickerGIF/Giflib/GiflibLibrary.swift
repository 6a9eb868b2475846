import CPickerGIF
import PickerKit
import PickerSystem

/// giflib's functions, opened on first use.
///
/// giflib is not linked into the program, so that a process that writes no GIF (every `--version`, `validate`
/// and PNG render) does not pay for loading it. The first GIF opens it with `dlopen` and keeps the handle for the
/// life of the process.
package enum GiflibLibrary {
    /// The table of functions, or why giflib could not be opened; made once, on first access.
    private static let loaded = FunctionTable<picker_gif>.load { picker_gif_load($0, $1, $2) }

    /// The functions; opens giflib on the first call.
    ///
    /// Throws `GIFEncodingError.giflib` when the library or one of its functions is missing.
    package static func functions() throws(GIFEncodingError) -> picker_gif {
        switch loaded {
        case .success(let table): return table.pointer.pointee
        case .failure(let failure): throw .giflib(operation: "be opened", detail: "\(failure.reason) (install libgif7)")
        }
    }
}
