import Foundation

extension PickerSpec {
    /// The spec as the JSON file `pickerreel` reads.
    ///
    /// It holds what was set, in the order of the reference, indented by two spaces; `PickerSpec(json:
    /// spec.jsonData())` equals `spec`.
    ///
    /// Throws `SpecError` when the spec is not valid (so the file written is always one the tool accepts).
    public func jsonData() throws(SpecError) -> Data {
        try validate()
        return Data(JSONWriter.text(of: SpecEncoder.document(of: self)).utf8)
    }
}

/// Turns a spec into a JSON document: every field that was set, and the fields without an optional form only
/// when they differ from their defaults.
enum SpecEncoder {
    static func document(of spec: PickerSpec) -> JSONValue {
        var root: [(String, JSONValue)] = [("items", .array(spec.items.map(item)))]
        var selection: [(String, JSONValue)] = []
        if let initial = spec.initialSelection { selection.append(("initial", value(initial))) }
        if !spec.changes.isEmpty { selection.append(("sequence", .array(spec.changes.map(change)))) }
        if spec.tail != PickerSpec(unvalidatedItems: []).tail { selection.append(("tail", number(spec.tail))) }
        if !selection.isEmpty { root.append(("selection", object(selection))) }
        let style = self.style(spec.style)
        if !style.isEmpty { root.append(("style", object(style))) }
        var animation: [(String, JSONValue)] = []
        if let curve = spec.animation.curve { animation.append(("curve", self.curve(curve))) }
        if let duration = spec.animation.duration { animation.append(("duration", number(duration))) }
        if !animation.isEmpty { root.append(("animation", object(animation))) }
        var output: [(String, JSONValue)] = []
        let defaults = OutputSettings()
        if spec.output.fps != defaults.fps { output.append(("fps", number(spec.output.fps))) }
        if spec.output.scale != defaults.scale { output.append(("scale", number(spec.output.scale))) }
        if let loops = spec.output.loopCount { output.append(("loop", integer(loops))) }
        if !output.isEmpty { root.append(("output", object(output))) }
        return object(root)
    }

    static func item(_ item: Item) -> JSONValue {
        guard let label = item.label else { return value(item.value) }
        return object([("value", value(item.value)), ("label", .string(label))])
    }

    static func value(_ value: ItemValue) -> JSONValue {
        switch value {
        case .string(let text): return .string(text)
        case .integer(let number): return integer(number)
        }
    }

    static func change(_ change: SelectionChange) -> JSONValue {
        var fields: [(String, JSONValue)] = [("select", change.selection.map(value) ?? .null), ("after", number(change.after))]
        if let curve = change.curve { fields.append(("curve", self.curve(curve))) }
        if let duration = change.duration { fields.append(("duration", number(duration))) }
        return object(fields)
    }

    static func curve(_ curve: AnimationCurve) -> JSONValue {
        switch curve {
        case .linear: return .string("linear")
        case .easeIn: return .string("easeIn")
        case .easeOut: return .string("easeOut")
        case .easeInOut: return .string("easeInOut")
        case .bezier(let x1, let y1, let x2, let y2): return object([("bezier", .array([x1, y1, x2, y2].map(number)))])
        case .spring(let response, let dampingFraction):
            if curve == .defaultSpring { return .string("spring") }
            return object([("spring", object([("response", number(response)), ("dampingFraction", number(dampingFraction))]))])
        }
    }

    static func style(_ style: PickerStyle) -> [(String, JSONValue)] {
        var fields: [(String, JSONValue)] = []
        if let value = style.orientation { fields.append(("orientation", .string(value.rawValue))) }
        if let value = style.distribution { fields.append(("distribution", .string(value.rawValue))) }
        if let value = style.spacing { fields.append(("spacing", number(value))) }
        if let value = style.segmentPadding {
            fields.append(("segmentPadding", object([("horizontal", number(value.horizontal)), ("vertical", number(value.vertical))])))
        }
        if let value = style.padding { fields.append(("padding", number(value))) }
        var font: [(String, JSONValue)] = []
        if let family = style.font.family { font.append(("family", .string(family))) }
        if let size = style.font.size { font.append(("size", number(size))) }
        if let weight = style.font.weight {
            let name = FontWeight.names.first { $0.weight == weight }?.name
            font.append(("weight", name.map(JSONValue.string) ?? integer(weight.value)))
        }
        if !font.isEmpty { fields.append(("font", object(font))) }
        if let value = style.labelColor { fields.append(("labelColor", .string(value.description))) }
        if let value = style.background { fields.append(("background", .string(value.description))) }
        var highlight: [(String, JSONValue)] = []
        if let value = style.highlight.cornerRadius { highlight.append(("cornerRadius", number(value))) }
        if let value = style.highlight.color { highlight.append(("color", .string(value.description))) }
        if let value = style.highlight.opacity { highlight.append(("opacity", number(value))) }
        if let value = style.highlight.layer { highlight.append(("layer", .string(value.rawValue))) }
        if !highlight.isEmpty { fields.append(("highlight", object(highlight))) }
        return fields
    }

    static func object(_ members: [(String, JSONValue)]) -> JSONValue {
        .object(JSONObject(members.map { (key: $0.0, value: $0.1) }))
    }

    static func number(_ value: Double) -> JSONValue {
        .number(JSONNumber(text: JSONWriter.number(value), double: value, integer: nil))
    }

    static func integer(_ value: Int) -> JSONValue {
        .number(JSONNumber(text: String(value), double: Double(value), integer: value))
    }
}

/// Writes a JSON document as text: objects one member a line, arrays of plain values on one line.
package enum JSONWriter {
    package static func text(of value: JSONValue) -> String {
        var output = ""
        write(value, indent: "", into: &output)
        return output + "\n"
    }

    private static func write(_ value: JSONValue, indent: String, into output: inout String) {
        switch value {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .number(let number): output += number.text
        case .string(let text): output += quoted(text)
        case .array(let elements):
            let plain = elements.allSatisfy { element in
                switch element {
                case .array, .object: return false
                default: return true
                }
            }
            if plain {
                output += "["
                for (index, element) in elements.enumerated() {
                    if index > 0 { output += ", " }
                    write(element, indent: indent, into: &output)
                }
                output += "]"
            } else {
                output += "[\n"
                for (index, element) in elements.enumerated() {
                    output += indent + "  "
                    write(element, indent: indent + "  ", into: &output)
                    output += index + 1 < elements.count ? ",\n" : "\n"
                }
                output += indent + "]"
            }
        case .object(let object):
            guard !object.members.isEmpty else {
                output += "{}"
                return
            }
            output += "{\n"
            for (index, member) in object.members.enumerated() {
                output += indent + "  " + quoted(member.key) + ": "
                write(member.value, indent: indent + "  ", into: &output)
                output += index + 1 < object.members.count ? ",\n" : "\n"
            }
            output += indent + "}"
        }
    }

    /// A finite number as JSON: whole numbers without a fraction, others with the shortest digits that read back
    /// as the same double.
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return "\(value)"
    }

    static func quoted(_ text: String) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        return output + "\""
    }
}
