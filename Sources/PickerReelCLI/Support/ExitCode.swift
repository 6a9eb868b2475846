/// The tool's exit statuses, as the README documents them.
public enum ExitCode {
    /// Everything worked (and, for `compare`, everything matched).
    public static let success: Int32 = 0
    /// `compare` found differences.
    public static let differences: Int32 = 1
    /// Bad input or usage: the message says what to fix.
    public static let badInput: Int32 = 2
}
