/// `value` with exactly `digits` decimals (rounded half away from zero), as `%.2f` writes it for the sizes and
/// times in a message.
///
/// By hand rather than `String(format:)`, whose variadic arguments cost a render's summary line half a
/// millisecond of runtime type checks, on every render.
func fixedDecimals(_ value: Double, digits: Int) -> String {
    guard value.isFinite else { return String(value) }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = (abs(value) * scale).rounded()
    guard scaled < 9.0e15 else { return String(value) }
    let units = UInt64(scaled)
    let whole = String(units / UInt64(scale))
    let sign = value < 0 && units > 0 ? "-" : ""
    guard digits > 0 else { return sign + whole }
    let fraction = String(units % UInt64(scale))
    return sign + whole + "." + String(repeating: "0", count: digits - fraction.count) + fraction
}
