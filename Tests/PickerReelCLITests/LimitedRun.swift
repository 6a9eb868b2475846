import Dispatch
import Foundation

/// What one run of the tool did when it was given a time limit, as a hostile-input test needs to know it: whether
/// it trapped, hung, or answered.
struct LimitedRun: CustomStringConvertible {
    /// The exit status, or the signal number when a signal ended the process.
    var status: Int32
    /// The signal that ended the process, when one did (a Swift trap is SIGILL or SIGTRAP).
    var signal: Int32?
    var stdout: String
    var stderr: String
    /// True when the run was killed for taking longer than its limit.
    var timedOut: Bool
    /// Wall-clock seconds the run took.
    var seconds: Double

    /// True for a crash: a signal, or the Swift runtime's fatal-error or backtrace text.
    var trapped: Bool {
        (signal != nil && !timedOut) || stderr.contains("Fatal error") || stderr.contains("Backtrac")
            || stderr.contains("Program crashed")
    }

    /// The lines written to standard error.
    var errorLines: [Substring] { stderr.split(separator: "\n") }

    var description: String {
        let ending = timedOut ? "timed out" : signal.map { "signal \($0)" } ?? "exit \(status)"
        return "\(ending) after \(String(format: "%.2f", seconds)) s; stdout: \(stdout.prefix(400)); stderr: \(stderr.prefix(1_200))"
    }
}

/// How many times longer than their limits the tool's runs may take: `PICKERREEL_TEST_TIME_SCALE` (1 when unset),
/// which `make sanitize` sets, since a render under AddressSanitizer takes several times as long.
let testTimeScale: Double = {
    guard let text = ProcessInfo.processInfo.environment["PICKERREEL_TEST_TIME_SCALE"], let scale = Double(text), scale >= 1
    else { return 1 }
    return scale
}()

/// Runs `executable` with `arguments`, killing it after `timeLimit` seconds (times `testTimeScale`), reading both of
/// its streams at once (so a megabyte of errors cannot stall it), with `input` as its standard input when given.
func runLimited(
    _ executable: URL, _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
    input: Data? = nil, timeLimit: Double
) throws -> LimitedRun {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = directory ?? repositoryRoot
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let out = Pipe()
    let err = Pipe()
    let inputPipe = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = input == nil ? FileHandle.nullDevice : inputPipe
    let started = Date()
    try process.run()
    if let input {
        // A write to a pipe whose reader is gone would raise SIGPIPE in the test process; the tool need not read.
        signal(SIGPIPE, SIG_IGN)
        try? inputPipe.fileHandleForWriting.write(contentsOf: input)
        try? inputPipe.fileHandleForWriting.close()
    }
    let killed = KillFlag()
    let timer = DispatchWorkItem {
        if process.isRunning {
            killed.set()
            kill(process.processIdentifier, SIGKILL)
        }
    }
    DispatchQueue.global().asyncAfter(deadline: .now() + timeLimit * testTimeScale, execute: timer)
    let errorData = DataBox()
    let reading = DispatchGroup()
    DispatchQueue.global().async(group: reading) {
        errorData.set(err.fileHandleForReading.readDataToEndOfFile())
    }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    reading.wait()
    process.waitUntilExit()
    timer.cancel()
    let bySignal = process.terminationReason == .uncaughtSignal
    return LimitedRun(
        status: process.terminationStatus, signal: bySignal ? process.terminationStatus : nil,
        stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errorData.get(), as: UTF8.self),
        timedOut: killed.isSet, seconds: Date().timeIntervalSince(started))
}

/// Runs the tool with a time limit.
func runTool(_ arguments: [String], in directory: URL? = nil, input: Data? = nil, timeLimit: Double) throws -> LimitedRun {
    try runLimited(try toolURL(), arguments, in: directory, input: input, timeLimit: timeLimit)
}

/// Runs `script` with /bin/sh, so that redirections such as `> /dev/full` or `>&-` give the tool real descriptors;
/// the script names the tool as `"$PICKERREEL"` and should `exec` it, so its status is the tool's own.
func runShell(_ script: String, in directory: URL? = nil, timeLimit: Double = 60) throws -> LimitedRun {
    try runLimited(
        URL(fileURLWithPath: "/bin/sh"), ["-c", script], in: directory, environment: ["PICKERREEL": try toolURL().path],
        timeLimit: timeLimit)
}

/// Writes `json` to `name` in `folder` and returns its path.
@discardableResult
func writeSpec(_ json: String, named name: String, in folder: URL) throws -> String {
    let url = folder.appendingPathComponent(name)
    try Data(json.utf8).write(to: url)
    return url.path
}

private final class KillFlag: @unchecked Sendable {
    // @unchecked: `value` is only touched while holding `lock`.
    private let lock = NSLock()
    private var value = false

    func set() {
        lock.lock()
        value = true
        lock.unlock()
    }

    var isSet: Bool {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}

private final class DataBox: @unchecked Sendable {
    // @unchecked: `data` is only touched while holding `lock`.
    private let lock = NSLock()
    private var data = Data()

    func set(_ new: Data) {
        lock.lock()
        data = new
        lock.unlock()
    }

    func get() -> Data {
        lock.lock()
        defer { lock.unlock() }
        return data
    }
}
