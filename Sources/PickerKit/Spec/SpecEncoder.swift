import FoundationEssentials

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
        if let reduced = spec.animation.reducedMotion { animation.append(("reduceMotion", .string(reduced.rawValue))) }
        if !animation.isEmpty { root.append(("animation", object(animation))) }
        var output: [(String, JSONValue)] = []
        let defaults = OutputSettings()
        if spec.output.fps != defaults.fps { output.append(("fps", number(spec.output.fps))) }
        if spec.output.scale != defaults.scale { output.append(("scale", number(spec.output.scale))) }
        if let loops = spec.output.loopCount { output.append(("loop", integer(loops))) }
        if !output.isEmpty { root.append(("output", object(output))) }
        if let touches = spec.touches {
            var fields: [(String, JSONValue)] = []
            if let color = touches.color { fields.append(("color", .string(color.description))) }
            if let opacity = touches.opacity { fields.append(("opacity", number(opacity))) }
            if let diameter = touches.diameter { fields.append(("diameter", number(diameter))) }
            root.append(("touches", fields.isEmpty ? .bool(true) : object(fields)))
        }
        if let axes = spec.variantAxes {
            var fields: [(String, JSONValue)] = []
            if let list = axes.colorScheme { fields.append(("colorScheme", .array(list.map { .string($0.rawValue) }))) }
            if let list = axes.layoutDirection { fields.append(("layoutDirection", .array(list.map { .string($0.rawValue) }))) }
            if let list = axes.dynamicTypeSize { fields.append(("dynamicTypeSize", .array(list.map { .string($0.rawValue) }))) }
            if let list = axes.scale { fields.append(("scale", .array(list.map(number)))) }
            if let list = axes.increaseContrast { fields.append(("increaseContrast", .array(list.map { .bool($0) }))) }
            if let list = axes.reduceMotion { fields.append(("reduceMotion", .array(list.map { .bool($0) }))) }
            root.append(("variants", object(fields)))
        }
        return object(root)
    }

    static func item(_ item: Item) -> JSONValue {
        guard item.label != nil || item.icon != nil || item.image != nil else { return value(item.value) }
        var fields: [(String, JSONValue)] = [("value", value(item.value))]
        if let label = item.label { fields.append(("label", .string(label))) }
        if let icon = item.icon { fields.append(("icon", .string(icon))) }
        if let image = item.image { fields.append(("image", .string(image))) }
        return object(fields)
    }

    static func padding(_ value: Padding) -> JSONValue {
        object([("horizontal", number(value.horizontal)), ("vertical", number(value.vertical))])
    }

    static func weight(_ weight: FontWeight) -> JSONValue {
        FontWeight.names.first { $0.weight == weight }.map { JSONValue.string($0.name) } ?? integer(weight.value)
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
        if let value = style.preset { fields.append(("preset", .string(value.rawValue))) }
        if let value = style.orientation { fields.append(("orientation", .string(value.rawValue))) }
        if let value = style.distribution { fields.append(("distribution", .string(value.rawValue))) }
        if let value = style.spacing { fields.append(("spacing", number(value))) }
        if let value = style.segmentPadding { fields.append(("segmentPadding", padding(value))) }
        if let value = style.padding { fields.append(("padding", number(value))) }
        var font: [(String, JSONValue)] = []
        if let family = style.font.family { font.append(("family", .string(family))) }
        if let size = style.font.size { font.append(("size", number(size))) }
        if let value = style.font.weight { font.append(("weight", weight(value))) }
        if let file = style.font.file { font.append(("file", .string(file))) }
        if !font.isEmpty { fields.append(("font", object(font))) }
        if let value = style.labelColor { fields.append(("labelColor", .string(value.description))) }
        if let value = style.background { fields.append(("background", .string(value.description))) }
        var highlight: [(String, JSONValue)] = []
        if let value = style.highlight.cornerRadius { highlight.append(("cornerRadius", number(value))) }
        if let value = style.highlight.color { highlight.append(("color", .string(value.description))) }
        if let value = style.highlight.opacity { highlight.append(("opacity", number(value))) }
        if let value = style.highlight.layer { highlight.append(("layer", .string(value.rawValue))) }
        if let shadows = style.highlight.shadows {
            let list = shadows.map { shadow in
                object([
                    ("color", .string(shadow.color.description)), ("x", number(shadow.x)), ("y", number(shadow.y)),
                    ("blur", number(shadow.blur)),
                ])
            }
            highlight.append(("shadows", .array(list)))
        }
        if !highlight.isEmpty { fields.append(("highlight", object(highlight))) }
        if let value = style.colorScheme { fields.append(("colorScheme", .string(value.rawValue))) }
        if let value = style.layoutDirection { fields.append(("layoutDirection", .string(value.rawValue))) }
        if let value = style.dynamicTypeSize { fields.append(("dynamicTypeSize", .string(value.rawValue))) }
        if let value = style.increaseContrast { fields.append(("increaseContrast", .bool(value))) }
        if let value = style.reduceMotion { fields.append(("reduceMotion", .bool(value))) }
        var icon: [(String, JSONValue)] = []
        if let value = style.icon.size { icon.append(("size", number(value))) }
        if let value = style.icon.spacing { icon.append(("spacing", number(value))) }
        if let value = style.icon.position { icon.append(("position", .string(value.rawValue))) }
        if !icon.isEmpty { fields.append(("icon", object(icon))) }
        if let track = style.track {
            var trackFields: [(String, JSONValue)] = []
            if let value = track.color { trackFields.append(("color", .string(value.description))) }
            if let value = track.cornerRadius { trackFields.append(("cornerRadius", number(value))) }
            if let value = track.padding { trackFields.append(("padding", padding(value))) }
            fields.append(("track", object(trackFields)))
        }
        switch style.separators {
        case .none: break
        case .hidden: fields.append(("separators", .bool(false)))
        case .shown(let separators):
            var separatorFields: [(String, JSONValue)] = []
            if let value = separators.color { separatorFields.append(("color", .string(value.description))) }
            if let value = separators.width { separatorFields.append(("width", number(value))) }
            if let value = separators.inset { separatorFields.append(("inset", number(value))) }
            fields.append(("separators", separatorFields.isEmpty ? .bool(true) : object(separatorFields)))
        }
        var selected: [(String, JSONValue)] = []
        if let value = style.selectedLabel.color { selected.append(("color", .string(value.description))) }
        if let value = style.selectedLabel.weight { selected.append(("weight", weight(value))) }
        if !selected.isEmpty { fields.append(("selectedLabel", object(selected))) }
        return fields
    }

    static func object(_ members: [(String, JSONValue)]) -> JSONValue {
        .object(JSONObject(members.map { (key: $0.0, value: $0.1) }))
    }

    static func number(_ value: Double) -> JSONValue {
        .number(JSONNumber(text: NumberText.shortest(value), double: value, integer: nil))
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
