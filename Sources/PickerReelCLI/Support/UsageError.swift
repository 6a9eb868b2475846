/// A command line the tool cannot act on: an unknown command or option, a missing or malformed value.
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The command whose usage was wrong (`render`), or empty for the top level.
    public var command: String
    /// What was wrong.
    public var message: String

    /// The message followed by where to find help.
    public var description: String {
        let help = command.isEmpty ? "pickerreel --help" : "pickerreel \(command) --help"
        return "\(message)\nRun '\(help)' for usage."
    }
}
