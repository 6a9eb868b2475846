/// Where the preview's lines go and how the tool words them, given by the CLI, which owns printing.
package struct PreviewPrinter: Sendable {
    /// Writes to standard output (the page's address).
    package var out: @Sendable (String) -> Void
    /// Writes to standard error (every other line).
    package var err: @Sendable (String) -> Void
    /// The tool's line for an error, after the spec's path when one is given, ending in a newline.
    package var errorLine: @Sendable (_ error: any Error, _ specPath: String?) -> String
    /// The tool's warning line for a message, without the newline.
    package var warningLine: @Sendable (String) -> String

    /// A printer of these writers and lines.
    package init(
        out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void,
        errorLine: @escaping @Sendable (_ error: any Error, _ specPath: String?) -> String,
        warningLine: @escaping @Sendable (String) -> String
    ) {
        self.out = out
        self.err = err
        self.errorLine = errorLine
        self.warningLine = warningLine
    }
}
