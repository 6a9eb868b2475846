import PickerKit

/// Joins the JSON reports of a sharded compare with what the pictures themselves say: the rule that a report is never
/// the only evidence for a green.
///
/// `merge-reports` compares EXPECTED and ACTUAL again (equal bytes match without decoding, so this costs little
/// next to the renders), and each file's verdict is the worse of that comparison and every report's: a report can
/// make a file fail, never pass. Wherever a report disagrees with another or with the comparison, the disagreement is
/// named. A report that says a file is removed while the pictures (or another report) have it says nothing about it:
/// that shard did not render its spec.
package enum ReportMerge {
    /// One shard's report, with the name messages give it (its file, as given).
    package struct Shard: Sendable {
        package var name: String
        package var report: JSONReport

        package init(name: String, report: JSONReport) {
            self.name = name
            self.report = report
        }
    }

    /// `recompared` with each file's worse verdict and the disagreements (`ComparisonSummary.disagreements`).
    package static func merge(_ shards: [Shard], recompared: ComparisonSummary) -> ComparisonSummary {
        var claims: [String: [(name: String, file: FileComparison)]] = [:]
        for shard in shards {
            for file in shard.report.files { claims[file.path, default: []].append((shard.name, file.comparison)) }
        }
        var compared: [String: FileComparison] = [:]
        for file in recompared.files where compared[file.path] == nil { compared[file.path] = file }
        let paths = Set(compared.keys).union(claims.keys).sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
        var files: [FileComparison] = []
        var disagreements: [String] = []
        for path in paths {
            let truth = compared[path]
            let said = claims[path] ?? []
            let present = truth.map { $0.status != .removed } ?? said.contains { $0.file.status != .removed }
            let relevant = said.filter { !($0.file.status == .removed && present) }
            var chosen = truth
            // A report's verdict may stand, never its paths: the pictures shown are those found in the trees.
            if chosen?.matches ?? true, var worse = relevant.first(where: { !$0.file.matches })?.file {
                (worse.expectedPath, worse.actualPath, worse.diffPath) = (truth?.expectedPath, truth?.actualPath, nil)
                chosen = worse
            }
            if chosen == nil, var claimed = relevant.first?.file {
                // A match claimed of a file in neither tree: nothing shows it matches.
                claimed.matches = false
                (claimed.expectedPath, claimed.actualPath, claimed.diffPath) = (nil, nil, nil)
                chosen = claimed
            }
            if let chosen { files.append(chosen) }
            let agree = truth.map { truth in relevant.allSatisfy { $0.file.status == truth.status } } ?? relevant.isEmpty
            if !agree || said.isEmpty {
                let claimed =
                    said.isEmpty
                    ? "in no shard's report" : relevant.map { "\($0.name) says \($0.file.status.rawValue)" }.joined(separator: ", ")
                disagreements.append("\(path): \(claimed); compared again: \(truth?.status.rawValue ?? "in neither tree")")
            }
        }
        var summary = ComparisonSummary(
            expected: recompared.expected, actual: recompared.actual, settings: recompared.settings, tolerance: recompared.tolerance,
            files: files)
        // What differs between the environments comes from the manifests in the trees, as for one compare: a report's
        // own words on it are not repeated.
        summary.environmentChanges = recompared.environmentChanges
        summary.contrastChanges = recompared.contrastChanges
        summary.disagreements = disagreements
        return summary
    }
}

extension JSONReport.File {
    /// The comparison this entry reports (its `diff` kept as a path only: a merge draws its own).
    var comparison: FileComparison {
        let outcome: FileComparison.Outcome
        func size(_ size: JSONReport.Size?) -> ImageSize? { size.map { ImageSize(width: $0.width, height: $0.height) } }
        switch status {
        case .match, .differs:
            outcome = .compared(
                PixelComparison(
                    differentPixels: differentPixels ?? 0, antialiasedPixels: antialiasedPixels ?? 0,
                    size: ImageSize(width: width ?? 0, height: height ?? 0)))
        case .sizeChanged:
            outcome = .sizeChanged(
                expected: size(expectedSize) ?? ImageSize(width: 0, height: 0), actual: size(actualSize) ?? ImageSize(width: 0, height: 0))
        case .added:
            outcome = .added(size(actualSize))
        case .removed:
            outcome = .removed(size(expectedSize))
        case .renamed:
            outcome = .renamed(from: renamedFrom ?? "", size: size(actualSize))
        }
        // A status and a match that disagree count as not matching.
        var file = FileComparison(
            path: path, outcome: outcome, matches: match && status == .match, expectedPath: expected, actualPath: actual, diffPath: diff)
        file.animation = animation?.comparison(size: ImageSize(width: width ?? 0, height: height ?? 0))
        return file
    }
}
