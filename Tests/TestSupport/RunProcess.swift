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
    if let input {
        // A write to a pipe whose reader is gone would raise SIGPIPE in the test process; the program need not read.
        signal(SIGPIPE, SIG_IGN)
        try? inputPipe.fileHandleForWriting.write(contentsOf: input)
        try? inputPipe.fileHandleForWriting.close()
    }
    let killed = Flag()
    let limit = timeLimit * testTimeScale
    let timer = DispatchWorkItem {
        if process.isRunning {
            killed.set()
            // Foundation starts each child as the leader of its own process group: the whole group goes, so a
            // script's children cannot outlive it holding the pipes open.
            kill(-process.processIdentifier, SIGKILL)
            kill(process.processIdentifier, SIGKILL)
        }
    }
    DispatchQueue.global().asyncAfter(deadline: .now() + limit, execute: timer)
    let errorData = DataBox()
    let reading = DispatchGroup()
    DispatchQueue.global().async(group: reading) {
        errorData.set(err.fileHandleForReading.readDataToEndOfFile())
    }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    reading.wait()
    process.waitUntilExit()
    timer.cancel()
    let command = ([executable.path] + arguments).joined(separator: " ")
    let bySignal = process.terminationReason == .uncaughtSignal
    let run = ProcessRun(
        command: command, status: process.terminationStatus, signal: bySignal ? process.terminationStatus : nil,
        standardOutput: outData, stderr: String(decoding: errorData.get(), as: UTF8.self),
        timedOut: killed.isSet, seconds: Date().timeIntervalSince(started))
    if run.timedOut && timeoutFailsTest {
        Issue.record(
            "killed after its limit of \(limit) s: \(command)",
            sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    return run
}

/// Runs `program`, found on PATH, like `runProcess`.
public func runProgram(
    _ program: String, _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
    unsetting: [String] = [], input: Data? = nil, timeLimit: Double = defaultTimeLimit, fileID: String = #fileID,
    filePath: String = #filePath, line: Int = #line, column: Int = #column
) throws -> ProcessRun {
    try runProcess(
        URL(fileURLWithPath: "/usr/bin/env"), [program] + arguments, in: directory, environment: environment, unsetting: unsetting,
        input: input, timeLimit: timeLimit, fileID: fileID, filePath: filePath, line: line, column: column)
}

private final class Flag: @unchecked Sendable {
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
