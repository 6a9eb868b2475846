import PickerKit

/// A JSON value of a Lottie document, written with its keys in the order given, so that the same animation is the
/// same bytes run to run (the project's own writer: numbers rounded as `NumberText` rounds every output's).
indirect enum LottieValue: Sendable {
    /// A number, written with at most `digits` decimals.
    case number(Double, digits: Int)
    /// A string, escaped as JSON.
    case string(String)
    /// `true` or `false`.
    case bool(Bool)
    /// An array.
    case array([LottieValue])
    /// An object whose keys are written in this order.
    case object([(String, LottieValue)])

    /// A number with three decimals, enough for a thousandth of a point.
    static func number(_ value: Double) -> LottieValue { .number(value, digits: 3) }

    /// An array of numbers with three decimals.
    static func numbers(_ values: [Double], digits: Int = 3) -> LottieValue { .array(values.map { .number($0, digits: digits) }) }

    /// The value as compact JSON.
    var json: String {
        var text = ""
        write(into: &text)
        return text
    }

    private func write(into text: inout String) {
        switch self {
        case .number(let value, let digits):
            text += value.isFinite ? NumberText.trimmed(value, digits: digits) : "0"
        case .string(let value):
            text += Self.quoted(value)
        case .bool(let value):
            text += value ? "true" : "false"
        case .array(let values):
            text += "["
            for (index, value) in values.enumerated() {
                if index > 0 { text += "," }
                value.write(into: &text)
            }
            text += "]"
        case .object(let members):
            text += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { text += "," }
                text += Self.quoted(key) + ":"
                value.write(into: &text)
            }
            text += "}"
        }
    }

    /// `value` as a JSON string: quotes, backslashes and control characters escaped.
    static func quoted(_ value: String) -> String {
        var text = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
        }
        return text + "\""
    }
}
