/// One flag of `pickerreel compare`: its name, its value, its help line, and how it sets `CompareOptions`.
///
/// The parser and the usage text both read `OptionTable.all`, so `--help` cannot drift from what is accepted.
struct OptionSpec: Sendable {
    /// `--threshold`.
    let name: String
    /// Another spelling, such as `-h`.
    let alias: String?
    /// The value's placeholder in the usage text, such as `T`; nil for a flag without a value.
    let valueName: String?
    /// Flags sharing a group exclude each other, like the two tolerances.
    let group: String?
    /// The help line.
    let help: String
    /// Sets the option from its value (empty for flags); throws with the message for the user.
    let apply: @Sendable (inout CompareOptions, String) throws(CompareUsageError) -> Void
}

enum OptionTable {
    static let all: [OptionSpec] = [
        OptionSpec(
            name: "--threshold", alias: nil, valueName: "T", group: nil,
            help:
                "How different two colours may be and still match, 0 (exact) to 1, as pixelmatch. Default \(ComparisonSettings.defaultThreshold)."
        ) { options, value throws(CompareUsageError) in
            options.threshold = try number(value, from: 0, to: 1, flag: "--threshold")
        },
        OptionSpec(
            name: "--max-diff-pixels", alias: nil, valueName: "N", group: "tolerance",
            help: "A file matches with at most N differing pixels. Default 0."
        ) { options, value throws(CompareUsageError) in
            guard let count = Int(value), count >= 0 else {
                throw CompareUsageError("--max-diff-pixels: expected a whole number 0 or more, found \"\(value)\"")
            }
            options.tolerance = .pixels(count)
        },
        OptionSpec(
            name: "--max-diff-ratio", alias: nil, valueName: "R", group: "tolerance",
            help: "A file matches with at most this share of its pixels differing, from 0 to 1."
        ) { options, value throws(CompareUsageError) in
            options.tolerance = .ratio(try number(value, from: 0, to: 1, flag: "--max-diff-ratio"))
        },
        OptionSpec(
            name: "--diff", alias: nil, valueName: "OUT", group: nil,
            help: "Write a diff picture per differing file: into folder OUT for folders, to file OUT for two files."
        ) { options, value throws(CompareUsageError) in
            guard !value.isEmpty else { throw CompareUsageError("--diff: expected a path, found nothing") }
            options.diffPath = value
        },
        OptionSpec(
            name: "--report", alias: nil, valueName: "json", group: nil,
            help: "Print a JSON summary on standard output instead of text (`--report text` is the default)."
        ) { options, value throws(CompareUsageError) in
            guard let format = ReportFormat(rawValue: value) else {
                let known = ReportFormat.allCases.map(\.rawValue).joined(separator: " or ")
                throw CompareUsageError("--report: expected \(known), found \"\(value)\"")
            }
            options.report = format
        },
        OptionSpec(name: "--help", alias: "-h", valueName: nil, group: nil, help: "Show this help.") { options, _ in
            options.showsHelp = true
        },
    ]

    /// The option called `name` (or its alias), if any.
    static func option(named name: String) -> OptionSpec? {
        all.first { $0.name == name || $0.alias == name }
    }

    static func number(_ value: String, from lowest: Double, to highest: Double, flag: String) throws(CompareUsageError) -> Double {
        guard let number = Double(value), number.isFinite, number >= lowest, number <= highest else {
            throw CompareUsageError("\(flag): expected a number from \(format(lowest)) to \(format(highest)), found \"\(value)\"")
        }
        return number
    }

    static func format(_ number: Double) -> String {
        number == number.rounded() ? String(Int(number)) : String(number)
    }
}
