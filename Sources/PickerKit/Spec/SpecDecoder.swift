extension PickerSpec {
    /// Parses and validates a spec from the bytes of a JSON file.
    ///
    /// Throws a `SpecError` naming `file`, the JSON path, and what was expected, for malformed JSON, wrong
    /// types, unknown keys, duplicate or unknown items, and values outside `SpecLimits`.
    public static func decode(_ bytes: [UInt8], file: String? = nil) throws(SpecError) -> PickerSpec {
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
        return try decode(document, file: file)
    }

    /// Validates a spec from a parsed JSON document; see `decode(_:file:)`.
    public static func decode(_ document: JSONValue, file: String? = nil) throws(SpecError) -> PickerSpec {
        var decoder = SpecDecoder(reader: FieldReader(file: file))
        return try decoder.decodeSpec(document)
    }
}

/// Walks a spec document field by field, applying defaults and limits.
struct SpecDecoder {
    let reader: FieldReader

    mutating func decodeSpec(_ document: JSONValue) throws(SpecError) -> PickerSpec {
        let root = try reader.object(document, at: .root, known: SpecKeys.root)
        guard let itemsValue = root["items"] else {
            throw reader.failure(JSONPath.root.appending("items"), .missing(expected: "an array of 1 to 64 strings or integers"))
        }
        let items = try decodeItems(itemsValue, at: JSONPath.root.appending("items"))
        let defaults = try decodeAnimationDefaults(root["animation"], at: JSONPath.root.appending("animation"))
        var spec = PickerSpec(items: items)
        if let selection = root["selection"] {
            try decodeSelection(selection, at: JSONPath.root.appending("selection"), defaults: defaults, into: &spec)
        }
        if let style = root["style"] {
            spec.style = try decodeStyle(style, at: JSONPath.root.appending("style"))
        }
        if let output = root["output"] {
            spec.output = try decodeOutput(output, at: JSONPath.root.appending("output"))
        }
        return spec
    }

    func decodeItems(_ value: JSONValue, at path: JSONPath) throws(SpecError) -> [Item] {
        let expected = "an array of \(SpecLimits.itemCount.lowerBound) to \(SpecLimits.itemCount.upperBound) strings or integers"
        guard case .array(let elements) = value else {
            throw reader.failure(path, .expected(expected, found: value.kindDescription))
        }
        guard SpecLimits.itemCount.contains(elements.count) else {
            throw reader.failure(path, .expected(expected, found: "\(elements.count) items"))
        }
        var items: [Item] = []
        var firstIndex: [Item: Int] = [:]
        for (index, element) in elements.enumerated() {
            let itemPath = path.appending(index: index)
            let item: Item
            switch element {
            case .string(let text):
                guard text.count <= SpecLimits.maximumLabelLength else {
                    throw reader.failure(
                        itemPath,
                        .expected("a label of at most \(SpecLimits.maximumLabelLength) characters", found: "\(text.count) characters"))
                }
                item = .string(text)
            case .number(let number):
                guard let integer = number.integer else {
                    throw reader.failure(itemPath, .expected("a string or an integer", found: element.kindDescription))
                }
                item = .integer(integer)
            default:
                throw reader.failure(itemPath, .expected("a string or an integer", found: element.kindDescription))
            }
            if let first = firstIndex[item] {
                throw reader.failure(itemPath, .duplicateItem(item, firstIndex: first))
            }
            firstIndex[item] = index
            items.append(item)
        }
        return items
    }

    /// An item of `items` or null, matched strictly: a string never selects an integer or the reverse.
    func decodeSelectedItem(_ value: JSONValue, at path: JSONPath, items: [Item]) throws(SpecError) -> Item? {
        let candidate: Item?
        switch value {
        case .null: return nil
        case .string(let text): candidate = .string(text)
        case .number(let number): candidate = number.integer.map(Item.integer)
        default: candidate = nil
        }
        guard let item = candidate, items.contains(item) else {
            throw reader.failure(path, .unknownItem(value.kindDescription, items: items))
        }
        return item
    }

    struct AnimationDefaults {
        var curve: AnimationCurve = .linear
        var duration: Double = 0.35
    }

    func decodeAnimationDefaults(_ value: JSONValue?, at path: JSONPath) throws(SpecError) -> AnimationDefaults {
        var defaults = AnimationDefaults()
        guard let value else { return defaults }
        let object = try reader.object(value, at: path, known: SpecKeys.animation)
        if let curve = object["curve"] { defaults.curve = try decodeCurve(curve, at: path.appending("curve")) }
        if let duration = object["duration"] {
            guard !defaults.curve.isSpring else {
                throw reader.failure(
                    path.appending("duration"),
                    .expected(
                        "no duration with a spring (a spring settles by itself; set its response instead)", found: duration.kindDescription)
                )
            }
            defaults.duration = try decodeDuration(duration, at: path.appending("duration"))
        }
        return defaults
    }

    func decodeDuration(_ value: JSONValue, at path: JSONPath) throws(SpecError) -> Double {
        try reader.number(value, at: path, in: 0...SpecLimits.maximumSeconds, unit: " seconds")
    }

    func decodeCurve(_ value: JSONValue, at path: JSONPath) throws(SpecError) -> AnimationCurve {
        let expected =
            "\"linear\", \"easeIn\", \"easeOut\", \"easeInOut\", \"spring\", {\"spring\": {\"response\", \"dampingFraction\"}} or {\"bezier\": [x1, y1, x2, y2]}"
        switch value {
        case .string("linear"): return .linear
        case .string("easeIn"): return .easeIn
        case .string("easeOut"): return .easeOut
        case .string("easeInOut"): return .easeInOut
        case .string("spring"): return .spring(response: 0.5, dampingFraction: 0.825)
        case .object(let object) where object.members.count == 1 && object["spring"] != nil:
            let springPath = path.appending("spring")
            let parameters = try reader.object(object["spring"] ?? .null, at: springPath, known: ["response", "dampingFraction"])
            let response =
                try parameters["response"].map { value throws(SpecError) in
                    try reader.number(value, at: springPath.appending("response"), in: SpecLimits.springResponse, unit: " seconds")
                } ?? 0.5
            let damping =
                try parameters["dampingFraction"].map { value throws(SpecError) in
                    try reader.number(value, at: springPath.appending("dampingFraction"), in: SpecLimits.springDampingFraction)
                } ?? 0.825
            return .spring(response: response, dampingFraction: damping)
        case .object(let object) where object.members.count == 1 && object["bezier"] != nil:
            let bezierPath = path.appending("bezier")
            guard case .array(let points) = object["bezier"] ?? .null, points.count == 4 else {
                throw reader.failure(
                    bezierPath, .expected("an array of four numbers [x1, y1, x2, y2]", found: (object["bezier"] ?? .null).kindDescription))
            }
            let x1 = try reader.number(points[0], at: bezierPath.appending(index: 0), in: 0...1)
            let y1 = try reader.number(points[1], at: bezierPath.appending(index: 1), in: -10...10)
            let x2 = try reader.number(points[2], at: bezierPath.appending(index: 2), in: 0...1)
            let y2 = try reader.number(points[3], at: bezierPath.appending(index: 3), in: -10...10)
            return .bezier(x1: x1, y1: y1, x2: x2, y2: y2)
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

    func decodeSelection(_ value: JSONValue, at path: JSONPath, defaults: AnimationDefaults, into spec: inout PickerSpec)
        throws(SpecError)
    {
        let object = try reader.object(value, at: path, known: SpecKeys.selection)
        if let initial = object["initial"] {
            spec.initialSelection = try decodeSelectedItem(initial, at: path.appending("initial"), items: spec.items)
        }
        if let tail = object["tail"] {
            spec.tail = try reader.number(tail, at: path.appending("tail"), in: 0...SpecLimits.maximumSeconds, unit: " seconds")
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
            let change = try reader.object(step, at: stepPath, known: SpecKeys.change)
            guard let select = change["select"] else {
                throw reader.failure(stepPath.appending("select"), .missing(expected: "an item to select, or null to clear the selection"))
            }
            var selectionChange = SelectionChange(
                selection: try decodeSelectedItem(select, at: stepPath.appending("select"), items: spec.items),
                after: 0.5, curve: defaults.curve, duration: defaults.duration)
            if let after = change["after"] {
                selectionChange.after = try reader.number(
                    after, at: stepPath.appending("after"), in: 0...SpecLimits.maximumSeconds, unit: " seconds")
            }
            if let curve = change["curve"] {
                selectionChange.curve = try decodeCurve(curve, at: stepPath.appending("curve"))
            }
            if let duration = change["duration"] {
                guard !selectionChange.curve.isSpring else {
                    throw reader.failure(
                        stepPath.appending("duration"),
                        .expected(
                            "no duration with a spring (a spring settles by itself; set its response instead)",
                            found: duration.kindDescription))
                }
                selectionChange.duration = try decodeDuration(duration, at: stepPath.appending("duration"))
            }
            spec.changes.append(selectionChange)
        }
    }

    func decodeStyle(_ value: JSONValue, at path: JSONPath) throws(SpecError) -> PickerStyle {
        let object = try reader.object(value, at: path, known: SpecKeys.style)
        var style = PickerStyle()
        let lengths = 0...SpecLimits.maximumLength
        if let v = object["orientation"] {
            style.orientation = try reader.choice(v, at: path.appending("orientation"), as: Orientation.self)
        }
        if let v = object["distribution"] {
            style.distribution = try reader.choice(v, at: path.appending("distribution"), as: Distribution.self)
        }
        if let v = object["spacing"] { style.spacing = try reader.number(v, at: path.appending("spacing"), in: lengths, unit: " points") }
        if let v = object["padding"] { style.padding = try reader.number(v, at: path.appending("padding"), in: lengths, unit: " points") }
        if let v = object["segmentPadding"] {
            let paddingPath = path.appending("segmentPadding")
            if case .number = v {
                let both = try reader.number(v, at: paddingPath, in: lengths, unit: " points")
                style.segmentPadding = SegmentPadding(horizontal: both, vertical: both)
            } else {
                let padding = try reader.object(v, at: paddingPath, known: ["horizontal", "vertical"])
                if let h = padding["horizontal"] {
                    style.segmentPadding.horizontal = try reader.number(
                        h, at: paddingPath.appending("horizontal"), in: lengths, unit: " points")
                }
                if let vertical = padding["vertical"] {
                    style.segmentPadding.vertical = try reader.number(
                        vertical, at: paddingPath.appending("vertical"), in: lengths, unit: " points")
                }
            }
        }
        if let v = object["font"] { style.font = try decodeFont(v, at: path.appending("font")) }
        if let v = object["labelColor"] { style.labelColor = try reader.color(v, at: path.appending("labelColor")) }
        if let v = object["background"] { style.background = try reader.color(v, at: path.appending("background")) }
        if let v = object["highlight"] { style.highlight = try decodeHighlight(v, at: path.appending("highlight")) }
        return style
    }

    func decodeFont(_ value: JSONValue, at path: JSONPath) throws(SpecError) -> FontSpec {
        let object = try reader.object(value, at: path, known: SpecKeys.font)
        var font = FontSpec()
        if let v = object["family"] { font.family = try reader.string(v, at: path.appending("family")) }
        if let v = object["size"] { font.size = try reader.number(v, at: path.appending("size"), in: SpecLimits.fontSize, unit: " points") }
        if let v = object["weight"] {
            let weightPath = path.appending("weight")
            if case .string(let name) = v, let named = FontSpec.weightNames.first(where: { $0.name == name }) {
                font.weight = named.value
            } else if case .number = v {
                font.weight = try reader.integer(v, at: weightPath, in: 100...1000)
            } else {
                let names = FontSpec.weightNames.map { "\"\($0.name)\"" }.joined(separator: ", ")
                throw reader.failure(weightPath, .expected("one of \(names) or a whole number from 100 to 1000", found: v.kindDescription))
            }
        }
        return font
    }

    func decodeHighlight(_ value: JSONValue, at path: JSONPath) throws(SpecError) -> HighlightStyle {
        let object = try reader.object(value, at: path, known: SpecKeys.highlight)
        var highlight = HighlightStyle()
        if let v = object["cornerRadius"] {
            highlight.cornerRadius = try reader.number(
                v, at: path.appending("cornerRadius"), in: 0...SpecLimits.maximumLength, unit: " points")
        }
        if let v = object["color"] { highlight.color = try reader.color(v, at: path.appending("color")) }
        if let v = object["opacity"] { highlight.opacity = try reader.number(v, at: path.appending("opacity"), in: 0...1) }
        if let v = object["layer"] { highlight.layer = try reader.choice(v, at: path.appending("layer"), as: HighlightLayer.self) }
        return highlight
    }

    func decodeOutput(_ value: JSONValue, at path: JSONPath) throws(SpecError) -> OutputSettings {
        let object = try reader.object(value, at: path, known: SpecKeys.output)
        var output = OutputSettings()
        if let v = object["fps"] {
            output.fps = try reader.number(v, at: path.appending("fps"), in: SpecLimits.fps, unit: " frames per second")
        }
        if let v = object["scale"] {
            output.scale = try reader.number(v, at: path.appending("scale"), in: SpecLimits.scale, unit: " pixels per point")
        }
        if let v = object["loop"] {
            switch v {
            case .bool(true): output.loopCount = nil
            case .bool(false): output.loopCount = 1
            case .number(let number) where number.integer.map({ (1...65_535).contains($0) }) == true:
                output.loopCount = number.integer
            default:
                throw reader.failure(
                    path.appending("loop"),
                    .expected("true (loop forever), false (play once), or a play count from 1 to 65535", found: v.kindDescription))
            }
        }
        return output
    }
}
