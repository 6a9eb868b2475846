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
        if let value = root["touches"] { spec.touches = try decodeTouches(value, at: JSONPath.root.appending("touches")) }
        if let value = root["variants"] { spec.variantAxes = try decodeVariants(value, at: JSONPath.root.appending("variants")) }
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
                if let icon = object["icon"] {
                    item.icon = try reader.anyString(icon, at: itemPath.appending("icon"), expected: SpecExpectation.imageFile)
                }
                if let image = object["image"] {
                    item.image = try reader.anyString(image, at: itemPath.appending("image"), expected: SpecExpectation.imageFile)
                }
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
        throw reader.failure(
            path,
            .expected("a string or an integer (or an object {\"value\", \"label\", \"icon\", \"image\"})", found: value.kindDescription))
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
        if let v = object["segmentPadding"] { style.segmentPadding = try decodePadding(v, at: path.appending("segmentPadding")) }
        if let v = object["font"] { style.font = try decodeFont(v, at: path.appending("font")) }
        if let v = object["labelColor"] { style.labelColor = try reader.color(v, at: path.appending("labelColor")) }
        if let v = object["background"] { style.background = try reader.color(v, at: path.appending("background")) }
        if let v = object["highlight"] { style.highlight = try decodeHighlight(v, at: path.appending("highlight")) }
        if let v = object["preset"] { style.preset = try reader.choice(v, at: path.appending("preset"), as: StylePreset.self) }
        if let v = object["colorScheme"] {
            style.colorScheme = try reader.choice(v, at: path.appending("colorScheme"), as: ColorScheme.self)
        }
        if let v = object["layoutDirection"] {
            style.layoutDirection = try reader.choice(v, at: path.appending("layoutDirection"), as: LayoutDirection.self)
        }
        if let v = object["dynamicTypeSize"] {
            style.dynamicTypeSize = try reader.choice(v, at: path.appending("dynamicTypeSize"), as: DynamicTypeSize.self)
        }
        if let v = object["icon"] { style.icon = try decodeIcon(v, at: path.appending("icon")) }
        if let v = object["track"] { style.track = try decodeTrack(v, at: path.appending("track")) }
        if let v = object["separators"] { style.separators = try decodeSeparators(v, at: path.appending("separators")) }
        if let v = object["selectedLabel"] { style.selectedLabel = try decodeSelectedLabel(v, at: path.appending("selectedLabel")) }
        return style
    }

    /// A number for every side, or `{"horizontal", "vertical"}` (a side left out is 0).
    func decodePadding(_ value: JSONValue, at path: JSONPath) throws(SpecError) -> Padding {
        let length = SpecExpectation.length
        if case .number = value { return Padding(try reader.number(value, at: path, expected: length)) }
        let padding = try reader.object(value, at: path, known: SpecKeys.padding)
        var decoded = Padding(0)
        if let h = padding["horizontal"] { decoded.horizontal = try reader.number(h, at: path.appending("horizontal"), expected: length) }
        if let v = padding["vertical"] { decoded.vertical = try reader.number(v, at: path.appending("vertical"), expected: length) }
        return decoded
    }

    func decodeIcon(_ value: JSONValue, at path: JSONPath) throws(SpecError) -> IconStyle {
        let object = try reader.object(value, at: path, known: SpecKeys.icon)
        var icon = IconStyle()
        if let v = object["size"] {
            icon.size = try reader.number(
                v, at: path.appending("size"), expected: SpecExpectation.number(in: SpecLimits.iconSize, unit: " points"))
        }
        if let v = object["spacing"] {
            icon.spacing = try reader.number(v, at: path.appending("spacing"), expected: SpecExpectation.length)
        }
        if let v = object["position"] { icon.position = try reader.choice(v, at: path.appending("position"), as: IconPosition.self) }
        return icon
    }

    func decodeTrack(_ value: JSONValue, at path: JSONPath) throws(SpecError) -> TrackStyle {
        let object = try reader.object(value, at: path, known: SpecKeys.track)
        var track = TrackStyle()
        if let v = object["color"] { track.color = try reader.color(v, at: path.appending("color")) }
        if let v = object["cornerRadius"] {
            track.cornerRadius = try reader.number(v, at: path.appending("cornerRadius"), expected: SpecExpectation.length)
        }
        if let v = object["padding"] { track.padding = try decodePadding(v, at: path.appending("padding")) }
        return track
    }

    /// `false` (none), `true` (the segmented preset's look) or an object.
    func decodeSeparators(_ value: JSONValue, at path: JSONPath) throws(SpecError) -> Separators {
        switch value {
        case .bool(false): return .hidden
        case .bool(true): return .shown(SeparatorStyle())
        case .object: break
        default:
            throw reader.failure(
                path,
                .expected(
                    "false, true, or an object with keys \(SpecKeys.separators.joined(separator: ", "))", found: value.kindDescription))
        }
        let object = try reader.object(value, at: path, known: SpecKeys.separators)
        var style = SeparatorStyle()
        if let v = object["color"] { style.color = try reader.color(v, at: path.appending("color")) }
        if let v = object["width"] { style.width = try reader.number(v, at: path.appending("width"), expected: SpecExpectation.length) }
        if let v = object["inset"] { style.inset = try reader.number(v, at: path.appending("inset"), expected: SpecExpectation.length) }
        return .shown(style)
    }

    func decodeSelectedLabel(_ value: JSONValue, at path: JSONPath) throws(SpecError) -> SelectedLabelStyle {
        let object = try reader.object(value, at: path, known: SpecKeys.selectedLabel)
        var style = SelectedLabelStyle()
        if let v = object["color"] { style.color = try reader.color(v, at: path.appending("color")) }
        if let v = object["weight"] { style.weight = try decodeWeight(v, at: path.appending("weight")) }
        return style
    }

    /// `false` (none), `true` (the default look) or an object.
    func decodeTouches(_ value: JSONValue, at path: JSONPath) throws(SpecError) -> TouchStyle? {
        switch value {
        case .bool(false): return nil
        case .bool(true): return TouchStyle()
        case .object: break
        default:
            throw reader.failure(
                path,
                .expected("false, true, or an object with keys \(SpecKeys.touches.joined(separator: ", "))", found: value.kindDescription))
        }
        let object = try reader.object(value, at: path, known: SpecKeys.touches)
        var touches = TouchStyle()
        if let v = object["color"] { touches.color = try reader.color(v, at: path.appending("color")) }
        if let v = object["opacity"] {
            touches.opacity = try reader.number(v, at: path.appending("opacity"), expected: SpecExpectation.number(in: 0...1))
        }
        if let v = object["diameter"] {
            touches.diameter = try reader.number(
                v, at: path.appending("diameter"), expected: SpecExpectation.number(in: SpecLimits.touchDiameter, unit: " points"))
        }
        return touches
    }

    func decodeVariants(_ value: JSONValue, at path: JSONPath) throws(SpecError) -> VariantAxes {
        let object = try reader.object(value, at: path, known: SpecKeys.variants)
        var axes = VariantAxes()
        if let v = object["colorScheme"] { axes.colorScheme = try choices(v, at: path.appending("colorScheme"), as: ColorScheme.self) }
        if let v = object["layoutDirection"] {
            axes.layoutDirection = try choices(v, at: path.appending("layoutDirection"), as: LayoutDirection.self)
        }
        if let v = object["dynamicTypeSize"] {
            axes.dynamicTypeSize = try choices(v, at: path.appending("dynamicTypeSize"), as: DynamicTypeSize.self)
        }
        if let v = object["scale"] {
            let scalePath = path.appending("scale")
            guard case .array(let elements) = v, elements.count <= SpecLimits.maximumVariants else {
                throw reader.failure(scalePath, .expected("an array of scales (pixels per point)", found: v.kindDescription))
            }
            var scales: [Double] = []
            for (index, element) in elements.enumerated() {
                scales.append(
                    try reader.number(
                        element, at: scalePath.appending(index: index),
                        expected: SpecExpectation.number(in: SpecLimits.scale, unit: " pixels per point")))
            }
            axes.scale = scales
        }
        return axes
    }

    /// An array of words, each one of `type`'s.
    func choices<Choice: RawRepresentable & CaseIterable>(_ value: JSONValue, at path: JSONPath, as type: Choice.Type)
        throws(SpecError) -> [Choice] where Choice.RawValue == String
    {
        guard case .array(let elements) = value, elements.count <= SpecLimits.maximumVariants else {
            let names = Choice.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw reader.failure(path, .expected("an array of \(names)", found: value.kindDescription))
        }
        var result: [Choice] = []
        for (index, element) in elements.enumerated() {
            result.append(try reader.choice(element, at: path.appending(index: index), as: type))
        }
        return result
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
        if let v = object["weight"] { font.weight = try decodeWeight(v, at: path.appending("weight")) }
        if let v = object["file"] { font.file = try reader.anyString(v, at: path.appending("file"), expected: SpecExpectation.fontFile) }
        return font
    }

    /// A SwiftUI weight name or a whole number.
    func decodeWeight(_ value: JSONValue, at path: JSONPath) throws(SpecError) -> FontWeight {
        if case .string(let name) = value, let named = FontWeight.names.first(where: { $0.name == name }) { return named.weight }
        if case .number(let number) = value, let integer = number.integer { return FontWeight(integer) }
        throw reader.failure(path, .expected(SpecExpectation.fontWeight, found: value.kindDescription))
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
        if let v = object["shadows"] {
            let shadowsPath = path.appending("shadows")
            guard case .array(let elements) = v, elements.count <= SpecLimits.maximumShadows else {
                throw reader.failure(
                    shadowsPath,
                    .expected("an array of at most \(SpecLimits.maximumShadows) shadows {color, x, y, blur}", found: v.kindDescription))
            }
            var shadows: [Shadow] = []
            for (index, element) in elements.enumerated() {
                let shadowPath = shadowsPath.appending(index: index)
                let object = try reader.object(element, at: shadowPath, known: SpecKeys.shadow)
                guard let color = object["color"] else {
                    throw reader.failure(shadowPath.appending("color"), .missing(expected: "the shadow's colour"))
                }
                var shadow = Shadow(color: try reader.color(color, at: shadowPath.appending("color")))
                let offset = SpecExpectation.number(in: -SpecLimits.maximumLength...SpecLimits.maximumLength, unit: " points")
                if let x = object["x"] { shadow.x = try reader.number(x, at: shadowPath.appending("x"), expected: offset) }
                if let y = object["y"] { shadow.y = try reader.number(y, at: shadowPath.appending("y"), expected: offset) }
                if let blur = object["blur"] {
                    shadow.blur = try reader.number(
                        blur, at: shadowPath.appending("blur"), expected: SpecExpectation.number(in: SpecLimits.shadowBlur, unit: " points")
                    )
                }
                shadows.append(shadow)
            }
            highlight.shadows = shadows
        }
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
