import Foundation

/// Where the tool's output goes: standard output for results, standard error for messages and progress.
public struct Console: Sendable {
    /// Writes to standard output.
    public var out: @Sendable (String) -> Void
    /// Writes to standard error.
    public var err: @Sendable (String) -> Void
    /// True when standard error is a terminal, so a progress line can be redrawn in place.
    public var errIsTerminal: Bool

    /// The process's real standard output and error.
    public static let standard = Console(
        out: { text in FileHandle.standardOutput.write(Data(text.utf8)) },
        err: { text in FileHandle.standardError.write(Data(text.utf8)) },
        errIsTerminal: isatty(STDERR_FILENO) == 1)
}
