import CPickerCairo

/// Turns a cairo status into a thrown `RenderError` carrying cairo's own description.
func checkCairo(_ status: cairo_status_t, _ operation: String) throws(RenderError) {
    guard status != CAIRO_STATUS_SUCCESS else { return }
    let detail = cairo_status_to_string(status).map { String(cString: $0) } ?? "status \(status.rawValue)"
    throw RenderError.cairo(operation: operation, detail: detail)
}
