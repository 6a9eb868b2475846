/// What a spec field takes, in token terms: which DTCG types fit it and how its value is written in the spec.
///
/// One place for the mapping: color → colours; dimension → radii, padding, spacing, font size;
/// duration → durations and delays; cubicBezier → curves; fontFamily, fontWeight, typography → `style.font`;
/// transition → an animation; number → opacity and spring damping.
package enum TokenFieldKind: Sendable {
    case color
    case length
    case duration
    case curve
    case fontFamily
    case fontWeight
    case font
    case animation
    case number

    /// The token types a field of this kind accepts.
    package var accepts: [TokenType] {
        switch self {
        case .color: [.color]
        case .length: [.dimension]
        case .duration: [.duration]
        case .curve: [.cubicBezier]
        case .fontFamily: [.fontFamily]
        case .fontWeight: [.fontWeight]
        case .font: [.typography]
        case .animation: [.transition]
        case .number: [.number]
        }
    }

    /// The kind of the field at `path` of a spec, or nil for a field no token can set (items, selections, words).
    package static func of(_ path: JSONPath) -> TokenFieldKind? {
        let keys = path.components.compactMap { component -> String? in
            if case .key(let key) = component { return key }
            return nil
        }
        guard let last = keys.last, let first = keys.first else { return nil }
        let parent = keys.count >= 2 ? keys[keys.count - 2] : ""
        switch first {
        case "style", "touches":
            switch last {
            case "color", "labelColor", "background": return .color
            case "cornerRadius", "spacing", "padding", "segmentPadding", "width", "inset", "x", "y", "blur", "diameter", "horizontal",
                "vertical":
                return .length
            case "size": return .length
            case "family": return .fontFamily
            case "weight": return .fontWeight
            case "font" where parent == "style": return .font
            case "opacity": return .number
            default: return nil
            }
        case "animation":
            if keys.count == 1 { return .animation }
            return kindOfTiming(last)
        case "selection":
            return kindOfTiming(last)
        default: return nil
        }
    }

    private static func kindOfTiming(_ key: String) -> TokenFieldKind? {
        switch key {
        case "duration", "after", "tail", "response": .duration
        case "curve": .curve
        case "dampingFraction": .number
        default: nil
        }
    }
}
