import FoundationEssentials
import PickerCompare

/// `pickerreel merge-reports A.json B.json … [--report KIND [PATH]]…`: joins the JSON reports of one compare run per
/// shard into the report, and the exit status, of a single run over everything.
struct MergeReportsCommand {
    static let optionTable = [
        OptionDefinition(
            name: "--report", short: "-r", valueName: "KIND",
            help: "Report as: json (standard output; json=FILE), junit FILE, github, html DIR (default: text).", repeatable: true),
        OptionDefinition(name: "--verbose", short: "-v", valueName: nil, help: "A line for every file, not only those that do not match."),
    ]

    static let help = usageText(
        command: "merge-reports",
        operands: "REPORT.json…",
        summary: "Merge the JSON reports of sharded compare runs (compare --report json=FILE) into one report.",
        options: optionTable,
        details: """
            Give every shard's report, each from the same EXPECTED, ACTUAL path and settings. A file that one shard
            reports as removed (it was rendered by another shard) takes the other shard's result, so the merged
            report is the one a single compare over all the shards' output would give.

            Exit status: 0 all files match, 1 any difference, 2 bad input (a report unreadable, not a compare JSON
            report, or from other trees or settings than the rest).
            """)

    /// Parses the arguments after the word `merge-reports`.
    ///
    /// Throws `UsageError` for an unknown option, a report kind that is unknown or given twice, or no report file.
    static func parse(_ arguments: [String]) throws(UsageError) -> Command {
        let parsed = try parseArguments(CompareCommand.joiningReportPaths(arguments), options: optionTable, command: "merge-reports")
        if parsed.has("--help") { return .help(text: help) }
        guard !parsed.positional.isEmpty else { throw usage("give the shards' JSON reports, such as shard-1.json shard-2.json") }
        var options = CompareOptions(expected: "", actual: "")
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
            let summary = try Self.merged(files.map(Self.load))
            var compare = options
            compare.expected = summary.expected
            compare.actual = summary.actual
            _ = try CompareCommand(options: compare, console: console).writeReports(summary)
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

    /// The report in `path`, decoded.
    static func load(_ path: String) throws(Failure) -> (path: String, report: JSONReport) {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            let reason = FileManager.default.fileExists(atPath: path) ? "cannot be read" : "no such file"
            throw Failure(message: "\(path): \(reason); give the JSON reports that compare --report json=FILE wrote")
        }
        do {
            return (path, try JSONDecoder().decode(JSONReport.self, from: data))
        } catch {
            throw Failure(message: "\(path): not a JSON report of pickerreel compare --report json (\(error))")
        }
    }

    /// One summary of `reports`: their files by path, a removed file giving way to another shard's result.
    static func merged(_ reports: [(path: String, report: JSONReport)]) throws(Failure) -> ComparisonSummary {
        let first = reports[0]
        var byPath: [String: FileComparison] = [:]
        for (path, report) in reports {
            guard report.expected == first.report.expected, report.actual == first.report.actual else {
                throw Failure(
                    message:
                        "\(path) compared \(report.expected) with \(report.actual), \(first.path) \(first.report.expected) with \(first.report.actual); merge the reports of one compare command's shards"
                )
            }
            guard report.settings == first.report.settings else {
                throw Failure(
                    message:
                        "\(path) and \(first.path) were compared with different settings; merge the reports of one compare command's shards"
                )
            }
            for file in report.files {
                let comparison = file.comparison
                if let known = byPath[file.path], known.status != .removed || comparison.status == .removed { continue }
                byPath[file.path] = comparison
            }
        }
        let settings = first.report.settings
        var summary = ComparisonSummary(
            expected: first.report.expected, actual: first.report.actual,
            settings: ComparisonSettings(
                metric: settings.metric, threshold: settings.threshold, includesAntialiasing: settings.countsAntialiasing),
            tolerance: settings.maxDiffRatio.map { .ratio($0) } ?? .pixels(settings.maxDiffPixels ?? 0),
            files: byPath.keys.sorted().compactMap { byPath[$0] })
        for change in reports.flatMap({ $0.report.environmentChanges ?? [] }) where !summary.environmentChanges.contains(change) {
            summary.environmentChanges.append(change)
        }
        return summary
    }
}

extension JSONReport.File {
    /// The comparison this entry reports.
    fileprivate var comparison: FileComparison {
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
        var file = FileComparison(path: path, outcome: outcome, matches: match, expectedPath: expected, actualPath: actual, diffPath: diff)
        file.animation = animation?.comparison(size: ImageSize(width: width ?? 0, height: height ?? 0))
        return file
    }
}
