/// A command line the tool cannot act on: an unknown command or option, a missing or malformed value.
package struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The command whose usage was wrong (`render`), or empty for the top level.
    package var command: String
    /// What was wrong.
    package var message: String

    /// The message followed by where to find help.
    package var description: String {
        "\(message)\n\(helpLine)"
    }

    /// The line after the message that says where to find help (`Run 'pickerreel render --help' for usage.`).
    var helpLine: String {
        let help = command.isEmpty ? "pickerreel --help" : "pickerreel \(command) --help"
        return "Run '\(help)' for usage."
    }
}
