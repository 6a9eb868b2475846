/// The usage text of `pickerreel compare`, built from `OptionTable.all`.
enum Usage {
    /// The one-line synopsis: `pickerreel compare EXPECTED ACTUAL [--threshold T] [...]` with every option.
    static var synopsis: String {
        var parts = ["pickerreel compare EXPECTED ACTUAL"]
        var previousGroup: String?
        for option in OptionTable.all where option.name != "--help" {
            let spelled = [option.name, option.valueName].compactMap { $0 }.joined(separator: " ")
            if let group = option.group, group == previousGroup, let last = parts.popLast() {
                parts.append(String(last.dropLast()) + " | \(spelled)]")
            } else {
                parts.append("[\(spelled)]")
            }
            previousGroup = option.group
        }
        return parts.joined(separator: " ")
    }

    static var text: String {
        let names = OptionTable.all.map { option in
            ([option.alias, option.name].compactMap { $0 }.joined(separator: ", ") + (option.valueName.map { " \($0)" } ?? ""))
        }
        let width = (names.map(\.count).max() ?? 0) + 2
        let optionLines = zip(names, OptionTable.all).map { name, option in
            "  " + padded(name, to: width) + option.help
        }
        return """
            USAGE: \(synopsis)

            Compares two PNG files, or two folders of PNG files name by name, perceptually: colours are compared in
            YIQ space against the threshold, and edges moved by a fraction of a pixel (anti-aliasing) are not counted.
            A file on one side only, or pictures of different sizes, are differences.

            ARGUMENTS:
              EXPECTED    The reference PNG file or folder.
              ACTUAL      The PNG file or folder to check against it.

            OPTIONS:
            \(optionLines.joined(separator: "\n"))

            EXIT STATUS: 0 when all files match, 1 when any differ, 2 on bad input (usage, unreadable or non-PNG files).

            """
    }

    /// `text` followed by spaces up to `length` characters, and at least one.
    static func padded(_ text: String, to length: Int) -> String {
        text + String(repeating: " ", count: max(length - text.count, 1))
    }
}
