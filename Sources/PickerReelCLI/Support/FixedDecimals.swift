import Glibc

/// `value` with exactly `digits` decimals, as `%.Nf` writes it, for the sizes and times in a message.
///
/// C's conversion, as the library's own number writer (`NumberText`) uses for every output: the tool, a user of the
/// public API, calls it directly rather than formatting numbers a second way.
func fixedDecimals(_ value: Double, digits: Int) -> String {
    // 309 digits before the point at most for a finite double, the point, the decimals, a sign and the end.
    var buffer = [CChar](repeating: 0, count: 320 + max(0, digits))
    let format = "%.\(max(0, digits))f"
    _ = withVaList([value]) { arguments in buffer.withUnsafeMutableBufferPointer { vsnprintf($0.baseAddress, $0.count, format, arguments) }
    }
    return String(cString: buffer)
}
