import PickerKit

extension RenderManifest {
    /// The worst WCAG contrast of one thing a render drew over all its frames.
    ///
    /// A label (text or large text), a template icon, or the highlight, with the criterion it is held to. What `render --audit` records in the
    /// manifest's `contrast` section, so that `compare` can say how a change moved it.
    package struct Contrast: Equatable, Sendable {
        /// What was measured: text, large text, icon or highlight.
        package var subject: ContrastMeasurement.Subject
        /// The item's label (its value when it has none), or nil for the highlight.
        package var item: String?
        /// The lowest ratio over every frame, 1 to 21, as measured (reports write it to two decimals).
        package var ratio: Double

        /// The worst ratio `ratio` of `subject` (of `item`).
        package init(subject: ContrastMeasurement.Subject, item: String?, ratio: Double) {
            self.subject = subject
            self.item = item
            self.ratio = ratio
        }

        /// What it is compared with on the other side: labels by name whether large or not (a size change moves
        /// a label between the two), icons by name, the highlight.
        package var key: String {
            let kind = subject == .largeText ? ContrastMeasurement.Subject.text.rawValue : subject.rawValue
            return kind + "\u{0}" + (item ?? "")
        }

        /// Each label's, icon's and the highlight's worst ratio in `audit`, in the order first measured; a label
        /// measured both as text and as large text keeps its lower margin.
        package static func worst(of audit: ContrastAudit) -> [Contrast] {
            var order: [String] = []
            var found: [String: ContrastMeasurement] = [:]
            for frame in audit.frames {
                for measurement in frame {
                    let entry = Contrast(subject: measurement.subject, item: measurement.item, ratio: measurement.ratio)
                    guard let earlier = found[entry.key] else {
                        order.append(entry.key)
                        found[entry.key] = measurement
                        continue
                    }
                    if measurement.margin < earlier.margin { found[entry.key] = measurement }
                }
            }
            return order.compactMap { key in
                found[key].map { Contrast(subject: $0.subject, item: $0.item, ratio: $0.ratio) }
            }
        }
    }

    /// The most entries a `contrast` section may have: 64 items (a spec's most) with a label and an icon each, and
    /// the highlight, with room.
    package static let maximumContrastEntries = 256
    /// The longest item name in a `contrast` section, in UTF-8 bytes: a label's 200 characters.
    package static let maximumContrastItemBytes = 800
    /// The ratios WCAG's formula can give: the same colour (1) to black on white (21).
    package static let contrastRatios = 1.0...21.0

    /// The `contrast` section `value` holds, checked as input: an array of at most `maximumContrastEntries` objects
    /// with exactly `subject`, `criterion`, `required` and `ratio` (and `item` for all but the highlight), where the
    /// criterion and the ratio asked for are the subject's, the ratio is a number in `contrastRatios`, and the item a
    /// string of at most `maximumContrastItemBytes`.
    ///
    /// Throws `DecodingError` naming the first field at fault; `decode` then ignores the section (it is review
    /// information, never a reason to distrust the rest of the record).
    static func decodeContrast(_ value: JSONValue) throws(DecodingError) -> [Contrast] {
        guard case .array(let list) = value else {
            throw DecodingError(path: "contrast", problem: "expected an array, found \(value.kindDescription)")
        }
        guard list.count <= maximumContrastEntries else {
            throw DecodingError(path: "contrast", problem: "\(list.count) entries; at most \(maximumContrastEntries)")
        }
        var entries: [Contrast] = []
        for (index, element) in list.enumerated() {
            let at = "contrast[\(index)]"
            guard case .object(let object) = element else {
                throw DecodingError(path: at, problem: "expected an object, found \(element.kindDescription)")
            }
            guard case .string(let name)? = object["subject"], let subject = ContrastMeasurement.Subject(rawValue: name) else {
                throw DecodingError(path: at + ".subject", problem: "expected text, large text, icon or highlight")
            }
            let keys: Set<String> =
                subject == .highlight
                ? ["subject", "criterion", "required", "ratio"] : ["subject", "criterion", "required", "ratio", "item"]
            if let unknown = object.members.first(where: { !keys.contains($0.key) }) {
                throw DecodingError(path: at, problem: "unknown key \"\(unknown.key.prefix(40))\"")
            }
            guard case .string(subject.criterion.rawValue)? = object["criterion"] else {
                throw DecodingError(
                    path: at + ".criterion", problem: "expected \"\(subject.criterion.rawValue)\", the criterion of \(subject.rawValue)")
            }
            guard case .number(let required)? = object["required"], required.double == subject.required else {
                throw DecodingError(
                    path: at + ".required",
                    problem: "expected \(subject.required), what \(subject.criterion.rawValue) asks of \(subject.rawValue)")
            }
            guard case .number(let ratio)? = object["ratio"], ratio.double.isFinite, contrastRatios.contains(ratio.double) else {
                throw DecodingError(path: at + ".ratio", problem: "expected a contrast ratio from 1 to 21")
            }
            var item: String?
            if subject != .highlight {
                guard case .string(let text)? = object["item"], !text.isEmpty, text.utf8.count <= maximumContrastItemBytes else {
                    throw DecodingError(path: at + ".item", problem: "expected the item's label, at most \(maximumContrastItemBytes) bytes")
                }
                item = text
            }
            entries.append(Contrast(subject: subject, item: item, ratio: ratio.double))
        }
        return entries
    }
}

extension RenderManifest.Contrast: Encodable {
    private enum CodingKeys: String, CodingKey { case subject, item, ratio, criterion, required }

    /// Encodes the entry with the criterion it is held to and the ratio that criterion asks for.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(subject.rawValue, forKey: .subject)
        try container.encodeIfPresent(item, forKey: .item)
        try container.encode(ratio, forKey: .ratio)
        try container.encode(subject.criterion.rawValue, forKey: .criterion)
        try container.encode(subject.required, forKey: .required)
    }
}
