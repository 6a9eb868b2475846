import CPickerWebP
import PickerKit
import PickerSystem

/// libwebp's and libwebpmux's functions, opened on first use.
///
/// The libraries are not linked into the program, so that a process that writes no WebP (every `--version`,
/// `validate` and PNG render) does not pay for loading them. The first WebP opens them with `dlopen` and keeps
/// the handles for the life of the process.
enum WebPLibrary {
    /// The table of functions, or why the libraries could not be opened; made once, on first access.
    private static let loaded = FunctionTable<picker_webp>.load { picker_webp_load($0, $1, $2) }

    /// The functions; opens the libraries on the first call.
    ///
    /// Throws `WebPEncoderError.libwebp` when a library or one of its functions is missing.
    static func functions() throws(WebPEncoderError) -> picker_webp {
        switch loaded {
        case .success(let table): return table.pointer.pointee
        case .failure(let failure):
            throw .libwebp(operation: "be opened", detail: "\(failure.reason) (install libwebp7 and libwebpmux3)")
        }
    }
}
