import FoundationEssentials
import PickerKit
import PickerRender

/// One `pickerreel compare` (or `merge-reports`) from its options to its verdict: the counterpart of `RenderBatch`.
///
/// It pairs the files (leaving out the spec folders other shards rendered), compares them within the memory budget,
/// writes every report asked for, and with `update` makes EXPECTED equal ACTUAL under its lock and guards. A caller
/// parses options and prints; the policy is here.
///
/// What goes wrong is thrown as a `CompareError` naming the path: a report or diff path through a link, an update
/// into a link or of overlapping trees, nothing to compare, a picture that cannot be read, a report not written.
public struct CompareRun: Sendable {
    /// Whether the run passes: every file matched (or `--update` made them match), or not.
    public enum Verdict: Equatable, Sendable {
        /// Every file matches, or the update made them match (and `failsOnChange` did not ask for a failure).
        case matches
        /// A file differs, or the update changed something with `failsOnChange`.
        case differs
    }

    /// What the run compares, reports and updates.
    public var options: CompareOptions
    /// The environment the GitHub report reads `GITHUB_STEP_SUMMARY` from.
    public var environment: [String: String]

    /// A run of `options`, reading the step summary's path from `environment`.
    public init(_ options: CompareOptions, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.options = options
        self.environment = environment
    }

    /// Compares EXPECTED with ACTUAL, writes the reports, updates EXPECTED when asked, and says whether it passed.
    ///
    /// Throws `CompareError` for anything that stops the run before a verdict (nothing is changed then).
    public func run(printing output: CompareOutput) throws(CompareError) -> Verdict {
        HeapTuning.keepFreedPicturesInTheHeap()
        let diffPath = self.diffPath
        try refuseLinkedReports(diffPath: diffPath)
        if options.update { try refuseUnsafeUpdate() }
        // An update of a tree locks EXPECTED before comparing it: a second update waits for nothing half-switched.
        var locked: ExpectedUpdate.LockedTree?
        if options.update, PathKind.of(options.actual) == .folder {
            switch PathKind.of(options.expected) {
            case .folder, .missing: locked = try ExpectedUpdate.lock(options.expected)
            default: break
            }
        }
        defer { locked?.release() }
        var comparison = FolderComparison(
            settings: ComparisonSettings(metric: options.metric, threshold: options.threshold), tolerance: options.tolerance,
            diffPath: diffPath)
        comparison.memory = options.memory
        if PathKind.of(options.actual) == .folder {
            comparison.otherShardsSpecs = otherShardsSpecs(output)
        }
        let summary = try comparison.compare(expected: options.expected, actual: options.actual, allowsMissingExpected: options.update)
        if summary.status == .nothingCompared && !options.allowsEmpty {
            throw CompareError(
                .refused(
                    path: options.expected,
                    message:
                        "nothing to compare: no PNG files in \(options.expected) or \(options.actual); pass --allow-empty to accept that"))
        }
        let say = try writeReports(summary, to: output)
        guard options.update else { return summary.status == .differences ? .differs : .matches }
        let changes = try ExpectedUpdate.apply(summary, through: locked)
        say(Self.updateText(changes, expected: options.expected))
        return options.failsOnChange && !changes.isEmpty ? .differs : .matches
    }

    /// The spec folders that other shards' records in ACTUAL name, saying on `output.messages` which records were
    /// refused and how many of those folders are absent.
    private func otherShardsSpecs(_ output: CompareOutput) -> Set<String> {
        let (others, records, refused) = ShardRecord.otherShardsSpecs(in: options.actual)
        for record in refused {
            output.messages(
                PlainText.escaped("pickerreel compare: a shard record not read, so no spec is left out by it: \(record)") + "\n")
        }
        let absent = others.filter { PathKind.of(options.actual + "/" + $0) != .folder }.count
        if absent > 0 {
            let noun = absent == 1 ? "spec folder" : "spec folders"
            output.messages(
                PlainText.escaped(
                    "pickerreel compare: \(absent) \(noun) of other shards not compared (\(records.joined(separator: ", ")) in \(options.actual))"
                ) + "\n")
        }
        return others
    }

    /// Where diff pictures go: `--diff`, or inside the HTML report's folder when one is asked for without it.
    public var diffPath: String? {
        if let diffPath = options.diffPath { return diffPath }
        for case .html(let folder) in options.reports {
            let diffs = FilePath.join(folder, "files/diff")
            if PathKind.of(options.actual) == .regularFile {
                let name = FilePath.lastComponent(PathKind.of(options.expected) == .folder ? options.actual : options.expected)
                return FilePath.join(diffs, name)
            }
            return diffs
        }
        return nil
    }

    /// What `--update` changed, a line per file and a summary.
    static func updateText(_ changes: [ExpectedUpdate.Change], expected: String) -> String {
        guard !changes.isEmpty else { return PlainText.escaped("Nothing to update in \(expected).") + "\n" }
        var lines = changes.map { change in
            change.kind.rawValue + String(repeating: " ", count: max(1, 10 - change.kind.rawValue.count)) + PlainText.escaped(change.path)
        }
        let counts = [ExpectedUpdate.Change.Kind.replaced, .added, .removed].compactMap { kind -> String? in
            let count = changes.count { $0.kind == kind }
            return count > 0 ? "\(count) \(kind.rawValue)" : nil
        }
        lines.append(PlainText.escaped("Updated \(expected): \(counts.joined(separator: ", "))."))
        return lines.joined(separator: "\n") + "\n"
    }
}

/// Where a `CompareRun` prints: results (the reports meant for standard output) and messages (notes, and the text
/// report when standard output carries GitHub's annotations).
public struct CompareOutput: Sendable {
    /// Writes to the results' stream (standard output).
    public var results: @Sendable (String) -> Void
    /// Writes to the messages' stream (standard error).
    public var messages: @Sendable (String) -> Void

    /// An output of the two writers.
    public init(results: @escaping @Sendable (String) -> Void, messages: @escaping @Sendable (String) -> Void) {
        self.results = results
        self.messages = messages
    }
}
