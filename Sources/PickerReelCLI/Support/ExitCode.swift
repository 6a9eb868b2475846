/// The tool's exit statuses, as the README documents them.
package enum ExitCode {
    /// Everything worked (and, for `compare`, everything matched).
    package static let success: Int32 = 0
    /// `compare` found differences.
    package static let differences: Int32 = 1
    /// Bad input or usage: the message says what to fix.
    package static let badInput: Int32 = 2
}
