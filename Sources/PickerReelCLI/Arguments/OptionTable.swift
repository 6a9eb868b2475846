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
    /// True when the option may be given more than once, each value kept; any other option given twice is an error.
    var repeatable = false
}

/// What a command line said: positional arguments, option values, and flags, in the user's order.
struct ParsedArguments: Sendable {
    var positional: [String] = []
    var values: [String: [String]] = [:]
    var flags: Set<String> = []

    /// The value of an option given at most once.
    func value(_ name: String) -> String? { values[name]?.last }
    /// Every value of a repeatable option, in the order given.
    func values(_ name: String) -> [String] { values[name] ?? [] }
    func has(_ flag: String) -> Bool { flags.contains(flag) }
}

/// Parses `arguments` against `options`, accepting `--name value`, `--name=value`, `-o value`, and `--` to end
/// options: the one parser of every command.
///
/// `--help` and `-h` are always known. An option given twice is an error unless it is `repeatable`.
///
/// Throws `UsageError` for an unknown option (with a did-you-mean), a missing value, a value given to a flag, or
/// an option given twice.
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
            let hint: String
            if let field = specFieldOptions[name] {
                hint = " (\(field) is set in the spec, not on the command line)"
            } else {
                // At most one edit in three: `--fromat` is `--format`, but `--fps` is not `--crf`.
                let word = name.drop { $0 == "-" }
                let guess = Suggestion.closest(
                    to: name, in: options.map(\.name) + ["--help"], maximumDistance: max(1, (word.count + 1) / 3))
                hint = guess.map { " (did you mean '\($0)'?)" } ?? ""
            }
            throw UsageError(command: command, message: "unknown option '\(name)'\(hint)")
        }
        if !option.repeatable, parsed.values[option.name] != nil || parsed.flags.contains(option.name) {
            throw UsageError(command: command, message: "\(option.name) is given twice; give it once")
        }
        if option.valueName != nil {
            if let inlineValue {
                parsed.values[option.name, default: []].append(inlineValue)
            } else if index < arguments.count {
                parsed.values[option.name, default: []].append(arguments[index])
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

/// The help text of a command, made from its option table: the usage line is `operands` followed by every option
/// (`[-o DIR]`, `[--quiet]`, `[--variant SUFFIX]…`), so it cannot leave one out.
func usageText(command: String, operands: String, summary: String, options: [OptionDefinition], details: String = "") -> String {
    let synopsis =
        (operands.isEmpty ? [] : [operands])
        + options.map { option in
            "[\(option.short ?? option.name)\(option.valueName.map { " \($0)" } ?? "")]" + (option.repeatable ? "…" : "")
        }
    var lines = ["Usage: pickerreel \(command) \(synopsis.joined(separator: " "))", "", summary, ""]
    let all = options + [OptionDefinition(name: "--help", short: "-h", valueName: nil, help: "Show this help.")]
    lines.append("Options:")
    let labels = all.map { option in
        [option.short, option.name].compactMap { $0 }.joined(separator: ", ") + (option.valueName.map { " \($0)" } ?? "")
    }
    let width = (labels.map(\.count).max() ?? 0) + 2
    for (label, option) in zip(labels, all) {
        let repeatable = option.repeatable ? " (may be given more than once)" : ""
        lines.append("  " + label.padded(to: width) + option.help + repeatable)
    }
    if !details.isEmpty {
        lines.append("")
        lines.append(details)
    }
    return lines.joined(separator: "\n") + "\n"
}

/// Options users try that are fields of the spec instead, and the field to set.
let specFieldOptions = ["--fps": "output.fps", "--scale": "output.scale", "--loop": "output.loop", "--duration": "animation.duration"]
