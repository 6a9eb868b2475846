/// What a review lists as one finding.
///
/// A spec folder (one spec in one variant, `SpecGroup`), or one file at the top of the trees. The GitHub and JUnit reports give each one annotation, row or test case.
struct ReviewUnit {
    /// The spec folder, or nil for a file at the top.
    var group: SpecGroup?
    /// The file at the top, when this is one.
    var file: FileComparison?

    /// The units of `summary`, in path order.
    static func units(_ summary: ComparisonSummary) -> [ReviewUnit] {
        SpecGroup.groups(summary).flatMap { group in
            group.name == "." ? group.files.map { ReviewUnit(group: nil, file: $0) } : [ReviewUnit(group: group, file: nil)]
        }
    }

    /// True when every file of the unit matches.
    var matches: Bool { group?.matches ?? file?.matches ?? true }

    /// Every file of the unit.
    var files: [FileComparison] { group?.files ?? file.map { [$0] } ?? [] }

    /// The folder's name or the file's path (not escaped).
    var title: String { group?.name ?? file?.path ?? "" }

    /// What was found (not escaped), such as `95 of 95 frames differ, first at frame 0, largest 55 pixels at frame 19`.
    var finding: String {
        if let group { return group.finding }
        guard let file else { return "" }
        return "\(ReportWording.word(file.status)): \(ReportWording.finding(file))"
    }

    /// The finding after the title, with where the diff pictures are.
    var message: String {
        var message = "\(title): \(finding)"
        if let diff = files.lazy.compactMap(\.diffPath).first {
            message += group == nil ? "; diff in \(diff)" : "; diffs in \(SpecGroup.folder(of: diff))"
        }
        return message
    }

    /// The file an annotation points at: the first that does not match, its golden when there is one.
    var location: String {
        let first = files.first { !$0.matches } ?? files.first
        return first.map { $0.expectedPath ?? $0.actualPath ?? $0.path } ?? title
    }
}
