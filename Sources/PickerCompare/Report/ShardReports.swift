import FoundationEssentials
import Glibc
import PickerKit
import PickerRender

/// The JSON reports of one compare command's shards (`compare --report json=FILE` on each shard), read as the input
/// they are, to be merged into the report of one compare over all (`merge-reports`).
///
/// A report is never the evidence for a green: `merge` compares the pictures of EXPECTED and ACTUAL again, and each
/// file takes the worse of that comparison and every report's verdict, so a report (a pull request can commit one)
/// can make a run fail but never pass. Reading throws `Failure` for a report that is a link, not a regular file,
/// over its size or nesting limits, not a compare report, or naming a path outside its trees.
package struct ShardReports: Sendable {
    /// Why the reports cannot be merged: one line naming the report (and the JSON path at fault) and what to do.
    package struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// The line, such as `shard-1.json: files[7].expected: "/etc/passwd" is not a picture inside EXPECTED goldens; …`.
        package var description: String
    }

    let shards: [ReportMerge.Shard]

    /// The EXPECTED the shards compared, as the first report names it (every report names the same).
    package var expected: String { shards[0].report.expected }
    /// The ACTUAL the shards compared, as the first report names it.
    package var actual: String { shards[0].report.actual }

    /// The reports in the files `paths` (at least one), each read through no link, within its limits, its paths
    /// inside its trees; throws `Failure` unless they are the reports of one compare command (the same EXPECTED,
    /// ACTUAL and settings).
    package init(contentsOf paths: [String]) throws(Failure) {
        guard !paths.isEmpty else { throw Failure(description: "no report given; give the JSON reports of the shards' compare") }
        var shards: [ReportMerge.Shard] = []
        for path in paths { shards.append(try Self.load(path)) }
        let first = shards[0]
        for shard in shards {
            let report = shard.report
            guard report.expected == first.report.expected, report.actual == first.report.actual else {
                throw Failure(
                    description:
                        "\(shard.name) compared \(report.expected) with \(report.actual), \(first.name) \(first.report.expected) with \(first.report.actual); merge the reports of one compare command's shards"
                )
            }
            guard report.settings == first.report.settings else {
                throw Failure(
                    description:
                        "\(shard.name) and \(first.name) were compared with different settings; merge the reports of one compare command's shards"
                )
            }
        }
        self.shards = shards
    }

    /// The summary of one compare over all the shards: the trees `expected` and `actual` (where the goldens and the
    /// shards' downloaded pictures are) compared again with `settings` and `tolerance`, diff pictures into
    /// `diffPath` when given, each file taking the worse of that comparison and the reports' verdicts, every
    /// disagreement named (`ComparisonSummary.disagreements`).
    ///
    /// Throws `Failure` when the reports were made with other settings, a tree is missing, or nothing is compared;
    /// `CompareError` for a picture that is a link, not a picture, or cannot be compared.
    package func merge(
        expected: String, actual: String, settings: ComparisonSettings, tolerance: Tolerance, diffPath: String?
    ) throws -> ComparisonSummary {
        let first = shards[0]
        let given = JSONReport.Settings(settings, tolerance: tolerance)
        guard first.report.settings == given else {
            throw Failure(
                description:
                    "\(first.name) was compared with different settings (\(first.report.settings.words)) from those merge-reports was given (\(given.words)); give merge-reports the --metric, --threshold and --max-diff-pixels or --max-diff-ratio the shards' compare used"
            )
        }
        for (side, root) in [("EXPECTED", expected), ("ACTUAL", actual)] {
            var status = stat()
            guard lstat(root, &status) == 0 else {
                throw Failure(
                    description:
                        "\(side) \(root): no such file or folder; merge-reports compares the pictures again, so run it where the goldens and the shards' pictures are (--expected, --actual)"
                )
            }
            // Every picture checked through the confined layer: regular PNG, APNG or WebP files, no link.
            try TreePictures.check(root)
        }
        // No spec is left out as another shard's: the merged ACTUAL holds every shard's pictures, so a spec that no
        // downloaded shard rendered (a shard whose artifact is missing) is reported removed, never passed over.
        let comparison = FolderComparison(settings: settings, tolerance: tolerance, diffPath: diffPath)
        let summary = ReportMerge.merge(shards, recompared: try comparison.compare(expected: expected, actual: actual))
        if summary.status == .nothingCompared {
            throw Failure(description: "nothing to compare: the reports name no file, and \(expected) and \(actual) hold no picture")
        }
        return summary
    }

    /// The report in `path`, read as input (`JSONReport.read`, within its limits and its paths inside its trees).
    static func load(_ path: String) throws(Failure) -> ReportMerge.Shard {
        // Read as a record: a regular file, not a link, within the size limit (a FIFO is never opened).
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let limit = JSONReport.readingLimits.maximumBytes
        let bytes: [UInt8]
        do {
            bytes = try FileScope(tree: folder, followsLinks: false).read(name, maximumBytes: limit)
        } catch {
            let reason =
                if case .tooLarge = error { "over \(limit) bytes; a report may have at most \(limit) bytes" } else { error.treeReason }
            throw Failure(description: "\(path): \(reason); give the JSON reports that compare --report json=FILE wrote")
        }
        do {
            return ReportMerge.Shard(name: path, report: try JSONReport.read(bytes))
        } catch {
            guard !error.path.isEmpty else {
                throw Failure(description: "\(path): not a JSON report of pickerreel compare --report json (\(error.reason))")
            }
            throw Failure(description: "\(path): \(error.path): \(error.reason) (merge-reports reads compare's JSON reports, as input)")
        }
    }
}
