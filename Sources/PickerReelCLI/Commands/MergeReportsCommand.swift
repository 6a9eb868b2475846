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
            let verdict = try CompareRun(options).mergeReports(files, printing: console.compareOutput)
            return verdict == .matches ? ExitCode.success : ExitCode.differences
        } catch {
            console.err(ErrorLine.text(for: error))
            return ExitCode.badInput
        }
    }
}
