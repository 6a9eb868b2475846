// Also compiled into the render fuzzer (Fuzz/, see the Makefile's fuzz-build), so it imports nothing of Testing.
import PickerReel

/// A valid spec built from arbitrary bytes, so that fuzz inputs reach the writers instead of JSON syntax errors.
///
/// Each byte picks a field's value, numbers land on their limits, on awkward
/// values (5e-324, 7e-23, 0.01) or anywhere in their range, and labels mix scripts, emoji, combining marks,
/// bidirectional controls and newlines. Bytes past the end read as zero.
struct FuzzedSpec {
    private var bytes: ArraySlice<UInt8>

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
    }

    /// Values that have broken numeric code elsewhere: subnormals, tiny and huge lengths, fractions of a frame.
    static let awkwardNumbers: [Double] = [
        0, .leastNonzeroMagnitude, 1e-300, 7e-23, 1e-9, 0.001, 0.01, 0.0166, 0.25, 0.3, 0.5, 0.999, 1, 1.5, 2, 7.5, 8, 10, 16.5, 24, 60,
        239.99,
        240, 512, 1000, 4095.9, 4096,
    ]
    /// Pieces of labels: Latin, Hebrew with points, Arabic, CJK, emoji with joiners and flags, combining marks,
    /// bidirectional overrides, zero-width characters, a tab and a newline.
    static let labelPieces = [
        "a", "W", "i", " ", "Day", "é", "e\u{301}", "שָׁ", "م", "ر", "漢", "👩‍👩‍👧", "🇺🇦", "\u{202E}", "\u{200D}", "\u{FEFF}",
        "\t", "\n", "0", "%", "&", "<", "\"",
    ]
    static let families = ["Inter", "DejaVu Sans", "DejaVu Sans Mono", "monospace", "No Such Family", "Noto Sans Arabic"]
    static let colourNames = [
        "accent", "gray", "indigo", "clear", "primary", "secondary", "systemBackground", "tertiarySystemFill", "white", "black",
    ]

    private mutating func byte() -> UInt8 { bytes.popFirst() ?? 0 }

    private mutating func flag() -> Bool { byte() & 1 == 1 }

    private mutating func pick<T>(_ choices: [T]) -> T { choices[Int(byte()) % choices.count] }

    private mutating func number(in range: ClosedRange<Double>) -> Double {
        switch byte() % 4 {
        case 0: return range.lowerBound
        case 1: return range.upperBound
        case 2: return min(max(pick(Self.awkwardNumbers), range.lowerBound), range.upperBound)
        default:
            let fraction = Double(UInt16(byte()) << 8 | UInt16(byte())) / Double(UInt16.max)
            return range.lowerBound + (range.upperBound - range.lowerBound) * fraction
        }
    }

    private mutating func optionalNumber(in range: ClosedRange<Double>) -> Double? {
        flag() ? number(in: range) : nil
    }

    private mutating func label() -> String {
        let length = pick([0, 1, 2, 3, 5, 8, 13, 40, SpecLimits.maximumLabelLength, Int(byte())])
        var text = ""
        for _ in 0..<length { text += pick(Self.labelPieces) }
        // Pieces of several code points may overshoot; cut at the limit, in code points as the validator counts.
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text.unicodeScalars.prefix(SpecLimits.maximumLabelLength))
        return String(scalars)
    }

    private mutating func colour() -> PickerColor? {
        switch byte() % 4 {
        case 0: return nil
        case 1: return PickerColor(pick(Self.colourNames))
        default:
            return PickerColor(.rgba(byte(), byte(), byte(), pick([0, 1, 128, 254, 255, byte()])))
        }
    }

    private mutating func curve() -> AnimationCurve? {
        switch byte() % 8 {
        case 0: return nil
        case 1: return .linear
        case 2: return .easeIn
        case 3: return .easeOut
        case 4: return .easeInOut
        case 5, 6:
            return .bezier(
                x1: number(in: SpecLimits.bezierX), y1: number(in: SpecLimits.bezierY), x2: number(in: SpecLimits.bezierX),
                y2: number(in: SpecLimits.bezierY))
        default:
            return .spring(response: number(in: SpecLimits.springResponse), dampingFraction: number(in: SpecLimits.springDampingFraction))
        }
    }

    /// The appearance fields of issue 11: preset, colour scheme, direction, text size, track, separators, the
    /// selected label's look and the highlight's shadows (icons and images need files, which the fuzzer has not).
    private mutating func appearance(of style: inout PickerStyle) {
        let length = 0...SpecLimits.maximumLength
        style.preset = flag() ? pick(StylePreset.allCases) : nil
        style.colorScheme = flag() ? pick(ColorScheme.allCases) : nil
        style.layoutDirection = flag() ? pick(LayoutDirection.allCases) : nil
        style.dynamicTypeSize = flag() ? pick(DynamicTypeSize.allCases) : nil
        if flag() {
            style.track = TrackStyle(
                color: colour(), cornerRadius: optionalNumber(in: length),
                padding: flag() ? Padding(horizontal: number(in: length), vertical: number(in: length)) : nil)
        }
        switch byte() % 3 {
        case 0: style.separators = nil
        case 1: style.separators = .hidden
        default:
            style.separators = .shown(SeparatorStyle(color: colour(), width: optionalNumber(in: length), inset: optionalNumber(in: length)))
        }
        style.selectedLabel = SelectedLabelStyle(
            color: colour(), weight: flag() ? FontWeight(pick([100, 600, 1000, 100 + Int(byte()) * 900 / 255])) : nil)
        if flag() {
            let offsets = -SpecLimits.maximumLength...SpecLimits.maximumLength
            style.highlight.shadows = (0..<Int(byte()) % (SpecLimits.maximumShadows + 1)).map { _ in
                Shadow(
                    color: colour() ?? PickerColor(.rgba(0, 0, 0, 40)), x: number(in: offsets), y: number(in: offsets),
                    blur: number(in: SpecLimits.shadowBlur))
            }
        }
    }

    /// The spec the bytes describe.
    ///
    /// Throws `SpecError` if it does not validate, which would be this builder's mistake.
    mutating func spec() throws(SpecError) -> PickerSpec {
        let itemCount = 1 + Int(byte()) % SpecLimits.itemCount.upperBound
        var items: [Item] = []
        for index in 0..<itemCount {
            let value: ItemValue = flag() ? .integer(index - itemCount / 2) : .string("v\(index)")
            items.append(Item(value, label: flag() ? label() : nil))
        }
        func item(_ code: UInt8) -> ItemValue? {
            let index = Int(code) % (itemCount + 1)
            return index == itemCount ? nil : items[index].value
        }
        var animation = AnimationSettings(curve: curve(), duration: optionalNumber(in: 0...SpecLimits.maximumSeconds))
        if animation.curve?.isSpring == true { animation.duration = nil }
        let initial = item(byte())
        var changes: [SelectionChange] = []
        for _ in 0..<(Int(byte()) % 17) {
            var change = SelectionChange(selection: item(byte()), after: number(in: 0...SpecLimits.maximumSeconds), curve: curve())
            change.duration = optionalNumber(in: 0...SpecLimits.maximumSeconds)
            if (change.curve ?? animation.curve)?.isSpring == true { change.duration = nil }
            changes.append(change)
        }
        let length = 0...SpecLimits.maximumLength
        var style = PickerStyle()
        style.orientation = flag() ? pick(Orientation.allCases) : nil
        style.distribution = flag() ? pick(Distribution.allCases) : nil
        style.spacing = optionalNumber(in: length)
        style.padding = optionalNumber(in: length)
        if flag() { style.segmentPadding = Padding(horizontal: number(in: length), vertical: number(in: length)) }
        style.font = FontStyle(
            family: flag() ? pick(Self.families) : nil, size: optionalNumber(in: SpecLimits.fontSize),
            weight: flag() ? FontWeight(pick([100, 400, 700, 1000, 100 + Int(byte()) * 900 / 255])) : nil)
        style.labelColor = colour()
        style.background = colour()
        style.highlight = HighlightStyle(
            cornerRadius: optionalNumber(in: length), color: colour(), opacity: optionalNumber(in: 0...1),
            layer: flag() ? pick(HighlightLayer.allCases) : nil)
        appearance(of: &style)
        // The segmented preset's curve is a spring: durations it would govern must go, as with a spring given.
        if style.preset == .segmented, animation.curve == nil {
            animation.duration = nil
            for index in changes.indices where changes[index].curve == nil { changes[index].duration = nil }
        }
        let output = OutputSettings(
            fps: number(in: SpecLimits.fps), scale: number(in: SpecLimits.scale), loopCount: pick([nil, 1, 2, 65_535, 1 + Int(byte())]))
        var spec = try PickerSpec(
            items: items, initial: initial, changes: changes, tail: number(in: 0...SpecLimits.maximumSeconds), style: style,
            animation: animation, output: output)
        if flag() {
            spec.touches = TouchStyle(
                color: colour(), opacity: optionalNumber(in: 0...1), diameter: optionalNumber(in: SpecLimits.touchDiameter))
        }
        if flag() {
            // Two values of each axis at most: 8 variants, within SpecLimits.maximumVariants.
            spec.variantAxes = VariantAxes(
                colorScheme: flag()
                    ? Array(Set([pick(ColorScheme.allCases), pick(ColorScheme.allCases)])).sorted { $0.rawValue < $1.rawValue } : nil,
                layoutDirection: flag() ? [pick(LayoutDirection.allCases)] : nil,
                dynamicTypeSize: flag()
                    ? Array(Set([pick(DynamicTypeSize.allCases), pick(DynamicTypeSize.allCases)])).sorted { $0.rawValue < $1.rawValue }
                    : nil)
            // All variants together stay within SpecLimits.maximumFramesInAllVariants, which validate checks: a long
            // animation keeps its own appearance alone.
            do {
                try spec.validate()
            } catch  where error.path.description == "variants" {
                spec.variantAxes = nil
            }
        }
        try spec.validate()
        return spec
    }
}
