import PickerKit

/// One option a command accepts: its names, whether it takes a value, and its help line.
///
/// The same table parses the arguments and prints `--help`, so the two cannot drift apart.
struct OptionDefinition: Sendable {
    /// The long name, with its dashes: `--output`.
    var name: String
    /// A one-letter alias, with its dash: `-o`.
    var short: String?
    /// The placeholder for the value in help (`DIR`), or nil for a flag that takes none.
    var valueName: String?
    /// What the option does, in one line.
    var help: String
}

/// What a command line said: positional arguments, option values, and flags, in the user's order.
struct ParsedArguments: Sendable {
    var positional: [String] = []
    var values: [String: String] = [:]
    var flags: Set<String> = []
    /// Every value of each option in the user's order, for options that may be given more than once.
    var allValues: [String: [String]] = [:]

    func value(_ name: String) -> String? { values[name] }
    func has(_ flag: String) -> Bool { flags.contains(flag) }
}

/// Parses `arguments` against `options`, accepting `--name value`, `--name=value`, `-o value`, and `--` to end
/// options.
///
/// `--help` and `-h` are always known.
///
/// Throws `UsageError` for an unknown option (with a did-you-mean), a missing value, or a value given to a flag.
func parseArguments(_ arguments: [String], options: [OptionDefinition], command: String) throws(UsageError) -> ParsedArguments {
    var parsed = ParsedArguments()
    var index = 0
    var onlyPositional = false
    while index < arguments.count {
        let argument = arguments[index]
        index += 1
        if onlyPositional || !argument.hasPrefix("-") || argument == "-" {
            parsed.positional.append(argument)
            continue
        }
        if argument == "--" {
            onlyPositional = true
            continue
        }
        if argument == "--help" || argument == "-h" {
            parsed.flags.insert("--help")
            continue
        }
        var name = argument
        var inlineValue: String?
        if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
            name = String(argument[..<equals])
            inlineValue = String(argument[argument.index(after: equals)...])
        }
        guard let option = options.first(where: { $0.name == name || $0.short == name }) else {
            let guess = Suggestion.closest(to: name, in: options.map(\.name) + ["--help"], maximumDistance: 3)
            let hint = guess.map { " (did you mean '\($0)'?)" } ?? ""
            throw UsageError(command: command, message: "unknown option '\(name)'\(hint)")
        }
        if option.valueName != nil {
            if let inlineValue {
                parsed.values[option.name] = inlineValue
                parsed.allValues[option.name, default: []].append(inlineValue)
            } else if index < arguments.count {
                parsed.values[option.name] = arguments[index]
                parsed.allValues[option.name, default: []].append(arguments[index])
                index += 1
            } else {
                throw UsageError(command: command, message: "\(option.name) needs a value (\(option.valueName ?? "VALUE"))")
            }
        } else {
            guard inlineValue == nil else {
                throw UsageError(command: command, message: "\(option.name) takes no value")
            }
            parsed.flags.insert(option.name)
        }
    }
    return parsed
}

/// The help text of a command, made from its option table.
func usageText(command: String, synopsis: String, summary: String, options: [OptionDefinition], details: String = "") -> String {
    var lines = ["Usage: pickerreel \(command) \(synopsis)", "", summary, ""]
    let all = options + [OptionDefinition(name: "--help", short: "-h", valueName: nil, help: "Show this help.")]
    lines.append("Options:")
    let labels = all.map { option in
        [option.short, option.name].compactMap { $0 }.joined(separator: ", ") + (option.valueName.map { " \($0)" } ?? "")
    }
    let width = (labels.map(\.count).max() ?? 0) + 2
    for (label, option) in zip(labels, all) {
        lines.append("  " + label.padding(toLength: width, withPad: " ", startingAt: 0) + option.help)
    }
    if !details.isEmpty {
        lines.append("")
        lines.append(details)
    }
    return lines.joined(separator: "\n") + "\n"
}
