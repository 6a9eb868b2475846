#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Numbers written with C's `printf` conversions (`%.3f`, `%.3g`), as `String(format:)` writes them, without the
/// Foundation that `String(format:)` would link into every process.
package enum CNumberFormat {
    /// `value` written with `format`, a `printf` format holding exactly one `double` conversion (such as `"%.3g%%"`).
    package static func string(_ format: String, _ value: Double) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        let written = withVaList([value]) { arguments in
            buffer.withUnsafeMutableBufferPointer { vsnprintf($0.baseAddress, $0.count, format, arguments) }
        }
        if written >= buffer.count {
            buffer = [CChar](repeating: 0, count: Int(written) + 1)
            _ = withVaList([value]) { arguments in
                buffer.withUnsafeMutableBufferPointer { vsnprintf($0.baseAddress, $0.count, format, arguments) }
            }
        }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
