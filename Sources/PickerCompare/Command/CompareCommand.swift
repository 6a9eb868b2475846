/// `pickerreel compare EXPECTED ACTUAL [options]`: parses the command line, compares, and says what it found.
///
/// Pure apart from reading the pictures and writing diff pictures: output comes back as strings with the exit
/// status, so the executable only prints them and tests call it directly.
public enum CompareCommand {
    /// Exit status when every file matches.
    public static let exitMatch: Int32 = 0
    /// Exit status when any file differs, is missing on one side, or has another size.
    public static let exitDiffer: Int32 = 1
    /// Exit status on bad input: a usage error, a path that is not there, an unreadable file, a file that is not
    /// a PNG, or a diff picture that cannot be written.
    public static let exitBadInput: Int32 = 2

    /// The usage text `--help` prints, generated from the same table the parser reads.
    public static var usage: String { Usage.text }

    /// Reads the arguments that follow the word `compare`: two paths and `--flag value` or `--flag=value` options.
    ///
    /// `--` ends the options, for paths that begin with `-`.
    /// Throws `CompareUsageError` for an unknown flag, a flag given twice, a missing or malformed value, both
    /// `--max-diff-pixels` and `--max-diff-ratio`, or other than two paths (unless `--help` is given).
    public static func parse(_ arguments: [String]) throws(CompareUsageError) -> CompareOptions {
        var options = CompareOptions(expected: "", actual: "")
        var paths: [String] = []
        var given: [String: String] = [:]  // group or flag name → the flag that took it
        var remaining = arguments[...]
        var optionsEnded = false

        while let argument = remaining.popFirst() {
            guard !optionsEnded, argument.hasPrefix("-"), argument != "-" else {
                paths.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            let (name, inlineValue) = split(argument)
            guard let option = OptionTable.option(named: name) else {
                throw CompareUsageError("unknown option \(name)")
            }
            let key = option.group ?? option.name
            if let earlier = given[key] {
                throw CompareUsageError(
                    earlier == option.name ? "\(option.name) is given twice" : "\(earlier) and \(option.name) cannot be used together"
                )
            }
            given[key] = option.name

            var value = ""
            if let valueName = option.valueName {
                if let inlineValue {
                    value = inlineValue
                } else if let next = remaining.first, !next.hasPrefix("--") {
                    value = next
                    remaining.removeFirst()
                } else {
                    throw CompareUsageError("\(option.name) needs a value (\(option.name) \(valueName))")
                }
            } else if inlineValue != nil {
                throw CompareUsageError("\(option.name) takes no value")
            }
            try option.apply(&options, value)
        }

        if options.showsHelp { return options }
        guard paths.count == 2 else {
            throw CompareUsageError(
                paths.count < 2
                    ? "expected two paths, EXPECTED and ACTUAL; found \(paths.count)"
                    : "expected two paths, EXPECTED and ACTUAL; found \(paths.count): \(paths.joined(separator: " "))"
            )
        }
        options.expected = paths[0]
        options.actual = paths[1]
        return options
    }

    /// Compares as `options` say and returns what to print and the exit status: 0 when all files match, 1 when any
    /// differ, 2 on bad input with one line on standard error naming the file at fault.
    public static func run(_ options: CompareOptions) -> (exitCode: Int32, stdout: String, stderr: String) {
        if options.showsHelp { return (exitMatch, usage, "") }
        let comparison = FolderComparison(
            settings: ComparisonSettings(threshold: options.threshold),
            tolerance: options.tolerance,
            diffPath: options.diffPath
        )
        let summary: ComparisonSummary
        do {
            summary = try comparison.compare(expected: options.expected, actual: options.actual)
        } catch {
            return (exitBadInput, "", "error: \(error)\n")
        }
        let exitCode = summary.matches ? exitMatch : exitDiffer
        switch options.report {
        case .text:
            return (exitCode, TextReport.text(summary), "")
        case .json:
            do {
                return (exitCode, try CompareReport(summary).json(), "")
            } catch {
                return (exitBadInput, "", "error: cannot encode the JSON report (\(error))\n")
            }
        }
    }

    /// `parse` then `run`, for the executable: a usage error exits with status 2 and a pointer to `--help`.
    public static func main(_ arguments: [String]) -> (exitCode: Int32, stdout: String, stderr: String) {
        do {
            return run(try parse(arguments))
        } catch {
            return (exitBadInput, "", "error: \(error)\nUsage: \(Usage.synopsis)\nSee 'pickerreel compare --help'.\n")
        }
    }

    /// `--flag=value` → (`--flag`, `value`); `--flag` → (`--flag`, nil).
    static func split(_ argument: String) -> (name: String, value: String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}
