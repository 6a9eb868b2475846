/// The `style` object: orientation, sizes, font, highlight, track, separators, icons and the selected label.
extension SpecDecoder {
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
        if let v = object["increaseContrast"] { style.increaseContrast = try reader.bool(v, at: path.appending("increaseContrast")) }
        if let v = object["reduceMotion"] { style.reduceMotion = try reader.bool(v, at: path.appending("reduceMotion")) }
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
}
