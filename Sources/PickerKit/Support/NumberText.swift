import Glibc

/// The one place numbers are written for the tool's outputs and messages: SVG coordinates, times in reports and
/// file names, percentages, and the numbers of a spec's JSON and of its messages.
///
/// Fixed and significant digits go through C's `printf` conversions (`vsnprintf`), which round the double's exact
/// value as `String(format:)` does, without the Foundation that `String(format:)` would link into every process.
package enum NumberText {
    /// `value` with exactly `digits` decimals, as `%.Nf` writes it: `0.500` for 0.5 and 3 digits.
    package static func fixed(_ value: Double, digits: Int) -> String {
        printf("%.\(digits)f", value)
    }

    /// `value` with at most `digits` decimals and no trailing zeros, `-0` as `0`: `12.5`, `0.333`, `3` (SVG
    /// coordinates, small and stable).
    package static func trimmed(_ value: Double, digits: Int = 3) -> String {
        var text = fixed(value, digits: digits)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }

    /// `value` with `digits` significant digits, as `%.Ng` writes it: `0.0259`, `1.2e-05`, `100`.
    package static func significant(_ value: Double, digits: Int = 3) -> String {
        printf("%.\(digits)g", value)
    }

    /// A whole number without a fraction, any other with the shortest digits that read back as the same double
    /// (Swift's own): `1`, `0.02`, `1e+20`.
    package static func shortest(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }

    /// `value` written with `format`, a `printf` format holding exactly one `double` conversion.
    private static func printf(_ format: String, _ value: Double) -> String {
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
