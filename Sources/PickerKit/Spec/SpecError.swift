/// A problem with a spec file, naming the file, the JSON path of the field, and what was expected.
///
/// Its `description` is the one line the tool prints, e.g.
/// `demo.json: style.highlight.opacity: expected a number from 0 to 1, found the number 1.5`.
public struct SpecError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The spec file's path as the user gave it, or nil for a spec that did not come from a file.
    public var file: String?
    /// Where in the document the problem is, such as `selection.sequence[2].select`; empty for the whole document.
    public var path: JSONPath
    /// What is wrong.
    public var problem: SpecProblem

    /// Creates an error.
    package init(file: String? = nil, path: JSONPath, problem: SpecProblem) {
        self.file = file
        self.path = path
        self.problem = problem
    }

    /// The message for the user: file, path, and problem, on one line (`PlainText.escaped`).
    public var description: String {
        var parts: [String] = []
        if let file { parts.append(file) }
        if case .syntax(let line, let column, _) = problem {
            parts.append("line \(line), column \(column)")
        } else {
            parts.append(path.isEmpty ? "(the whole document)" : path.description)
        }
        parts.append(problem.message)
        // Keys, values and paths come from the spec: escaped, so the message stays one line that commands nothing.
        return PlainText.escaped(parts.joined(separator: ": "))
    }
}

/// The kinds of problem a spec can have, each with the message a user can act on.
public enum SpecProblem: Equatable, Sendable {
    /// The file is not valid JSON.
    case syntax(line: Int, column: Int, detail: String)
    /// The file could not be read.
    case unreadable(reason: String)
    /// The file is larger than `SpecLimits.maximumFileBytes`.
    case fileTooLarge(bytes: Int)
    /// A field holds the wrong kind of value or a value out of range.
    case expected(String, found: String)
    /// A required field is absent.
    case missing(expected: String)
    /// An object has a key the spec does not define.
    case unknownKey(String, suggestion: String?, known: [String])
    /// An item appears twice in `items`.
    case duplicateItem(ItemValue, firstIndex: Int)
    /// A selection names an item that is not in `items`.
    case unknownItem(String, items: [ItemValue])
    /// A whole-spec limit is exceeded (canvas size, frame count, duration).
    case limitExceeded(String)
    /// A file the spec names (an icon or image) cannot be used.
    case unusableFile(path: String, reason: String)
    /// A design token the field names cannot be used: the message names the token and its file.
    case token(String)
    /// The spec a spec extends (`"extends"`) cannot be used: the message names that file.
    case theme(String)

    /// The problem in words.
    public var message: String {
        switch self {
        case .syntax(_, _, let detail):
            return "not valid JSON: \(detail)"
        case .unreadable(let reason):
            return "cannot read the spec: \(reason)"
        case .fileTooLarge(let bytes):
            return "the file is \(bytes) bytes; a spec may be at most \(SpecLimits.maximumFileBytes) bytes"
        case .expected(let expected, let found):
            return "expected \(expected), found \(found)"
        case .missing(let expected):
            return "missing; expected \(expected)"
        case .unknownKey(let key, let suggestion, let known):
            let hint = suggestion.map { " (did you mean \"\($0)\"?)" } ?? ""
            return "unknown key \"\(JSONPath.shortened(key))\"\(hint); known keys here: \(known.joined(separator: ", "))"
        case .duplicateItem(let item, let firstIndex):
            return "the item \(item) appears twice (first at items[\(firstIndex)]); items must be unique"
        case .unknownItem(let found, let items):
            let list = items.prefix(12).map(\.description).joined(separator: ", ")
            return "expected one of the items (\(list)\(items.count > 12 ? ", …" : "")) or null, found \(found)"
        case .limitExceeded(let detail):
            return detail
        case .unusableFile(let path, let reason):
            return "cannot use the file \"\(path)\": \(reason)"
        case .token(let message), .theme(let message):
            return message
        }
    }
}
