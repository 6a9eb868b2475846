/// Bounds on the two SVG filter primitives whose cost or failure librsvg does not bound itself, checked on an icon's
/// bytes before librsvg sees them: an icon is input a pull request can commit.
///
/// librsvg 2.54 aborts the whole process (a Rust panic: "Data storage buffer dimension mismatch") on an
/// `feConvolveMatrix` of order 30, and spends time linear in `feTurbulence`'s `numOctaves` (a 252-byte icon of a
/// million octaves would draw for about 14 hours). What it buys a user: such an icon is exit 2 naming the field, not
/// a crash or a hung CI job. Beyond these bounds neither primitive changes a picture an icon can show.
package enum SVGFilterLimits {
    /// The largest `order` of an `feConvolveMatrix` (either of its two numbers).
    package static let maximumConvolveOrder = 16
    /// The largest `numOctaves` of an `feTurbulence`.
    package static let maximumOctaves = 10

    /// Why `bytes` (an SVG document) is refused, or nil when its filters are within the bounds.
    ///
    /// A pure scan of the text: each `feConvolveMatrix` must give its `order` as one or two plain decimal integers
    /// up to `maximumConvolveOrder` (or none: the default, 3), each `feTurbulence` its `numOctaves` as a plain integer
    /// up to `maximumOctaves` (or none: 1). A document that declares XML entities and names either primitive is
    /// refused, as an entity could spell the element or its value where the scan does not look.
    package static func refusal(of bytes: [UInt8]) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        let primitives = [("feConvolveMatrix", "order", maximumConvolveOrder, 2), ("feTurbulence", "numOctaves", maximumOctaves, 1)]
        let named = primitives.filter { text.contains($0.0) }
        guard !named.isEmpty else { return nil }
        if text.contains("<!ENTITY") {
            return "it declares XML entities and uses \(named[0].0); an icon with filters may not declare entities"
        }
        for (element, attribute, maximum, count) in named {
            var rest = text[...]
            while let start = rest.firstRange(of: "<" + element) {
                let tail = rest[start.upperBound...]
                let end = tail.firstIndex(of: ">") ?? tail.endIndex
                let tag = tail[..<end]
                if let value = attributeValue(attribute, in: tag) {
                    let numbers = value.split(whereSeparator: Self.isSeparator).map { Int($0) ?? Int.max }
                    let within = numbers.allSatisfy { (1...maximum).contains($0) }
                    guard within, (1...count).contains(numbers.count) else {
                        return "\(element) \(attribute)=\"\(value.prefix(40))\"; at most \(maximum), written as a plain number"
                    }
                }
                rest = tail[end...]
            }
        }
        return nil
    }

    /// True for the characters that separate the numbers of an attribute: white space and commas.
    private static func isSeparator(_ character: Character) -> Bool { character.isWhitespace || character == "," }

    /// The value of `name="…"` or `name='…'` in the text of a start tag, or nil when the tag has no such attribute.
    private static func attributeValue(_ name: String, in tag: Substring) -> Substring? {
        var rest = tag
        while let found = rest.firstRange(of: name) {
            let before: Character = found.lowerBound == tag.startIndex ? " " : tag[tag.index(before: found.lowerBound)]
            var after = rest[found.upperBound...].drop(while: \.isWhitespace)
            rest = rest[found.upperBound...]
            guard before.isWhitespace, after.first == "=" else { continue }
            after = after.dropFirst().drop(while: \.isWhitespace)
            guard let quote = after.first, quote == "\"" || quote == "'" else { return after.prefix(0) }
            let value = after.dropFirst()
            return value.prefix { $0 != quote }
        }
        return nil
    }
}
