import Foundation

/// What one run of a program did: its status or signal, both of its streams, whether it was killed for taking
/// longer than its limit, and how long it took.
public struct ProcessRun: CustomStringConvertible, Sendable {
    /// The program and its arguments, as a failure message names them.
    public var command: String
    /// The exit status, or the signal number when a signal ended the process.
    public var status: Int32
    /// The signal that ended the process, when one did (a Swift trap is SIGILL or SIGTRAP).
    public var signal: Int32?
    /// Standard output as bytes (a decoder's raw pixels, say).
    public var standardOutput: Data
    public var stderr: String
    /// True when the run was killed for taking longer than its limit.
    public var timedOut: Bool
    /// Wall-clock seconds the run took.
    public var seconds: Double

    /// True for a crash: a signal, or the Swift runtime's fatal-error or backtrace text.
    public var trapped: Bool {
        (signal != nil && !timedOut) || stderr.contains("Fatal error") || stderr.contains("Backtrac")
            || stderr.contains("Program crashed")
    }

    /// Standard output as text.
    public var stdout: String { String(decoding: standardOutput, as: UTF8.self) }

    /// Standard output of a run that succeeded.
    ///
    /// Throws `ProcessFailed`, naming the command, its status and its errors, when the run did not exit with 0.
    public func checkedOutput() throws -> Data {
        guard status == 0, signal == nil else { throw ProcessFailed(description: description) }
        return standardOutput
    }

    /// The lines written to standard error.
    public var errorLines: [Substring] { stderr.split(separator: "\n") }

    public var description: String {
        let ending = timedOut ? "timed out" : signal.map { "signal \($0)" } ?? "exit \(status)"
        let took = String(format: "%.2f", seconds)
        return "\(command): \(ending) after \(took) s; stdout: \(stdout.prefix(400)); stderr: \(stderr.prefix(1_200))"
    }
}

/// A program that a test needed did not succeed.
public struct ProcessFailed: Error, CustomStringConvertible {
    public var description: String

    public init(description: String) {
        self.description = description
    }
}
