import FoundationEssentials
import PickerCompare

/// `pickerreel compare EXPECTED ACTUAL [options]`: parses with the tool's option table, compares with
/// PickerCompare, writes the reports asked for, updates EXPECTED when asked, and returns the exit status.
struct CompareCommand {
    static let optionTable = [
        OptionDefinition(
            name: "--metric", short: nil, valueName: "oklab|yiq",
            help: "Colour difference: yiq (pixelmatch 6) or oklab (pixelmatch's OKLab HyAB) (default: \(ColorMetric.standard.rawValue))."),
        OptionDefinition(
            name: "--threshold", short: "-t", valueName: "T",
            help:
                "How far apart two colours may be and still match, 0 to 1 (default: \(ReportNumber.text(ColorMetric.yiq.defaultThreshold)) for yiq, \(ReportNumber.text(ColorMetric.oklab.defaultThreshold)) for oklab)."
        ),
        OptionDefinition(
            name: "--max-diff-pixels", short: nil, valueName: "N", help: "A file matches with at most N differing pixels (default: 0)."),
        OptionDefinition(
            name: "--max-diff-ratio", short: nil, valueName: "R",
            help: "A file matches with at most this share of its pixels differing, 0 to 1."),
        OptionDefinition(
            name: "--diff", short: nil, valueName: "OUT",
            help: "Write a diff picture per differing file: a folder for trees, a file for two files."),
        OptionDefinition(
            name: "--report", short: "-r", valueName: "KIND",
            help: "Also report as: json (standard output; json=FILE), junit FILE, github, html DIR.", repeatable: true),
        OptionDefinition(
            name: "--update", short: "-u", valueName: nil, help: "Make EXPECTED equal ACTUAL (all or nothing) and say what changed."),
        OptionDefinition(
            name: "--fail-on-change", short: nil, valueName: nil,
            help: "With --update: exit 1 when anything changed, so CI that records new goldens still fails."),
        OptionDefinition(
            name: "--allow-empty", short: nil, valueName: nil, help: "Exit 0 when neither side has a PNG file (default: exit 2)."),
        OptionDefinition(name: "--verbose", short: "-v", valueName: nil, help: "A line for every file, not only those that do not match."),
        OptionDefinition(
            name: "--memory", valueName: "SIZE",
            help: "Memory the pictures may take at once, such as 512M or 2G (default 1G): fewer files at once; larger animations refused."),
    ]

    static let help = usageText(
        command: "compare",
        operands: "EXPECTED ACTUAL",
        summary: "Compare two PNG files, or two folder trees of them by relative path, as a reviewer would.",
        options: optionTable,
        details: """
            Pixels whose colours are within the threshold match, and edges moved by a fraction of a pixel
            (anti-aliasing) are not counted. In trees, a file only in ACTUAL is added, one only in EXPECTED removed,
            and pictures of another size are a size change (a layout change); all are differences.
            Quiet when everything matches (one line); otherwise a line per spec folder (a spec in one variant)
            that does not match, such as "period-dark: 95 of 95 frames differ, first at frame 0, largest 55 pixels
            at frame 19"; --verbose lists the files, a hold of frames with the same difference as one line.

            Reports (several at once): --report json prints JSON instead of the text (json=FILE writes it);
            --report junit FILE; --report github prints ::error annotations (one per spec folder, at most 10)
            and nothing else on standard output (the text goes to standard error), and appends a table to
            $GITHUB_STEP_SUMMARY when it is set; --report html DIR writes DIR/index.html with the pictures.
            Names are escaped for each report: control characters print as \\n, \\u{1B}, ….

            Animations (APNG, WebP) are read and compared one picture at a time; a pair whose pictures would take
            more than --memory to compare (with their diff pictures, when asked for) is refused, naming its size.

            --update refuses ACTUAL inside EXPECTED or around it (real paths): the update would copy the render
            into itself.

            Exit status: 0 all files match (or --update made them match; with --fail-on-change, 1 when it
            changed anything), 1 any difference, 2 bad input or nothing to compare (unless --allow-empty).
            """)

    /// Kinds of `--report` that take a path as the next argument.
    static let kindsWithPath: Set<String> = ["html", "junit"]

    /// Parses the arguments after the word `compare`.
    ///
    /// Throws `UsageError` for an unknown option, a value that is not valid, an option given twice, both
    /// tolerances, a report kind that is unknown or lacks its path, or other than two paths.
    static func parse(_ arguments: [String]) throws(UsageError) -> Command {
        let parsed = try parseArguments(joiningReportPaths(arguments), options: optionTable, command: "compare")
        if parsed.has("--help") { return .help(text: help) }
        guard parsed.positional.count == 2 else {
            let found = parsed.positional.isEmpty ? "none" : "\(parsed.positional.count): \(parsed.positional.joined(separator: " "))"
            throw usage("give two paths, EXPECTED and ACTUAL; found \(found)")
        }
        var options = CompareOptions(expected: parsed.positional[0], actual: parsed.positional[1])
        try parseSettings(parsed, into: &options)
        if let diff = parsed.value("--diff") {
            guard !diff.isEmpty else { throw usage("--diff: expected a path, found nothing") }
            options.diffPath = diff
        }
        var kinds: Set<String> = []
        for value in parsed.values("--report") {
            let request = try report(value)
            let kind = String(value.prefix { $0 != "=" })
            guard kinds.insert(kind).inserted else { throw usage("--report \(kind) is given twice") }
            options.reports.append(request)
        }
        if kinds.contains("github"), options.reports.contains(.json(path: nil)) {
            throw usage(
                "--report json prints to standard output, which --report github keeps for its annotations; write it to a file: --report json=FILE"
            )
        }
        if let memory = parsed.value("--memory") { options.memory = try CommandParser.memoryBudget(memory, command: "compare") }
        options.update = parsed.has("--update")
        options.failsOnChange = parsed.has("--fail-on-change")
        if options.failsOnChange && !options.update {
            throw usage("--fail-on-change goes with --update: it writes the new goldens and still exits 1")
        }
        options.allowsEmpty = parsed.has("--allow-empty")
        options.verbose = parsed.has("--verbose")
        return .compare(options)
    }

    /// Reads the options that decide how pictures are compared (`--metric`, `--threshold`, `--max-diff-pixels`,
    /// `--max-diff-ratio`) into `options`: one place for compare and merge-reports.
    ///
    /// Throws `UsageError` for a value that is not valid, or both tolerances.
    static func parseSettings(_ parsed: ParsedArguments, into options: inout CompareOptions) throws(UsageError) {
        if let metric = parsed.value("--metric") {
            guard let known = ColorMetric(rawValue: metric) else {
                throw usage("--metric \(metric): expected \(ColorMetric.allCases.map(\.rawValue).joined(separator: " or "))")
            }
            options.metric = known
        }
        if let threshold = parsed.value("--threshold") {
            options.threshold = try fraction(threshold, flag: "--threshold")
        }
        switch (parsed.value("--max-diff-pixels"), parsed.value("--max-diff-ratio")) {
        case (.some, .some):
            throw usage("--max-diff-pixels and --max-diff-ratio cannot be used together")
        case (let count?, nil):
            guard let pixels = Int(count), pixels >= 0 else {
                throw usage("--max-diff-pixels \(count): expected a whole number, 0 or more")
            }
            options.tolerance = .pixels(pixels)
        case (nil, let ratio?):
            options.tolerance = .ratio(try fraction(ratio, flag: "--max-diff-ratio"))
        case (nil, nil):
            break
        }
    }

    /// `--report html DIR` → `--report html=DIR` (and `--report=junit FILE` likewise), before `--`, so the
    /// tool's parser sees one value.
    static func joiningReportPaths(_ arguments: [String]) -> [String] {
        var result: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                result.append(contentsOf: arguments[(index - 1)...])
                break
            }
            let next = index < arguments.count ? arguments[index] : nil
            if argument == "--report" || argument == "-r", let kind = next, kindsWithPath.contains(kind), index + 1 < arguments.count {
                result.append(contentsOf: [argument, "\(kind)=\(arguments[index + 1])"])
                index += 2
            } else if argument.hasPrefix("--report="), kindsWithPath.contains(String(argument.dropFirst(9))), let path = next {
                result.append("\(argument)=\(path)")
                index += 1
            } else {
                result.append(argument)
            }
        }
        return result
    }

    static func report(_ value: String) throws(UsageError) -> CompareReportRequest {
        let kind = String(value.prefix { $0 != "=" })
        let path = value.firstIndex(of: "=").map { String(value[value.index(after: $0)...]) }
        switch (kind, path) {
        case ("json", let path): return .json(path: path?.isEmpty == true ? nil : path)
        case ("github", nil): return .github
        case ("junit", let path?) where !path.isEmpty: return .junit(path: path)
        case ("html", let path?) where !path.isEmpty: return .html(folder: path)
        case ("junit", _): throw usage("--report junit needs a file: --report junit FILE")
        case ("html", _): throw usage("--report html needs a folder: --report html DIR")
        case ("github", _): throw usage("--report github takes no path")
        default: throw usage("--report \(kind): expected json, junit FILE, github or html DIR")
        }
    }

    static func fraction(_ text: String, flag: String) throws(UsageError) -> Double {
        guard let value = OptionValue.decimal(text), (0...1).contains(value) else {
            throw usage("\(flag) \(OptionValue.shown(text)): expected a number from 0 to 1")
        }
        return value
    }

    static func usage(_ message: String) -> UsageError {
        UsageError(command: "compare", message: message)
    }

    let options: CompareOptions
    let console: Console

    /// Runs the comparison (`CompareRun`) and returns the exit status: 0 a pass, 1 a difference, 2 bad input (printed).
    func run() -> Int32 {
        do {
            return try CompareRun(options).run(printing: console.compareOutput) == .matches ? ExitCode.success : ExitCode.differences
        } catch {
            console.err(ErrorLine.text(for: error))
            return ExitCode.badInput
        }
    }
}

extension Console {
    /// Where a `CompareRun` prints: results to standard output, messages to standard error.
    var compareOutput: CompareOutput { CompareOutput(results: out, messages: err) }
}

/// Numbers in help text as short as they read: `0.02`, not `0.020000`.
enum ReportNumber {
    static func text(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
