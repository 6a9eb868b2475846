import FoundationEssentials
import PickerCompare
import PickerKit
import PickerRender

/// `pickerreel merge-reports A.json B.json … [--expected DIR] [--actual DIR] [settings] [--report KIND [PATH]]…`:
/// joins the JSON reports of one compare run per shard into the report, and the exit status, of a single run over
/// everything, checked against the pictures themselves (`ReportMerge`).
struct MergeReportsCommand {
    /// The options that decide how pictures are compared, shared with `compare`.
    static let settingNames: Set<String> = ["--metric", "--threshold", "--max-diff-pixels", "--max-diff-ratio"]

    static let optionTable =
        [
            OptionDefinition(
                name: "--expected", short: nil, valueName: "DIR",
                help: "EXPECTED here, when not at the path the reports name (default: the reports' EXPECTED)."),
            OptionDefinition(
                name: "--actual", short: nil, valueName: "DIR",
                help: "The shards' pictures here, such as the downloaded artifacts' folder (default: the reports' ACTUAL)."),
        ] + CompareCommand.optionTable.filter { settingNames.contains($0.name) }
        + [
            OptionDefinition(
                name: "--report", short: "-r", valueName: "KIND",
                help: "Report as: json (standard output; json=FILE), junit FILE, github, html DIR (default: text).", repeatable: true),
            OptionDefinition(
                name: "--verbose", short: "-v", valueName: nil, help: "A line for every file, not only those that do not match."),
        ]

    static let help = usageText(
        command: "merge-reports",
        operands: "REPORT.json…",
        summary: "Merge the JSON reports of sharded compare runs (compare --report json=FILE) into one report.",
        options: optionTable,
        details: """
            Give every shard's report, each from the same EXPECTED, ACTUAL path and settings, and the settings the
            shards compared with (compare's defaults unless given). A report is never the only evidence: the
            pictures in EXPECTED and ACTUAL are compared again (read inside those trees only, regular PNG, APNG
            and WebP files, no link followed), and each file takes the worse of that verdict and every report's,
            each disagreement named. A file one shard reports as removed (another shard rendered it) takes the
            pictures' verdict. Give --expected and --actual in CI, so that the workflow, not a report, says
            which trees are compared.

            Exit status: 0 all files match, 1 any difference, 2 bad input (a report unreadable, not a compare JSON
            report, naming a path outside its trees, from other trees or settings than the rest; a picture missing,
            a link or not a picture; nothing to compare).
            """)

    /// Parses the arguments after the word `merge-reports`.
    ///
    /// Throws `UsageError` for an unknown option, a report kind that is unknown or given twice, or no report file.
    static func parse(_ arguments: [String]) throws(UsageError) -> Command {
        let parsed = try parseArguments(CompareCommand.joiningReportPaths(arguments), options: optionTable, command: "merge-reports")
        if parsed.has("--help") { return .help(text: help) }
        guard !parsed.positional.isEmpty else { throw usage("give the shards' JSON reports, such as shard-1.json shard-2.json") }
        var options = CompareOptions(expected: parsed.value("--expected") ?? "", actual: parsed.value("--actual") ?? "")
        for (flag, value) in [("--expected", options.expected), ("--actual", options.actual)]
        where parsed.value(flag) != nil && value.isEmpty {
            throw usage("\(flag): expected a path, found nothing")
        }
        do {
            try CompareCommand.parseSettings(parsed, into: &options)
        } catch {
            throw usage(error.message)
        }
        var kinds: Set<String> = []
        for value in parsed.values("--report") {
            let request: CompareReportRequest
            do {
                request = try CompareCommand.report(value)
            } catch {
                throw usage(error.message)
            }
            let kind = String(value.prefix { $0 != "=" })
            guard kinds.insert(kind).inserted else { throw usage("--report \(kind) is given twice") }
            options.reports.append(request)
        }
        if kinds.contains("github"), options.reports.contains(.json(path: nil)) {
            throw usage(
                "--report json prints to standard output, which --report github keeps for its annotations; write it to a file: --report json=FILE"
            )
        }
        options.verbose = parsed.has("--verbose")
        return .mergeReports(files: parsed.positional, options: options)
    }

    static func usage(_ message: String) -> UsageError {
        UsageError(command: "merge-reports", message: message)
    }

    let files: [String]
    let options: CompareOptions
    let console: Console

    /// The exit status: 0 when every file matches, 1 for any difference, 2 for bad input (reported).
    func run() -> Int32 {
        do {
            let shards = try files.map(Self.load)
            try Self.checkOneRun(shards, settings: options)
            var compare = options
            compare.expected = options.expected.isEmpty ? shards[0].report.expected : options.expected
            compare.actual = options.actual.isEmpty ? shards[0].report.actual : options.actual
            let command = CompareCommand(options: compare, console: console)
            let recompared = try Self.compareAgain(compare, diffPath: command.diffPath())
            let summary = ReportMerge.merge(shards, recompared: recompared)
            if summary.status == .nothingCompared {
                throw Failure(
                    message: "nothing to compare: the reports name no file, and \(compare.expected) and \(compare.actual) hold no picture")
            }
            _ = try command.writeReports(summary)
            return summary.status == .differences ? ExitCode.differences : ExitCode.success
        } catch let failure as Failure {
            console.err(ErrorLine.line(failure.message) + "\n")
            return ExitCode.badInput
        } catch {
            console.err(ErrorLine.text(for: error))
            return ExitCode.badInput
        }
    }

    /// What went wrong with the reports, in a line a user can act on.
    struct Failure: Error {
        var message: String
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
            throw Failure(message: "\(path): \(reason); give the JSON reports that compare --report json=FILE wrote")
        }
        do {
            return ReportMerge.Shard(name: path, report: try JSONReport.read(bytes))
        } catch {
            guard !error.path.isEmpty else {
                throw Failure(message: "\(path): not a JSON report of pickerreel compare --report json (\(error.reason))")
            }
            throw Failure(message: "\(path): \(error.path): \(error.reason) (merge-reports reads compare's JSON reports, as input)")
        }
    }

    /// Throws unless every report compared the same EXPECTED and ACTUAL paths with the same settings, and those
    /// settings are the ones merge-reports was given.
    static func checkOneRun(_ shards: [ReportMerge.Shard], settings options: CompareOptions) throws(Failure) {
        let first = shards[0]
        for shard in shards {
            let report = shard.report
            guard report.expected == first.report.expected, report.actual == first.report.actual else {
                throw Failure(
                    message:
                        "\(shard.name) compared \(report.expected) with \(report.actual), \(first.name) \(first.report.expected) with \(first.report.actual); merge the reports of one compare command's shards"
                )
            }
            guard report.settings == first.report.settings else {
                throw Failure(
                    message:
                        "\(shard.name) and \(first.name) were compared with different settings; merge the reports of one compare command's shards"
                )
            }
        }
        let given = JSONReport.Settings(
            ComparisonSettings(metric: options.metric, threshold: options.threshold), tolerance: options.tolerance)
        guard first.report.settings == given else {
            throw Failure(
                message:
                    "\(first.name) was compared with different settings (\(first.report.settings.words)) from those merge-reports was given (\(given.words)); give merge-reports the --metric, --threshold and --max-diff-pixels or --max-diff-ratio the shards' compare used"
            )
        }
    }

    /// The comparison of the trees themselves, after every picture in them is checked through the confined layer
    /// (`TreePictures`); a tree that is missing is refused, as there is then nothing to check a report against.
    static func compareAgain(_ options: CompareOptions, diffPath: String?) throws -> ComparisonSummary {
        for (side, root) in [("EXPECTED", options.expected), ("ACTUAL", options.actual)] {
            guard PathKind.of(root) != .missing else {
                throw Failure(
                    message:
                        "\(side) \(root): no such file or folder; merge-reports compares the pictures again, so run it where the goldens and the shards' pictures are (--expected, --actual)"
                )
            }
            try TreePictures.check(root)
        }
        let settings = ComparisonSettings(metric: options.metric, threshold: options.threshold)
        let comparison = FolderComparison(settings: settings, tolerance: options.tolerance, diffPath: diffPath)
        // No spec is left out as another shard's: the merged ACTUAL holds every shard's pictures, so a spec that no
        // downloaded shard rendered (a shard whose artifact is missing) is reported removed, never passed over.
        return try comparison.compare(expected: options.expected, actual: options.actual)
    }
}
