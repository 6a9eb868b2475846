/// A WCAG 2.2 success criterion the audit measures, with the ratio it asks for and its level.
public enum AccessibilityCriterion: String, CaseIterable, Comparable, Sendable {
    /// 1.4.3 Contrast (Minimum), level AA: text 4.5:1, large-scale text 3:1.
    case contrastMinimum = "1.4.3"
    /// 1.4.11 Non-text Contrast, level AA: what shows a control's state (the highlight) and graphics (template
    /// icons) 3:1 against the colours beside them.
    case nonTextContrast = "1.4.11"

    /// Its name in WCAG 2.2.
    public var title: String {
        switch self {
        case .contrastMinimum: "Contrast (Minimum)"
        case .nonTextContrast: "Non-text Contrast"
        }
    }

    /// Its conformance level.
    public var level: String { "AA" }

    /// Ordered by number: 1.4.3 before 1.4.11.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        lhs == .contrastMinimum && rhs == .nonTextContrast
    }

    /// The criteria in `list` (`1.4.3,1.4.11`, or `all`), spaces around entries allowed.
    ///
    /// Returns `.failure` with the first entry that names no criterion the audit measures (an empty one included),
    /// so a caller can say which.
    package static func parse(list: String) -> Result<Set<AccessibilityCriterion>, UnknownCriterion> {
        if list == "all" { return .success(Set(allCases)) }
        var chosen: Set<AccessibilityCriterion> = []
        for entry in list.split(separator: ",", omittingEmptySubsequences: false) {
            let trimmed = String(entry).trimmingSpaces
            guard let criterion = AccessibilityCriterion(rawValue: trimmed) else { return .failure(UnknownCriterion(entry: trimmed)) }
            chosen.insert(criterion)
        }
        return .success(chosen)
    }

    /// An entry of a criteria list that names no criterion the audit measures.
    package struct UnknownCriterion: Error, Equatable, Sendable {
        /// The entry as given.
        package let entry: String

        /// The entry `entry`, which names no criterion.
        package init(entry: String) { self.entry = entry }
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        var text = Substring(self)
        while text.first == " " { text = text.dropFirst() }
        while text.last == " " { text = text.dropLast() }
        return String(text)
    }
}
