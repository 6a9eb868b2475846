/// The one validation of a spec, whether it came from JSON or was built in Swift: every number within
/// `SpecLimits`, items unique, selections naming items that exist, colours well-formed.
///
/// Errors carry the field's JSON path, so a spec built in code gets the message its JSON would get.
struct SpecValidator {
    /// The spec file's path, for messages; nil for a spec built in code.
    var file: String?

    private func failure(_ path: JSONPath, _ problem: SpecProblem) -> SpecError {
        SpecError(file: file, path: path, problem: problem)
    }

    func validate(_ spec: PickerSpec) throws(SpecError) {
        let root = JSONPath.root
        try validateItems(spec.items, at: root.appending("items"))
        let selection = root.appending("selection")
        if let initial = spec.initialSelection {
            try requireItem(initial, in: spec.items, at: selection.appending("initial"))
        }
        try number(spec.tail, at: selection.appending("tail"), in: 0...SpecLimits.maximumSeconds, unit: " seconds")
        let sequence = selection.appending("sequence")
        guard spec.changes.count <= SpecLimits.maximumChanges else {
            throw failure(
                sequence, .expected("an array of at most \(SpecLimits.maximumChanges) changes", found: "\(spec.changes.count) changes"))
        }
        let animation = root.appending("animation")
        if let curve = spec.animation.curve { try validateCurve(curve, at: animation.appending("curve")) }
        let presetCurve = spec.resolvedAnimation(of: SelectionChange(selection: nil)).curve
        if let duration = spec.animation.duration {
            try validateDuration(duration, curve: spec.animation.curve ?? presetCurve, at: animation.appending("duration"))
        }
        for (index, change) in spec.changes.enumerated() {
            let path = sequence.appending(index: index)
            if let item = change.selection { try requireItem(item, in: spec.items, at: path.appending("select")) }
            try number(change.after, at: path.appending("after"), in: 0...SpecLimits.maximumSeconds, unit: " seconds")
            if let curve = change.curve { try validateCurve(curve, at: path.appending("curve")) }
            if let duration = change.duration {
                try validateDuration(duration, curve: change.curve ?? spec.animation.curve ?? presetCurve, at: path.appending("duration"))
            }
        }
        try validateStyle(spec.style, at: root.appending("style"))
        try validateOutput(spec.output, at: root.appending("output"))
        if let touches = spec.touches { try validateTouches(touches, at: root.appending("touches")) }
        if spec.variantAxes != nil || !spec.tokenModifiers.isEmpty {
            try validateVariants(spec.variantAxes ?? VariantAxes(), of: spec, at: root.appending("variants"))
        }
    }

    private func validateTouches(_ touches: TouchStyle, at path: JSONPath) throws(SpecError) {
        if let color = touches.color { try validateColor(color, at: path.appending("color")) }
        if let opacity = touches.opacity { try number(opacity, at: path.appending("opacity"), in: 0...1) }
        if let diameter = touches.diameter {
            try number(diameter, at: path.appending("diameter"), in: SpecLimits.touchDiameter, unit: " points")
        }
    }

    private func validateVariants(_ axes: VariantAxes, of spec: PickerSpec, at path: JSONPath) throws(SpecError) {
        func unique<T: Hashable>(_ list: [T]?, _ name: String) throws(SpecError) {
            guard let list else { return }
            var seen: [T: Int] = [:]
            for (index, value) in list.enumerated() {
                if let first = seen[value] {
                    throw failure(
                        path.appending(name).appending(index: index),
                        .expected("each value once (it is also at \(name)[\(first)])", found: "\(value)"))
                }
                seen[value] = index
            }
        }
        try unique(axes.colorScheme, "colorScheme")
        try unique(axes.layoutDirection, "layoutDirection")
        try unique(axes.dynamicTypeSize, "dynamicTypeSize")
        try unique(axes.scale, "scale")
        try unique(axes.increaseContrast, "increaseContrast")
        try unique(axes.reduceMotion, "reduceMotion")
        for (index, scale) in (axes.scale ?? []).enumerated() {
            try number(scale, at: path.appending("scale").appending(index: index), in: SpecLimits.scale, unit: " pixels per point")
        }
        let lists = [axes.colorScheme?.count, axes.layoutDirection?.count, axes.dynamicTypeSize?.count, axes.scale?.count]
        // A resolver's modifiers are variant lists too (`tokens.resolver`), each capped at maximumVariants.
        let count =
            (lists + [axes.increaseContrast?.count, axes.reduceMotion?.count]
            + spec.tokenModifiers.filter { !$0.followsColorScheme }.map(\.contexts.count))
            .map { max($0 ?? 1, 1) }.reduce(1) { $0.multipliedReportingOverflow(by: $1).partialValue }
        guard count <= SpecLimits.maximumVariants else {
            let resolver = spec.tokenModifiers.isEmpty ? "" : " and the token resolver's modifiers"
            throw failure(
                path, .limitExceeded("the variant lists\(resolver) make \(count) variants; at most \(SpecLimits.maximumVariants)"))
        }
        // A resolver's context names are the user's: two of them could spell one variant's name (`a-b` and `a`, `b`).
        var names: Set<String> = []
        for variant in spec.variants where !names.insert(variant.suffix).inserted {
            throw failure(
                path,
                .expected(
                    "a name for each variant", found: "two variants named \"\(variant.label)\"; rename a context of the token resolver"))
        }
        // Every variant has the spec's frame count: it does not depend on the labels' sizes (a spring settles
        // relative to its start), so any layout gives it.
        guard count > 1 else { return }
        let unit = spec.items.map { _ in Rect(x: 0, y: 0, width: 10, height: 10) }
        let style = spec.resolvedStyle
        let frames = Timeline(spec: spec, style: style, layout: PickerLayout(spec: spec, style: style, labelExtents: unit)).exactFrameCount
        guard frames * Double(count) > Double(SpecLimits.maximumFramesInAllVariants) else { return }
        throw failure(
            path,
            .limitExceeded(
                "\(count) variants of \(Int(frames)) frames would be \(Int(frames) * count) frames; at most \(SpecLimits.maximumFramesInAllVariants) in all (fewer variants, a lower output.fps or a shorter selection.sequence)"
            ))
    }

    private func validateItems(_ items: [Item], at path: JSONPath) throws(SpecError) {
        guard SpecLimits.itemCount.contains(items.count) else {
            throw failure(path, .expected(SpecExpectation.items, found: "\(items.count) items"))
        }
        var firstIndex: [ItemValue: Int] = [:]
        for (index, item) in items.enumerated() {
            let itemPath = path.appending(index: index)
            if case .string(let text) = item.value, item.label == nil {
                try validateLabel(text, at: itemPath)
            }
            if let label = item.label { try validateLabel(label, at: itemPath.appending("label")) }
            for (key, file) in [("icon", item.icon), ("image", item.image)] {
                guard let file else { continue }
                guard !file.isEmpty, file.utf8.count <= 4_096, !file.unicodeScalars.contains("\u{0}") else {
                    throw failure(itemPath.appending(key), .expected(SpecExpectation.imageFile, found: Self.found(file)))
                }
            }
            if item.icon != nil, item.image != nil {
                throw failure(itemPath.appending("image"), .expected("an icon or an image, not both", found: "both"))
            }
            if let first = firstIndex[item.value] {
                throw failure(item.label == nil ? itemPath : itemPath.appending("value"), .duplicateItem(item.value, firstIndex: first))
            }
            firstIndex[item.value] = index
        }
    }

    private func validateLabel(_ text: String, at path: JSONPath) throws(SpecError) {
        // Characters are Unicode code points, as the JSON Schema's maxLength counts them: counted as grapheme
        // clusters, one "character" could carry any number of combining marks (a 600 KB label of 300,000 marks on
        // one letter was one character, and each per-frame SVG of it 17 MB).
        let length = text.unicodeScalars.count
        guard length <= SpecLimits.maximumLabelLength else {
            throw failure(
                path, .expected("a label of at most \(SpecLimits.maximumLabelLength) characters", found: "\(length) characters"))
        }
        // Pango ends a label at a NUL, so "Mon\u{0}day" would draw as "Mon".
        if text.unicodeScalars.contains("\u{0}") {
            throw failure(path, .expected("a label without NUL characters (\\u0000)", found: "a NUL character"))
        }
    }

    private func requireItem(_ value: ItemValue, in items: [Item], at path: JSONPath) throws(SpecError) {
        guard items.contains(where: { $0.value == value }) else {
            throw failure(path, .unknownItem(Self.found(value), items: items.map(\.value)))
        }
    }

    private func validateCurve(_ curve: AnimationCurve, at path: JSONPath) throws(SpecError) {
        switch curve {
        case .linear, .easeIn, .easeOut, .easeInOut:
            return
        case .bezier(let x1, let y1, let x2, let y2):
            let bezier = path.appending("bezier")
            try number(x1, at: bezier.appending(index: 0), in: SpecLimits.bezierX)
            try number(y1, at: bezier.appending(index: 1), in: SpecLimits.bezierY)
            try number(x2, at: bezier.appending(index: 2), in: SpecLimits.bezierX)
            try number(y2, at: bezier.appending(index: 3), in: SpecLimits.bezierY)
        case .spring(let response, let dampingFraction):
            let spring = path.appending("spring")
            try number(response, at: spring.appending("response"), in: SpecLimits.springResponse, unit: " seconds")
            try number(dampingFraction, at: spring.appending("dampingFraction"), in: SpecLimits.springDampingFraction)
        }
    }

    private func validateDuration(_ duration: Double, curve: AnimationCurve?, at path: JSONPath) throws(SpecError) {
        if curve?.isSpring == true {
            throw failure(path, .expected(SpecExpectation.noDurationWithSpring, found: Self.found(duration)))
        }
        try number(duration, at: path, in: 0...SpecLimits.maximumSeconds, unit: " seconds")
    }

    private func validateStyle(_ style: PickerStyle, at path: JSONPath) throws(SpecError) {
        let lengths = 0...SpecLimits.maximumLength
        if let spacing = style.spacing { try number(spacing, at: path.appending("spacing"), in: lengths, unit: " points") }
        if let padding = style.padding { try number(padding, at: path.appending("padding"), in: lengths, unit: " points") }
        if let segmentPadding = style.segmentPadding {
            let paddingPath = path.appending("segmentPadding")
            try number(segmentPadding.horizontal, at: paddingPath.appending("horizontal"), in: lengths, unit: " points")
            try number(segmentPadding.vertical, at: paddingPath.appending("vertical"), in: lengths, unit: " points")
        }
        let font = path.appending("font")
        if let family = style.font.family {
            guard !family.isEmpty, family.unicodeScalars.count <= SpecLimits.maximumLabelLength, !family.unicodeScalars.contains("\u{0}")
            else {
                throw failure(font.appending("family"), .expected(SpecExpectation.fontFamily, found: Self.found(family)))
            }
        }
        if let file = style.font.file, file.isEmpty || file.utf8.count > 4_096 || file.unicodeScalars.contains("\u{0}") {
            throw failure(font.appending("file"), .expected(SpecExpectation.fontFile, found: Self.found(file)))
        }
        if let size = style.font.size { try number(size, at: font.appending("size"), in: SpecLimits.fontSize, unit: " points") }
        if let weight = style.font.weight, !SpecLimits.fontWeight.contains(weight.value) {
            throw failure(font.appending("weight"), .expected(SpecExpectation.fontWeight, found: "the number \(weight.value)"))
        }
        if let color = style.labelColor { try validateColor(color, at: path.appending("labelColor")) }
        if let color = style.background { try validateColor(color, at: path.appending("background")) }
        let highlight = path.appending("highlight")
        if let radius = style.highlight.cornerRadius {
            try number(radius, at: highlight.appending("cornerRadius"), in: lengths, unit: " points")
        }
        if let color = style.highlight.color { try validateColor(color, at: highlight.appending("color")) }
        if let opacity = style.highlight.opacity { try number(opacity, at: highlight.appending("opacity"), in: 0...1) }
        if let shadows = style.highlight.shadows {
            let shadowsPath = highlight.appending("shadows")
            guard shadows.count <= SpecLimits.maximumShadows else {
                throw failure(shadowsPath, .expected("at most \(SpecLimits.maximumShadows) shadows", found: "\(shadows.count) shadows"))
            }
            for (index, shadow) in shadows.enumerated() {
                let shadowPath = shadowsPath.appending(index: index)
                try validateColor(shadow.color, at: shadowPath.appending("color"))
                let offsets = -SpecLimits.maximumLength...SpecLimits.maximumLength
                try number(shadow.x, at: shadowPath.appending("x"), in: offsets, unit: " points")
                try number(shadow.y, at: shadowPath.appending("y"), in: offsets, unit: " points")
                try number(shadow.blur, at: shadowPath.appending("blur"), in: SpecLimits.shadowBlur, unit: " points")
            }
        }
        let icon = path.appending("icon")
        if let size = style.icon.size { try number(size, at: icon.appending("size"), in: SpecLimits.iconSize, unit: " points") }
        if let spacing = style.icon.spacing { try number(spacing, at: icon.appending("spacing"), in: lengths, unit: " points") }
        if let track = style.track {
            let trackPath = path.appending("track")
            if let color = track.color { try validateColor(color, at: trackPath.appending("color")) }
            if let radius = track.cornerRadius { try number(radius, at: trackPath.appending("cornerRadius"), in: lengths, unit: " points") }
            if let padding = track.padding {
                try number(padding.horizontal, at: trackPath.appending("padding").appending("horizontal"), in: lengths, unit: " points")
                try number(padding.vertical, at: trackPath.appending("padding").appending("vertical"), in: lengths, unit: " points")
            }
        }
        if case .shown(let separators) = style.separators {
            let separatorPath = path.appending("separators")
            if let color = separators.color { try validateColor(color, at: separatorPath.appending("color")) }
            if let width = separators.width { try number(width, at: separatorPath.appending("width"), in: lengths, unit: " points") }
            if let inset = separators.inset { try number(inset, at: separatorPath.appending("inset"), in: lengths, unit: " points") }
        }
        let selected = path.appending("selectedLabel")
        if let color = style.selectedLabel.color { try validateColor(color, at: selected.appending("color")) }
        if let weight = style.selectedLabel.weight, !SpecLimits.fontWeight.contains(weight.value) {
            throw failure(selected.appending("weight"), .expected(SpecExpectation.fontWeight, found: "the number \(weight.value)"))
        }
    }

    private func validateOutput(_ output: OutputSettings, at path: JSONPath) throws(SpecError) {
        try number(output.fps, at: path.appending("fps"), in: SpecLimits.fps, unit: " frames per second")
        try number(output.scale, at: path.appending("scale"), in: SpecLimits.scale, unit: " pixels per point")
        if let loops = output.loopCount, !SpecLimits.loopCount.contains(loops) {
            throw failure(path.appending("loop"), .expected(SpecExpectation.loop, found: "the number \(loops)"))
        }
    }

    private func validateColor(_ color: PickerColor, at path: JSONPath) throws(SpecError) {
        if case .invalid(let text) = color.value {
            throw failure(path, .expected(SpecExpectation.color, found: Self.found(text) + ColorNameSuggestion.hint(for: text)))
        }
    }

    /// A finite number within `range`.
    private func number(_ value: Double, at path: JSONPath, in range: ClosedRange<Double>, unit: String = "") throws(SpecError) {
        guard value.isFinite, range.contains(value) else {
            throw failure(path, .expected(SpecExpectation.number(in: range, unit: unit), found: Self.found(value)))
        }
    }

    /// A value as messages name it: `the number 1.5`, `the string "Day"`.
    static func found(_ value: Double) -> String { "the number \(NumberText.shortest(value))" }

    static func found(_ text: String) -> String {
        "the string \"\(text.prefix(40))\(text.count > 40 ? "…" : "")\""
    }

    static func found(_ value: ItemValue) -> String {
        switch value {
        case .string(let text): return found(text)
        case .integer(let number): return "the number \(number)"
        }
    }
}

/// The words messages use for what a field expects, shared by the decoder (wrong types) and the validator (values
/// out of range), so both say the same thing.
enum SpecExpectation {
    static let items =
        "an array of \(SpecLimits.itemCount.lowerBound) to \(SpecLimits.itemCount.upperBound) items (strings, integers, or {\"value\", \"label\"} objects)"
    static let imageFile = "the path of an SVG or PNG file, relative to the spec's folder"
    static let noDurationWithSpring = "no duration with a spring (a spring settles by itself; set its response instead)"
    static let fontFile = "the path of a TTF, OTF or TTC font file, relative to the spec's folder"
    static let fontFamily = "a non-empty string of at most \(SpecLimits.maximumLabelLength) characters"
    static var fontWeight: String {
        let names = FontWeight.names.map { "\"\($0.name)\"" }.joined(separator: ", ")
        return "one of \(names) or a whole number from \(SpecLimits.fontWeight.lowerBound) to \(SpecLimits.fontWeight.upperBound)"
    }
    static let loop = "true (loop forever), false (play once), or a play count from 1 to \(SpecLimits.loopCount.upperBound)"
    static var color: String {
        let names = NamedColor.allCases.map(\.rawValue).joined(separator: ", ")
        return "a colour: \"#RGB\", \"#RRGGBB\", \"#RRGGBBAA\", or one of \(names)"
    }

    static let seconds = number(in: 0...SpecLimits.maximumSeconds, unit: " seconds")
    static let length = number(in: 0...SpecLimits.maximumLength, unit: " points")

    static func number(in range: ClosedRange<Double>, unit: String = "") -> String {
        "a number from \(NumberText.shortest(range.lowerBound)) to \(NumberText.shortest(range.upperBound))\(unit)"
    }

}
