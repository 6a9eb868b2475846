/// Turns a token's value into the value a spec field writes, by the token's type, in both the 2025.10 object forms
/// and the string forms older exports write (`"#8E8E93"`, `"16px"`, `"200ms"`).
///
/// One conversion per type, each citing the module section it follows; anything the picker cannot draw (a colour
/// space without an sRGB fallback, a unit with no fixed size in points) is an error naming the token and file.
struct TokenValue {
    let set: TokenSet
    /// The token whose value is converted, for messages: `{radius.segment} in tokens/base.tokens.json`.
    let origin: String

    func failure(_ problem: String) -> TokenFailure {
        TokenFailure("\(origin) \(problem)")
    }

    /// The spec value for a field of `kind` from a value of `type`.
    func convert(_ value: JSONValue, type: TokenType, for kind: TokenFieldKind) throws(TokenFailure) -> JSONValue {
        let value = try followed(value, as: type)
        switch kind {
        case .color: return .string(try color(value))
        case .length: return number(try points(value))
        case .duration: return number(try seconds(value))
        case .curve: return .object(JSONObject([("bezier", .array(try bezier(value).map(number)))]))
        case .fontFamily: return .string(try family(value))
        case .fontWeight: return number(Double(try weight(value)))
        case .number: return number(try plainNumber(value))
        case .font: return try font(value)
        case .animation: return try animation(value)
        }
    }

    /// A sub-value that is itself an alias (Format module, "Composite types": sub-values may reference tokens),
    /// followed to its value; its type must be `type`.
    private func followed(_ value: JSONValue, as type: TokenType) throws(TokenFailure) -> JSONValue {
        guard case .string(let text) = value, let path = TokenSet.aliasPath(text) else { return value }
        let resolved = try set.resolve(path)
        guard resolved.type == type else {
            throw failure("names {\(path)} in \(resolved.source.file), which is \(resolved.type.phrase); here it must be \(type.phrase)")
        }
        return resolved.value
    }

    private func number(_ double: Double) -> JSONValue {
        let integer = double == double.rounded() && abs(double) < 1e15 ? Int(double) : nil
        return .number(JSONNumber(text: NumberText.shortest(double), double: double, integer: integer))
    }

    /// A colour token's value as the spec's `#RRGGBB(AA)`.
    ///
    /// Color module 2025.10, "Format": `{colorSpace, components, alpha, hex}`; sRGB components are 0 to 1 and
    /// `none` counts as 0. Another colour space is drawn from its `hex` fallback. A legacy string is a hex colour.
    func color(_ value: JSONValue) throws(TokenFailure) -> String {
        if case .string(let text) = value {
            guard text.hasPrefix("#"), PickerColor(text) != nil else {
                throw failure("is the string \"\(text.prefix(40))\", not a colour: expected \"#RRGGBB\", \"#RRGGBBAA\" or a colour object")
            }
            return text
        }
        guard case .object(let object) = value else {
            throw failure("has \(value.kindDescription) as its colour; expected {\"colorSpace\", \"components\", \"alpha\"} or \"#RRGGBB\"")
        }
        var alpha = 1.0
        if let given = object["alpha"] {
            guard case .number(let number) = given, (0...1).contains(number.double) else {
                throw failure("has alpha \(given.kindDescription); the color module asks for a number from 0 to 1")
            }
            alpha = number.double
        }
        guard case .string("srgb") = object["colorSpace"] ?? .null else {
            if case .string(let hex) = object["hex"] ?? .null, let fallback = PickerColor(hex),
                case .rgba(let r, let g, let b, _) = fallback.value
            {
                return PickerColor(.rgba(r, g, b, UInt8((alpha * 255).rounded()))).description
            }
            let given = object["colorSpace"] ?? .null
            var space = given.kindDescription
            if case .string(let name) = given { space = "\"\(name.prefix(40))\"" }
            throw failure(
                "is in the colour space \(space), which the picker cannot draw; give it \"colorSpace\": \"srgb\" or a \"hex\" fallback")
        }
        guard case .array(let components) = object["components"] ?? .null, components.count == 3 else {
            throw failure("has no three sRGB components; the color module writes \"components\": [red, green, blue], each 0 to 1")
        }
        var channels: [Double] = []
        for component in components {
            switch component {
            case .string("none"): channels.append(0)
            case .number(let number) where (0...1).contains(number.double): channels.append(number.double)
            default: throw failure("has the sRGB component \(component.kindDescription); each is a number from 0 to 1 or \"none\"")
            }
        }
        return PickerColor.rgb(red: channels[0], green: channels[1], blue: channels[2], opacity: alpha).description
    }

    /// A dimension token's value in points.
    ///
    /// Format module 2025.10, "Dimension": `{value, unit}` with unit `px` or `rem`. A CSS pixel and an iOS point
    /// are both the layout unit at 1x, so 1 px is 1 point; a rem is taken as 16 px, the browsers' default. Legacy
    /// strings `"16px"`, `"1rem"` are read the same.
    func points(_ value: JSONValue) throws(TokenFailure) -> Double {
        let (amount, unit) = try measure(value, what: "dimension", units: ["px", "rem"])
        return unit == "rem" ? amount * 16 : amount
    }

    /// Format module 2025.10, "Duration": `{value, unit}` with unit `ms` or `s`; legacy `"200ms"`, `"0.2s"`.
    func seconds(_ value: JSONValue) throws(TokenFailure) -> Double {
        let (amount, unit) = try measure(value, what: "duration", units: ["ms", "s"])
        return unit == "ms" ? amount / 1000 : amount
    }

    private func measure(_ value: JSONValue, what: String, units: [String]) throws(TokenFailure) -> (Double, String) {
        let expected = "\(what) {\"value\": number, \"unit\": \(units.map { "\"\($0)\"" }.joined(separator: " or "))}"
        switch value {
        case .object(let object):
            guard case .number(let amount) = object["value"] ?? .null, case .string(let unit) = object["unit"] ?? .null else {
                throw failure("is not a \(expected)")
            }
            guard units.contains(unit) else { throw badUnit(unit, what: what, units: units) }
            return (amount.double, unit)
        case .string(let text):
            // The string form older exports write: a number then its unit, longest unit first ("ms" before "s").
            for unit in units.sorted(by: { $0.count > $1.count }) where text.hasSuffix(unit) {
                if let amount = Self.decimal(text.dropLast(unit.count)) { return (amount, unit) }
            }
            let digits = text.prefix { ("0"..."9").contains($0) || $0 == "." || $0 == "-" }
            if !digits.isEmpty, Self.decimal(digits) != nil, !text.dropFirst(digits.count).hasPrefix("x") {
                throw badUnit(String(text.dropFirst(digits.count)), what: what, units: units)
            }
            throw failure("is the string \"\(text.prefix(40))\", not a \(expected)")
        default:
            throw failure("is \(value.kindDescription), not a \(expected)")
        }
    }

    /// `text` as a number when it is written as a JSON number is (`-12.5`, `1e3`), else nil: Swift's `Double("0x10")`
    /// reads hexadecimal, `"inf"` and `"nan"`, which the format's numbers are not (Format module, "Dimension": the
    /// value is a JSON number).
    static func decimal(_ text: Substring) -> Double? {
        var rest = text.utf8[...]
        func digits() -> Int {
            let count = rest.prefix { (48...57).contains($0) }.count
            rest = rest.dropFirst(count)
            return count
        }
        if rest.first == UInt8(ascii: "-") { rest = rest.dropFirst() }
        guard digits() > 0 else { return nil }
        if rest.first == UInt8(ascii: ".") {
            rest = rest.dropFirst()
            guard digits() > 0 else { return nil }
        }
        if rest.first == UInt8(ascii: "e") || rest.first == UInt8(ascii: "E") {
            rest = rest.dropFirst()
            if rest.first == UInt8(ascii: "+") || rest.first == UInt8(ascii: "-") { rest = rest.dropFirst() }
            guard digits() > 0 else { return nil }
        }
        guard rest.isEmpty, let value = Double(text), value.isFinite else { return nil }
        return value
    }

    private func badUnit(_ unit: String, what: String, units: [String]) -> TokenFailure {
        failure(
            "has the unit \"\(unit.prefix(20))\", which cannot be converted to the picker's \(what == "duration" ? "seconds" : "points"); a \(what) is in \(units.joined(separator: " or "))"
        )
    }

    /// Format module 2025.10, "Cubic Bézier": `[x1, y1, x2, y2]`, x in 0 to 1.
    func bezier(_ value: JSONValue) throws(TokenFailure) -> [Double] {
        guard case .array(let points) = value, points.count == 4 else {
            throw failure("is \(value.kindDescription), not a cubicBezier [x1, y1, x2, y2]")
        }
        var numbers: [Double] = []
        for (index, point) in points.enumerated() {
            guard case .number(let number) = point, index % 2 == 1 || (0...1).contains(number.double) else {
                throw failure("has \(point.kindDescription) at [\(index)]; a cubicBezier's x values are 0 to 1, its y values numbers")
            }
            numbers.append(number.double)
        }
        return numbers
    }

    /// A fontFamily token's value as `style.font.family`.
    ///
    /// Format module 2025.10, "Font family": a name or a list of names, most preferred first. The picker draws the
    /// first: the rest are a web page's fallbacks, and a render must use one known font, not whichever is installed.
    func family(_ value: JSONValue) throws(TokenFailure) -> String {
        switch value {
        case .string(let name) where !name.isEmpty: return name
        case .array(let names):
            guard case .string(let first) = names.first ?? .null, !first.isEmpty else {
                throw failure("has \(value.kindDescription) as its font families; expected a name or a list of names")
            }
            return first
        default: throw failure("is \(value.kindDescription), not a fontFamily (a name or a list of names)")
        }
    }

    /// Format module 2025.10, "Font weight": a number from 1 to 1000 or one of the format's names.
    func weight(_ value: JSONValue) throws(TokenFailure) -> Int {
        switch value {
        case .number(let number):
            guard let integer = number.integer, (1...1000).contains(integer) else {
                throw failure("is the number \(number.text), not a fontWeight (a whole number from 1 to 1000)")
            }
            return integer
        case .string(let name):
            guard let weight = Self.weightNames[name] else {
                let known = Self.weightNames.keys.sorted().joined(separator: ", ")
                throw failure("is the weight \"\(name.prefix(40))\", not one of the format's names: \(known)")
            }
            return weight
        default: throw failure("is \(value.kindDescription), not a fontWeight")
        }
    }

    /// The format's weight names and their numbers (Format module 2025.10, "Font weight", its table).
    static let weightNames: [String: Int] = [
        "thin": 100, "hairline": 100, "extra-light": 200, "ultra-light": 200, "light": 300, "normal": 400, "regular": 400, "book": 400,
        "medium": 500, "semi-bold": 600, "demi-bold": 600, "bold": 700, "extra-bold": 800, "ultra-bold": 800, "black": 900, "heavy": 900,
        "extra-black": 950, "ultra-black": 950,
    ]

    func plainNumber(_ value: JSONValue) throws(TokenFailure) -> Double {
        guard case .number(let number) = value else { throw failure("is \(value.kindDescription), not a number") }
        return number.double
    }

    /// Format module 2025.10, "Typography": `fontFamily`, `fontSize`, `fontWeight` become `style.font`'s family,
    /// size and weight; `letterSpacing` and `lineHeight` have no field in a one-line picker and are not drawn.
    func font(_ value: JSONValue) throws(TokenFailure) -> JSONValue {
        guard case .object(let object) = value else { throw failure("is \(value.kindDescription), not a typography object") }
        var members: [(key: String, value: JSONValue)] = []
        if let family = object["fontFamily"] { members.append(("family", .string(try self.family(try followed(family, as: .fontFamily))))) }
        if let size = object["fontSize"] { members.append(("size", number(try points(try followed(size, as: .dimension))))) }
        if let weight = object["fontWeight"] {
            members.append(("weight", number(Double(try self.weight(try followed(weight, as: .fontWeight))))))
        }
        return .object(JSONObject(members))
    }

    /// A transition token's value as the spec's `animation` object.
    ///
    /// Format module 2025.10, "Transition": `duration` and `timingFunction` become the animation's duration and
    /// bézier curve. A picker's change starts when the sequence says, so a `delay` other than 0 is refused rather
    /// than dropped.
    func animation(_ value: JSONValue) throws(TokenFailure) -> JSONValue {
        guard case .object(let object) = value else { throw failure("is \(value.kindDescription), not a transition object") }
        if let delay = object["delay"], try seconds(try followed(delay, as: .duration)) != 0 {
            throw failure("has a delay; an animation has none here: give the delay as the change's \"after\" in selection.sequence")
        }
        var members: [(key: String, value: JSONValue)] = []
        if let curve = object["timingFunction"] {
            members.append(
                ("curve", .object(JSONObject([("bezier", .array(try bezier(try followed(curve, as: .cubicBezier)).map(number)))]))))
        }
        if let duration = object["duration"] { members.append(("duration", number(try seconds(try followed(duration, as: .duration))))) }
        return .object(JSONObject(members))
    }
}
