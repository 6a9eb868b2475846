/// One contrast measured at one moment: what (a label, the highlight, a template icon), how much, and what WCAG
/// asks of it.
public struct ContrastMeasurement: Equatable, Sendable {
    /// What was measured.
    public enum Subject: String, Sendable {
        /// A label's glyphs against the colours beneath them (1.4.3, 4.5:1).
        case text
        /// A label WCAG calls large-scale text (1.4.3, 3:1).
        case largeText = "large text"
        /// The selection highlight against the colours around it (1.4.11, 3:1).
        case highlight
        /// A template icon against the colours beneath it (1.4.11, 3:1).
        case icon

        /// The criterion that holds it.
        public var criterion: AccessibilityCriterion {
            self == .text || self == .largeText ? .contrastMinimum : .nonTextContrast
        }

        /// The ratio the criterion asks for.
        public var required: Double { self == .text ? 4.5 : 3 }
    }

    /// What was measured.
    public var subject: Subject
    /// The contrast ratio, 1 to 21.
    public var ratio: Double
    /// The frame, from 0.
    public var frame: Int
    /// The frame's time in seconds.
    public var time: Double
    /// The item's label (its value when it has none), or nil for the highlight.
    public var item: String?

    /// A measurement.
    package init(subject: Subject, ratio: Double, frame: Int, time: Double, item: String?) {
        self.subject = subject
        self.ratio = ratio
        self.frame = frame
        self.time = time
        self.item = item
    }

    /// The criterion that holds it.
    public var criterion: AccessibilityCriterion { subject.criterion }
    /// The ratio asked for.
    public var required: Double { subject.required }
    /// True when the ratio is at least what is asked for.
    public var passes: Bool { ratio >= required }
    /// The ratio over the ratio asked for: below 1 fails; the lowest is the worst moment.
    public var margin: Double { ratio / required }
}
