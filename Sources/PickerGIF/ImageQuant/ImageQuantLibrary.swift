import CPickerImageQuant
import PickerKit
import PickerSystem

/// libimagequant's functions, opened on first use.
///
/// libimagequant (and the OpenMP runtime it needs) is not linked into the program, so that a process that writes
/// no GIF does not pay for loading it. The first GIF opens it with `dlopen` and keeps the handle for the life of
/// the process.
enum ImageQuantLibrary {
    /// The table of functions, or why the library could not be opened; made once, on first access.
    private static let loaded = FunctionTable<picker_imagequant>.load { picker_imagequant_load($0, $1, $2) }

    /// The functions; opens libimagequant on the first call.
    ///
    /// Throws `GIFEncodingError.imageQuant` when the library or one of its functions is missing.
    static func functions() throws(GIFEncodingError) -> picker_imagequant {
        switch loaded {
        case .success(let table): return table.pointer.pointee
        case .failure(let failure): throw .imageQuant(operation: "be opened", detail: "\(failure.reason) (install libimagequant0)")
        }
    }
}
