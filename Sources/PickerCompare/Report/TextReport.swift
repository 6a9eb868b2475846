import PickerKit

/// The report for people, as `pickerreel compare` prints it.
///
/// One summary line when everything matches; otherwise a line per spec folder (a spec in one variant) that does not match, such as `period-dark: 95 of 95 frames differ,
/// first at frame 0, largest 55 pixels at frame 19`, and the summary. Files at the top of the trees (two files
/// compared directly) get a line each. `verbose` adds every folder and, under each, its files, a hold of frames
/// with the same difference as one line. When the two sides were made in different render environments, the first
/// line says what differs.
///
/// Every name is escaped with `PlainText.escaped`: a file name cannot make a line of its own.
package enum TextReport {
    /// The lines for `summary`, each ending in a newline.
    package static func text(_ summary: ComparisonSummary, verbose: Bool = false) -> String {
        var lines: [String] = ReportWording.environment(summary).map { [PlainText.escaped($0)] } ?? []
        lines += ReportWording.contrast(summary).map { PlainText.escaped($0) }
        lines += ReportWording.disagreements(summary).map { PlainText.escaped($0) }
        for group in SpecGroup.groups(summary) where verbose || !group.matches {
            if group.name == "." {
                lines += (verbose ? group.files : group.differingFiles).map(line)
                continue
            }
            lines.append(group.line + diffFolder(group))
            if verbose {
                lines += group.entries.map { "  " + line($0.first, paths: group.paths(of: $0)) }
            }
        }
        lines.append(PlainText.escaped(ReportWording.verdict(summary)))
        return lines.joined(separator: "\n") + "\n"
    }

    /// `; diffs in FOLDER` for a group whose diff pictures were written, else nothing.
    static func diffFolder(_ group: SpecGroup) -> String {
        guard let diff = group.differingFiles.lazy.compactMap(\.diffPath).first else { return "" }
        return "; diffs in " + PlainText.escaped(SpecGroup.folder(of: diff))
    }

    /// One file's line: its status, its path and what was found, such as
    /// `differs       seed/frame-0003.png: 12 pixels differ (0.0259%), 3 anti-aliased not counted; diff in out/…`.
    package static func line(_ file: FileComparison) -> String {
        line(file, paths: file.path)
    }

    static func line(_ file: FileComparison, paths: String) -> String {
        let word = ReportWording.word(file.status)
        var line =
            word + String(repeating: " ", count: max(1, 14 - word.count)) + PlainText.escaped(paths) + ": " + ReportWording.finding(file)
        if let diffPath = file.diffPath {
            line += "; diff in " + PlainText.escaped(diffPath)
        }
        return line
    }
}
