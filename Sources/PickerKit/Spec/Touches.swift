/// Touch indicators for demos: at each change to an item, a translucent circle at the centre of the segment being
/// selected, as iOS's "show touches" draws a finger, appearing as the change starts and fading out shortly after.
///
/// Nil fields take the defaults: gray at 0.5 opacity, 40 pt across. A touch is fully shown for its first
/// `TouchStyle.holdTime` seconds and fades out linearly over the next `TouchStyle.fadeTime`.
public struct TouchStyle: Hashable, Sendable {
    /// The circle's colour.
    public var color: PickerColor?
    /// The circle's opacity, 0…1, multiplied with the colour's own alpha.
    public var opacity: Double?
    /// The circle's diameter in points.
    public var diameter: Double?

    /// Seconds a touch is fully shown, from the start of its change: a tap's press.
    package static let holdTime = 0.12
    /// Seconds over which it then fades out.
    package static let fadeTime = 0.25

    /// Touches with the given look; the fields left out take the defaults.
    public init(color: PickerColor? = nil, opacity: Double? = nil, diameter: Double? = nil) {
        self.color = color
        self.opacity = opacity
        self.diameter = diameter
    }
}

/// Renders one spec in several appearances at once: the cartesian product of the values listed (an empty or
/// absent list keeps the spec's own value).
///
/// Each variant renders as if it were a spec named `<name>-<suffix>`, the suffix joining its values that differ
/// from the spec's own (`dark`, `rtl`, `ax2`, `@3x`): `period-dark-rtl@3x`. The variant with the spec's own values
/// keeps `<name>`, so existing goldens keep their names.
public struct VariantAxes: Hashable, Sendable {
    /// Colour schemes to render.
    public var colorScheme: [ColorScheme]?
    /// Layout directions to render.
    public var layoutDirection: [LayoutDirection]?
    /// Text sizes to render.
    public var dynamicTypeSize: [DynamicTypeSize]?
    /// Scales (pixels per point) to render.
    public var scale: [Double]?
    /// Increase Contrast off and on (suffix `contrast`).
    public var increaseContrast: [Bool]?
    /// Reduce Motion off and on (suffix `reduce-motion`).
    public var reduceMotion: [Bool]?

    /// Axes; the ones left out keep the spec's own value.
    public init(
        colorScheme: [ColorScheme]? = nil, layoutDirection: [LayoutDirection]? = nil, dynamicTypeSize: [DynamicTypeSize]? = nil,
        scale: [Double]? = nil, increaseContrast: [Bool]? = nil, reduceMotion: [Bool]? = nil
    ) {
        self.colorScheme = colorScheme
        self.layoutDirection = layoutDirection
        self.dynamicTypeSize = dynamicTypeSize
        self.scale = scale
        self.increaseContrast = increaseContrast
        self.reduceMotion = reduceMotion
    }
}

/// One appearance of a spec: the values that replace the spec's own colour scheme, layout direction, text size
/// and scale.
public struct Variant: Hashable, Sendable, CustomStringConvertible {
    /// The colour scheme drawn.
    public var colorScheme: ColorScheme
    /// The layout direction drawn.
    public var layoutDirection: LayoutDirection
    /// The text size drawn.
    public var dynamicTypeSize: DynamicTypeSize
    /// Pixels per point.
    public var scale: Double
    /// Whether Increase Contrast is on.
    public var increaseContrast: Bool
    /// Whether Reduce Motion is on.
    public var reduceMotion: Bool
    /// The context of each modifier of the spec's DTCG resolver document (modifier name → context name); empty
    /// for a spec that names none.
    public var tokenContexts: [String: String]
    /// The suffix of the variant's name, such as `dark-rtl@3x`; empty for the spec's own appearance.
    public var suffix: String

    /// A variant of the given values and suffix.
    public init(
        colorScheme: ColorScheme, layoutDirection: LayoutDirection, dynamicTypeSize: DynamicTypeSize, scale: Double,
        increaseContrast: Bool = false, reduceMotion: Bool = false, tokenContexts: [String: String] = [:], suffix: String
    ) {
        self.colorScheme = colorScheme
        self.layoutDirection = layoutDirection
        self.dynamicTypeSize = dynamicTypeSize
        self.scale = scale
        self.increaseContrast = increaseContrast
        self.reduceMotion = reduceMotion
        self.tokenContexts = tokenContexts
        self.suffix = suffix
    }

    /// `name` with this variant's suffix: `period`, `period-dark`, `period-dark-rtl@3x`.
    package func name(_ name: String) -> String {
        guard !suffix.isEmpty else { return name }
        return suffix.hasPrefix("@") ? name + suffix : name + "-" + suffix
    }

    /// The suffix, or `(default)` for the spec's own appearance.
    public var description: String { suffix.isEmpty ? "(default)" : suffix }

    /// The variant's name as `render --variant` and `PickerSpec.variant(named:)` take it: its suffix, or `default`
    /// for the spec's own appearance.
    public var label: String { suffix.isEmpty ? "default" : suffix }
}

extension PickerSpec {
    /// The appearance the spec itself describes: its own colour scheme, direction, text size and scale.
    public var defaultVariant: Variant {
        Variant(
            colorScheme: style.colorScheme ?? .light, layoutDirection: style.layoutDirection ?? .leftToRight,
            dynamicTypeSize: style.dynamicTypeSize ?? .large, scale: output.scale, increaseContrast: style.increaseContrast ?? false,
            reduceMotion: style.reduceMotion ?? false,
            tokenContexts: tokenContexts(
                Dictionary(uniqueKeysWithValues: tokenModifiers.map { ($0.name, $0.defaultContext) }),
                scheme: style.colorScheme ?? .light), suffix: "")
    }

    /// The variant whose suffix is `name` (`dark-rtl@3x`; `default` or an empty name for the spec's own
    /// appearance), or nil when the spec has none of that name: then `variantNames` lists those it has.
    public func variant(named name: String) -> Variant? {
        variants.first { $0.label == name || $0.suffix == name }
    }

    /// The names of the spec's variants, as `variant(named:)` takes them: `default` for its own appearance.
    public var variantNames: [String] {
        variants.map(\.label)
    }

    /// Every variant the spec asks for, in a fixed order (colour scheme, then direction, text size, contrast, motion,
    /// the resolver's modifiers, scale); just
    /// `defaultVariant` when it asks for none.
    public var variants: [Variant] {
        let base = defaultVariant
        let schemes = nonEmpty(variantAxes?.colorScheme) ?? [base.colorScheme]
        let directions = nonEmpty(variantAxes?.layoutDirection) ?? [base.layoutDirection]
        let sizes = nonEmpty(variantAxes?.dynamicTypeSize) ?? [base.dynamicTypeSize]
        let scales = nonEmpty(variantAxes?.scale) ?? [base.scale]
        let settings = (nonEmpty(variantAxes?.increaseContrast) ?? [base.increaseContrast]).flatMap { contrast in
            (nonEmpty(variantAxes?.reduceMotion) ?? [base.reduceMotion]).map { (contrast, $0) }
        }
        // The words the other lists give: a context of the same name is written `modifier-context` beside them.
        let axisWords = Set(
            schemes.map(\.rawValue) + (directions.count > 1 ? ["rtl", "ltr"] : []) + sizes.map(\.shortName)
                + ["contrast", "standard-contrast", "reduce-motion", "full-motion"])
        var result: [Variant] = []
        for scheme in schemes {
            for direction in directions {
                for size in sizes {
                    for (contrast, reduceMotion) in settings {
                        for contexts in tokenCombinations {
                            for scale in scales {
                                var words: [String] = []
                                if scheme != base.colorScheme { words.append(scheme.rawValue) }
                                if direction != base.layoutDirection { words.append(direction == .rightToLeft ? "rtl" : "ltr") }
                                if size != base.dynamicTypeSize { words.append(size.shortName) }
                                if contrast != base.increaseContrast { words.append(contrast ? "contrast" : "standard-contrast") }
                                if reduceMotion != base.reduceMotion { words.append(reduceMotion ? "reduce-motion" : "full-motion") }
                                for modifier in tokenModifiers {
                                    guard let context = contexts[modifier.name], let word = modifier.words[context] else { continue }
                                    words.append(axisWords.contains(word) ? "\(modifier.name)-\(word)" : word)
                                }
                                var suffix = words.joined(separator: "-")
                                if scale != base.scale { suffix += "@" + NumberText.shortest(scale) + "x" }
                                result.append(
                                    Variant(
                                        colorScheme: scheme, layoutDirection: direction, dynamicTypeSize: size, scale: scale,
                                        increaseContrast: contrast, reduceMotion: reduceMotion,
                                        tokenContexts: tokenContexts(contexts, scheme: scheme), suffix: suffix))
                            }
                        }
                    }
                }
            }
        }
        return result
    }

    /// Every combination of the resolver's modifiers' contexts, in order (the first modifier varies slowest).
    private var tokenCombinations: [[String: String]] {
        tokenModifiers.filter { !$0.followsColorScheme }.reduce([[:]]) { combinations, modifier in
            combinations.flatMap { combination in modifier.contexts.map { combination.merging([modifier.name: $0]) { $1 } } }
        }
    }

    /// `contexts` with the context of the modifier that follows the colour scheme (`tokens.colorScheme`) set to
    /// `scheme`'s name.
    private func tokenContexts(_ contexts: [String: String], scheme: ColorScheme) -> [String: String] {
        var result = contexts
        for modifier in tokenModifiers where modifier.followsColorScheme { result[modifier.name] = scheme.rawValue }
        return result
    }

    private func nonEmpty<T>(_ list: [T]?) -> [T]? {
        guard let list, !list.isEmpty else { return nil }
        return list
    }

    /// The spec as its variant `variant` draws it: that colour scheme, direction, text size and scale in place of
    /// its own, the style and timing its values' token files give (`variants.tokens`), and no variants of its own.
    public func applying(_ variant: Variant) -> PickerSpec {
        var spec = self
        let withFiles = Set(tokenThemes.flatMap(\.keys))
        let wanted = TokenTheme.keys(of: variant, modifiers: tokenModifiers, where: withFiles.contains)
        if let theme = tokenThemes.first(where: { $0.keys == wanted }) {
            spec.style = theme.style
            spec.animation = theme.animation
            spec.changes = theme.changes
            spec.tail = theme.tail
            spec.touches = theme.touches
            spec.tokenFields = theme.tokenFields
        }
        spec.tokenThemes = []
        spec.tokenModifiers = []
        spec.style.colorScheme = variant.colorScheme
        spec.style.layoutDirection = variant.layoutDirection
        spec.style.dynamicTypeSize = variant.dynamicTypeSize
        spec.style.increaseContrast = variant.increaseContrast ? true : nil
        spec.style.reduceMotion = variant.reduceMotion ? true : nil
        spec.output.scale = variant.scale
        spec.variantAxes = nil
        return spec
    }
}
