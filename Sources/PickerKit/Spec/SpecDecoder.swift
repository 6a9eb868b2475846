extension PickerSpec {
    /// Parses and validates a spec from the bytes of a JSON file; see `init(json:file:)`.
    package static func decode(_ bytes: [UInt8], file: String? = nil) throws(SpecError) -> PickerSpec {
        guard bytes.count <= SpecLimits.maximumFileBytes else {
            throw SpecError(file: file, path: .root, problem: .fileTooLarge(bytes: bytes.count))
        }
        let document: JSONValue
        do {
            document = try JSONParser.parse(bytes)
        } catch {
            throw SpecError(
                file: file, path: .root, problem: .syntax(line: error.line, column: error.column, detail: error.message))
        }
        let spec = try SpecDecoder(reader: FieldReader(file: file)).decodeSpec(document)
        try spec.validate(file: file)
        return spec
    }
}

/// Reads a spec document field by field into a `PickerSpec`, checking keys and types; values are checked
/// afterwards by `PickerSpec.validate()`, the same check a spec built in Swift gets.
struct SpecDecoder {
    let reader: FieldReader

    func decodeSpec(_ document: JSONValue) throws(SpecError) -> PickerSpec {
        let root = try reader.object(document, at: .root, known: SpecKeys.root)
        guard let itemsValue = root["items"] else {
            throw reader.failure(JSONPath.root.appending("items"), .missing(expected: SpecExpectation.items))
        }
        var spec = PickerSpec(unvalidatedItems: try decodeItems(itemsValue, at: JSONPath.root.appending("items")))
        if let value = root["animation"] { spec.animation = try decodeAnimation(value, at: JSONPath.root.appending("animation")) }
        if let value = root["selection"] { try decodeSelection(value, at: JSONPath.root.appending("selection"), into: &spec) }
        if let value = root["style"] { spec.style = try decodeStyle(value, at: JSONPath.root.appending("style")) }
        if let value = root["output"] { spec.output = try decodeOutput(value, at: JSONPath.root.appending("output")) }
        return spec
    }

    func decodeItems(_ value: JSONValue, at path: JSONPath) throws(SpecError) -> [Item] {
        guard case .array(let elements) = value else {
            throw reader.failure(path, .expected(SpecExpectation.items, found: value.kindDescription))
        }
        // The count is the validator's to judge, but a huge array is refused before decoding each element.
        guard elements.count <= SpecLimits.itemCount.upperBound else {
            throw reader.failure(path, .expected(SpecExpectation.items, found: "\(elements.count) items"))
        }
        var items: [Item] = []
        for (index, element) in elements.enumerated() {
            let itemPath = path.appending(index: index)
            if case .object = element {
                let object = try reader.object(element, at: itemPath, known: SpecKeys.item)
                guard let valueField = object["value"] else {
                    throw reader.failure(itemPath.appending("value"), .missing(expected: "the item's value: a string or an integer"))
                }
                var item = Item(try decodeItemValue(valueField, at: itemPath.appending("value")))
                if let label = object["label"] { item.label = try reader.anyString(label, at: itemPath.appending("label")) }
                items.append(item)
            } else {
                items.append(Item(try decodeItemValue(element, at: itemPath)))
            }
        }
        return items
    }

    func decodeItemValue(_ value: JSONValue, at path: JSONPath) throws(SpecError) -> ItemValue {
        switch value {
        case .string(let text): return .string(text)
        case .number(let number):
            if let integer = number.integer { return .integer(integer) }
        default: break
        }
        throw reader.failure(path, .expected("a string or an integer (or an object {\"value\", \"label\"})", found: value.kindDescription))
    }

    /// An item's value or null, as a selection names it; whether the item exists is the validator's check.
    func decodeSelectedItem(_ value: JSONValue, at path: JSONPath, items: [Item]) throws(SpecError) -> ItemValue? {
        switch value {
        case .null: return nil
        case .string(let text): return .string(text)
        case .number(let number):
            if let integer = number.integer { return .integer(integer) }
        default: break
        }
        throw reader.failure(path, .unknownItem(value.kindDescription, items: items.map(\.value)))
    }

    func decodeAnimation(_ value: JSONValue, at path: JSONPath) throws(SpecError) -> AnimationSettings {
        let object = try reader.object(value, at: path, known: SpecKeys.animation)
        var animation = AnimationSettings()
        if let curve = object["curve"] { animation.curve = try decodeCurve(curve, at: path.appending("curve")) }
        if let duration = object["duration"] {
            animation.duration = try reader.number(duration, at: path.appending("duration"), expected: SpecExpectation.seconds)
        }
        return animation
    }

    func decodeCurve(_ value: JSONValue, at path: JSONPath) throws(SpecError) -> AnimationCurve {
        let expected =
            "\"linear\", \"easeIn\", \"easeOut\", \"easeInOut\", \"spring\", {\"spring\": {\"response\", \"dampingFraction\"}} or {\"bezier\": [x1, y1, x2, y2]}"
        switch value {
        case .string("linear"): return .linear
        case .string("easeIn"): return .easeIn
        case .string("easeOut"): return .easeOut
        case .string("easeInOut"): return .easeInOut
        case .string("spring"): return .defaultSpring
        case .object(let object) where object.members.count == 1 && object["spring"] != nil:
            let springPath = path.appending("spring")
            let parameters = try reader.object(object["spring"] ?? .null, at: springPath, known: SpecKeys.spring)
            guard case .spring(var response, var damping) = AnimationCurve.defaultSpring else { return .defaultSpring }
            if let value = parameters["response"] {
                response = try reader.number(
                    value, at: springPath.appending("response"),
                    expected: SpecExpectation.number(in: SpecLimits.springResponse, unit: " seconds"))
            }
            if let value = parameters["dampingFraction"] {
                damping = try reader.number(
                    value, at: springPath.appending("dampingFraction"),
                    expected: SpecExpectation.number(in: SpecLimits.springDampingFraction))
            }
            return .spring(response: response, dampingFraction: damping)
        case .object(let object) where object.members.count == 1 && object["bezier"] != nil:
            let bezierPath = path.appending("bezier")
            guard case .array(let points) = object["bezier"] ?? .null, points.count == 4 else {
                throw reader.failure(
                    bezierPath, .expected("an array of four numbers [x1, y1, x2, y2]", found: (object["bezier"] ?? .null).kindDescription))
            }
            var numbers: [Double] = []
            for (index, point) in points.enumerated() {
                let range = index % 2 == 0 ? SpecLimits.bezierX : SpecLimits.bezierY
                numbers.append(
                    try reader.number(point, at: bezierPath.appending(index: index), expected: SpecExpectation.number(in: range)))
            }
            return .bezier(x1: numbers[0], y1: numbers[1], x2: numbers[2], y2: numbers[3])
        case .object(let object):
            if let key = object.members.first?.key, object.members.count == 1 {
                throw reader.failure(
                    path.appending(key),
                    .unknownKey(key, suggestion: FieldReader.closestKey(to: key, in: ["spring", "bezier"]), known: ["spring", "bezier"]))
            }
            throw reader.failure(path, .expected(expected, found: value.kindDescription))
        default:
            throw reader.failure(path, .expected(expected, found: value.kindDescription))
        }
    }

    func decodeSelection(_ value: JSONValue, at path: JSONPath, into spec: inout PickerSpec) throws(SpecError) {
        let object = try reader.object(value, at: path, known: SpecKeys.selection)
        if let initial = object["initial"] {
            spec.initialSelection = try decodeSelectedItem(initial, at: path.appending("initial"), items: spec.items)
        }
        if let tail = object["tail"] {
            spec.tail = try reader.number(tail, at: path.appending("tail"), expected: SpecExpectation.seconds)
        }
        guard let sequenceValue = object["sequence"] else { return }
        let sequencePath = path.appending("sequence")
        guard case .array(let steps) = sequenceValue, steps.count <= SpecLimits.maximumChanges else {
            throw reader.failure(
                sequencePath, .expected("an array of at most \(SpecLimits.maximumChanges) changes", found: sequenceValue.kindDescription))
        }
        spec.changes = []
        for (index, step) in steps.enumerated() {
            let stepPath = sequencePath.appending(index: index)
            let fields = try reader.object(step, at: stepPath, known: SpecKeys.change)
            guard let select = fields["select"] else {
                throw reader.failure(stepPath.appending("select"), .missing(expected: "an item to select, or null to clear the selection"))
            }
            var change = SelectionChange(selection: try decodeSelectedItem(select, at: stepPath.appending("select"), items: spec.items))
            if let after = fields["after"] {
                change.after = try reader.number(after, at: stepPath.appending("after"), expected: SpecExpectation.seconds)
            }
            if let curve = fields["curve"] { change.curve = try decodeCurve(curve, at: stepPath.appending("curve")) }
            if let duration = fields["duration"] {
                change.duration = try reader.number(duration, at: stepPath.appending("duration"), expected: SpecExpectation.seconds)
            }
            spec.changes.append(change)
        }
    }

    func decodeStyle(_ value: JSONValue, at path: JSONPath) throws(SpecError) -> PickerStyle {
        let object = try reader.object(value, at: path, known: SpecKeys.style)
        var style = PickerStyle()
        let length = SpecExpectation.length
        if let v = object["orientation"] {
            style.orientation = try reader.choice(v, at: path.appending("orientation"), as: Orientation.self)
        }
        if let v = object["distribution"] {
            style.distribution = try reader.choice(v, at: path.appending("distribution"), as: Distribution.self)
        }
        if let v = object["spacing"] { style.spacing = try reader.number(v, at: path.appending("spacing"), expected: length) }
        if let v = object["padding"] { style.padding = try reader.number(v, at: path.appending("padding"), expected: length) }
        if let v = object["segmentPadding"] {
            let paddingPath = path.appending("segmentPadding")
            if case .number = v {
                style.segmentPadding = SegmentPadding(try reader.number(v, at: paddingPath, expected: length))
            } else {
                let padding = try reader.object(v, at: paddingPath, known: SpecKeys.segmentPadding)
                var decoded = SegmentPadding(0)
                if let h = padding["horizontal"] {
                    decoded.horizontal = try reader.number(h, at: paddingPath.appending("horizontal"), expected: length)
                }
                if let vertical = padding["vertical"] {
                    decoded.vertical = try reader.number(vertical, at: paddingPath.appending("vertical"), expected: length)
                }
                style.segmentPadding = decoded
            }
        }
        if let v = object["font"] { style.font = try decodeFont(v, at: path.appending("font")) }
        if let v = object["labelColor"] { style.labelColor = try reader.color(v, at: path.appending("labelColor")) }
        if let v = object["background"] { style.background = try reader.color(v, at: path.appending("background")) }
        if let v = object["highlight"] { style.highlight = try decodeHighlight(v, at: path.appending("highlight")) }
        return style
    }

    func decodeFont(_ value: JSONValue, at path: JSONPath) throws(SpecError) -> FontStyle {
        let object = try reader.object(value, at: path, known: SpecKeys.font)
        var font = FontStyle()
        if let v = object["family"] {
            font.family = try reader.anyString(v, at: path.appending("family"), expected: SpecExpectation.fontFamily)
        }
        if let v = object["size"] {
            font.size = try reader.number(
                v, at: path.appending("size"), expected: SpecExpectation.number(in: SpecLimits.fontSize, unit: " points"))
        }
        if let v = object["weight"] {
            let weightPath = path.appending("weight")
            if case .string(let name) = v, let named = FontWeight.names.first(where: { $0.name == name }) {
                font.weight = named.weight
            } else if case .number(let number) = v, let integer = number.integer {
                font.weight = FontWeight(integer)
            } else {
                throw reader.failure(weightPath, .expected(SpecExpectation.fontWeight, found: v.kindDescription))
            }
        }
        return font
    }

    func decodeHighlight(_ value: JSONValue, at path: JSONPath) throws(SpecError) -> HighlightStyle {
        let object = try reader.object(value, at: path, known: SpecKeys.highlight)
        var highlight = HighlightStyle()
        if let v = object["cornerRadius"] {
            highlight.cornerRadius = try reader.number(v, at: path.appending("cornerRadius"), expected: SpecExpectation.length)
        }
        if let v = object["color"] { highlight.color = try reader.color(v, at: path.appending("color")) }
        if let v = object["opacity"] {
            highlight.opacity = try reader.number(v, at: path.appending("opacity"), expected: SpecExpectation.number(in: 0...1))
        }
        if let v = object["layer"] { highlight.layer = try reader.choice(v, at: path.appending("layer"), as: HighlightLayer.self) }
        return highlight
    }

    func decodeOutput(_ value: JSONValue, at path: JSONPath) throws(SpecError) -> OutputSettings {
        let object = try reader.object(value, at: path, known: SpecKeys.output)
        var output = OutputSettings()
        if let v = object["fps"] {
            output.fps = try reader.number(
                v, at: path.appending("fps"), expected: SpecExpectation.number(in: SpecLimits.fps, unit: " frames per second"))
        }
        if let v = object["scale"] {
            output.scale = try reader.number(
                v, at: path.appending("scale"), expected: SpecExpectation.number(in: SpecLimits.scale, unit: " pixels per point"))
        }
        if let v = object["loop"] {
            switch v {
            case .bool(true): output.loopCount = nil
            case .bool(false): output.loopCount = 1
            case .number(let number) where number.integer != nil: output.loopCount = number.integer
            default: throw reader.failure(path.appending("loop"), .expected(SpecExpectation.loop, found: v.kindDescription))
            }
        }
        return output
    }
}
