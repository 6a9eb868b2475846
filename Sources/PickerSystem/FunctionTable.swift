/// A table of C functions that a shim fills from a library it opens with `dlopen`.
///
/// For FFmpeg, librsvg and libmicrohttpd: allocated once, filled once, never freed, so its
/// functions stay valid for the life of the process. Each encoder keeps one in a `static let`, so the library
/// is opened on first use.
package struct FunctionTable<Table>: @unchecked Sendable {
    // @unchecked: the table is written once, by `load`, before it is shared, and only read after.
    /// The filled table.
    package let pointer: UnsafePointer<Table>

    /// Allocates a table and has `fill` (a shim's `picker_…_load(table, message, size)`, which returns 0 or writes
    /// what failed into the message) fill it.
    ///
    /// Returns the reason `fill` gave when it fails (dlerror's text: the library or one of its functions missing).
    package static func load(
        _ fill: (UnsafeMutablePointer<Table>, UnsafeMutablePointer<CChar>, Int) -> Int32
    ) -> Result<FunctionTable, FunctionTableFailure> {
        let table = UnsafeMutablePointer<Table>.allocate(capacity: 1)
        var message = [CChar](repeating: 0, count: 512)
        let status = message.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            // The last byte stays 0, so the message always ends.
            return fill(table, base, buffer.count - 1)
        }
        guard status == 0 else {
            table.deallocate()
            let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return .failure(FunctionTableFailure(reason: reason))
        }
        return .success(FunctionTable(pointer: UnsafePointer(table)))
    }
}

/// Why a shim could not fill its `FunctionTable`: dlerror's text, or the function found missing.
package struct FunctionTableFailure: Error, Sendable {
    package let reason: String
}
