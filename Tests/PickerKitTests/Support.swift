import PickerKit

/// A measurer with fixed sizes: each character is 10 points wide and a line is 20 points tall, so layouts
/// can be checked by hand without fonts.
struct FakeMeasurer: TextMeasurer {
    var characterWidth = 10.0
    var lineHeight = 20.0

    func logicalExtents(of text: String, font: ResolvedFont) -> Rect {
        Rect(x: 0, y: 0, width: Double(text.count) * characterWidth, height: lineHeight)
    }
}

/// Decodes a spec from JSON text, for tests.
func decodeSpec(_ text: String) throws -> PickerSpec {
    try PickerSpec.decode(Array(text.utf8), file: "test.json")
}

/// The error a spec's decoding throws, or nil when it decodes.
func specError(_ text: String) -> SpecError? {
    do {
        _ = try PickerSpec.decode(Array(text.utf8), file: "test.json")
        return nil
    } catch {
        return error
    }
}

func isClose(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance
}
