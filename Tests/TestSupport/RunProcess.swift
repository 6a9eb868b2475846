import Dispatch
import Foundation
import Testing

/// How long a program run by a test may take when the test names no limit of its own, in seconds (times
/// `testTimeScale`): long enough for any render the tests ask for, short enough that a hang fails the test.
public let defaultTimeLimit = 120.0

/// How many times longer than their limits runs may take: `PICKERREEL_TEST_TIME_SCALE` (1 when unset), which
/// `make sanitize` sets, since a render under AddressSanitizer takes several times as long.
public let testTimeScale: Double = {
    guard let text = ProcessInfo.processInfo.environment["PICKERREEL_TEST_TIME_SCALE"], let scale = Double(text), scale >= 1
    else { return 1 }
    return scale
}()

/// Runs `executable` with `arguments` in `directory` (the repository's root when nil) and collects both of its
/// streams at once, so that a megabyte of errors cannot stall it; `input` is its standard input when given.
///
/// The environment is this process's, with `environment` added and `unsetting` removed. Every run has a time limit:
/// after `timeLimit` seconds (times `testTimeScale`) the program's process group is killed, the test fails naming
/// the command (unless `timeoutFailsTest` is false, for a caller that tries again), and the run comes back with
/// `timedOut` set.
public func runProcess(
    _ executable: URL, _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
    unsetting: [String] = [], input: Data? = nil, timeLimit: Double = defaultTimeLimit, timeoutFailsTest: Bool = true,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) throws -> ProcessRun {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = directory ?? repositoryRoot
    var merged = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    for name in unsetting { merged.removeValue(forKey: name) }
    process.environment = merged
    let out = Pipe()
    let err = Pipe()
    let inputPipe = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = input == nil ? FileHandle.nullDevice : inputPipe
    let started = Date()
    try process.run()
    let watchdog = Watchdog(process, seconds: timeLimit * testTimeScale)
    if let input {
        // A write to a pipe whose reader is gone would raise SIGPIPE in the test process; the program need not read.
        signal(SIGPIPE, SIG_IGN)
        try? inputPipe.fileHandleForWriting.write(contentsOf: input)
        try? inputPipe.fileHandleForWriting.close()
    }
    // Standard error is read on a thread of its own: a blocked test may hold every thread of the shared pools.
    let errorData = DataBox()
    Thread.detachNewThread { errorData.set(err.fileHandleForReading.readDataToEndOfFile()) }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errorBytes = errorData.get()
    process.waitUntilExit()
    let timedOut = watchdog.stop()
    let command = ([executable.path] + arguments).joined(separator: " ")
    let bySignal = process.terminationReason == .uncaughtSignal
    let run = ProcessRun(
        command: command, status: process.terminationStatus, signal: bySignal ? process.terminationStatus : nil,
        standardOutput: outData, stderr: String(decoding: errorBytes, as: UTF8.self),
        timedOut: timedOut, seconds: Date().timeIntervalSince(started))
    if run.timedOut && timeoutFailsTest {
        Issue.record(
            "killed after its limit of \(watchdog.seconds) s: \(command)",
            sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    return run
}

/// Runs `program`, found on PATH, like `runProcess`.
public func runProgram(
    _ program: String, _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
    unsetting: [String] = [], input: Data? = nil, timeLimit: Double = defaultTimeLimit, timeoutFailsTest: Bool = true,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) throws -> ProcessRun {
    try runProcess(
        URL(fileURLWithPath: "/usr/bin/env"), [program] + arguments, in: directory, environment: environment, unsetting: unsetting,
        input: input, timeLimit: timeLimit, timeoutFailsTest: timeoutFailsTest, fileID: fileID, filePath: filePath, line: line,
        column: column)
}

/// Waits for `process`, which the test started itself (to signal it while it runs), for at most `timeLimit` seconds
/// (times `testTimeScale`); after that its process group is killed and the test fails naming the command.
public func waitForExit(
    _ process: Process, timeLimit: Double = defaultTimeLimit, fileID: String = #fileID, filePath: String = #filePath,
    line: Int = #line, column: Int = #column
) {
    let watchdog = Watchdog(process, seconds: timeLimit * testTimeScale)
    process.waitUntilExit()
    if watchdog.stop() {
        let command = ([process.executableURL?.path ?? "?"] + (process.arguments ?? [])).joined(separator: " ")
        Issue.record(
            "killed after its limit of \(watchdog.seconds) s: \(command)",
            sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}

/// Kills a running process's group once its time is up, unless stopped first.
private final class Watchdog: @unchecked Sendable {
    // @unchecked: `fired` and `stopped` are only touched while holding `lock`; `process` is only asked for its
    // identifier, which does not change once it runs.
    let seconds: Double
    private let lock = NSLock()
    private var fired = false
    private var stopped = false

    init(_ process: Process, seconds: Double) {
        self.seconds = seconds
        let pid = process.processIdentifier
        // A queue of its own, not the global one: tests that block may hold all of the global queue's threads.
        DispatchQueue(label: "watchdog").asyncAfter(deadline: .now() + seconds) { [self] in
            lock.lock()
            defer { lock.unlock() }
            guard !stopped else { return }
            fired = true
            // Foundation starts each child as the leader of its own process group: the whole group goes, so a
            // script's children cannot outlive it holding the pipes open.
            kill(-pid, SIGKILL)
            kill(pid, SIGKILL)
        }
    }

    /// Stops the watch; true when the process was killed for its time.
    func stop() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        stopped = true
        return fired
    }
}

/// Bytes read on one thread and handed to another once they are all read.
private final class DataBox: @unchecked Sendable {
    // @unchecked: `data` is written once, before `done` is signalled, and read only after waiting for it.
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    func set(_ new: Data) {
        data = new
        done.signal()
    }

    func get() -> Data {
        done.wait()
        return data
    }
}
