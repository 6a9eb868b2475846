import Foundation

/// Headless Chromium for the tests that look at a page or an SVG as a browser shows it, with a time limit: on a
/// loaded machine a headless run can stall, and a stalled browser must fail one test, not hang the suite.
public enum Chromium {
    /// The installed browser, or nil.
    public static let path: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// What one run printed.
    public struct Run {
        public var stdout: String
        public var stderr: String
        public var status: Int32
    }

    /// The browser stalled twice (or is not installed).
    public struct TimedOut: Error, CustomStringConvertible {
        public var arguments: [String]
        public var description: String {
            "headless Chromium did not finish within the time limit, twice: \(arguments.joined(separator: " "))"
        }
    }

    /// Runs the browser with `arguments` (after the headless flags), killed after `seconds` and tried once more.
    public static func run(_ arguments: [String], seconds: Double = 60) throws -> Run {
        guard let path else { throw TimedOut(arguments: ["(Chromium is not installed)"]) }
        for _ in 0..<2 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: path)
            process.arguments = ["--headless", "--disable-gpu", "--no-sandbox", "--hide-scrollbars"] + arguments
            let out = Pipe()
            let err = Pipe()
            process.standardOutput = out
            process.standardError = err
            try process.run()
            let deadline = Date().addingTimeInterval(seconds)
            // The pipes are read on their own threads so a chatty browser cannot fill them and stall.
            let stdout = PipeText(out)
            let stderr = PipeText(err)
            while process.isRunning && Date() < deadline { usleep(50_000) }
            if process.isRunning {
                process.terminate()
                usleep(500_000)
                if process.isRunning { kill(process.processIdentifier, SIGKILL) }
                process.waitUntilExit()
                continue
            }
            return Run(stdout: stdout.text(), stderr: stderr.text(), status: process.terminationStatus)
        }
        throw TimedOut(arguments: arguments)
    }
}

/// Collects a pipe's output on a thread of its own.
final class PipeText: @unchecked Sendable {
    // @unchecked: `data` is only touched while holding `lock`; the reading thread ends with the pipe.
    private let lock = NSLock()
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ pipe: Pipe) {
        let handle = pipe.fileHandleForReading
        Thread.detachNewThread { [self] in
            let read = handle.readDataToEndOfFile()
            lock.lock()
            data = read
            lock.unlock()
            done.signal()
        }
    }

    func text() -> String {
        done.wait()
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: data, as: UTF8.self)
    }
}
