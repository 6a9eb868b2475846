extension PickerSpec {
    /// Parses and validates a spec from the bytes of a JSON file; see `init(json:file:)`.
    package static func decode(_ bytes: [UInt8], file: String? = nil) throws(SpecError) -> PickerSpec {
        try decode(bytes, file: file, reader: nil)
    }

    /// Parses and validates a spec, reading the token files and themes it names through `reader` (paths relative
    /// to the spec's folder); with no reader, a spec that names one is an error.
    package static func decode(_ bytes: [UInt8], file: String?, reader: SpecInputReader?) throws(SpecError) -> PickerSpec {
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
        let preparation = SpecPreparation(file: file, reader: reader)
        let merged = try preparation.merged(document)
        let decoder = SpecDecoder(reader: FieldReader(file: file))
        let resolved = try preparation.resolved(merged)
        var spec = try decoder.decodeSpec(resolved.document)
        spec.tokenFields = resolved.fields
        spec.inputFiles = merged.inputFiles
        spec.tokenModifiers = merged.resolver?.modifiers ?? []
        try TokenField.validate(spec, file: file)
        try TokenModifier.checkSchemes(of: spec, file: file)
        try VariantTokenKey.checkUsed(merged, by: spec.variants, file: file)
        spec.tokenThemes = try TokenTheme.themes(of: spec, merged: merged, preparation: preparation, decoder: decoder)
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
        if let v = object["increaseContrast"] { axes.increaseContrast = try flags(v, at: path.appending("increaseContrast")) }
        if let v = object["reduceMotion"] { axes.reduceMotion = try flags(v, at: path.appending("reduceMotion")) }
        return axes
    }

    /// An array of `false` and `true`, for a setting's variant axis.
    func flags(_ value: JSONValue, at path: JSONPath) throws(SpecError) -> [Bool] {
        guard case .array(let elements) = value, elements.count <= 2 else {
            throw reader.failure(path, .expected("an array of false and true", found: value.kindDescription))
        }
        var result: [Bool] = []
        for (index, element) in elements.enumerated() { result.append(try reader.bool(element, at: path.appending(index: index))) }
        return result
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
