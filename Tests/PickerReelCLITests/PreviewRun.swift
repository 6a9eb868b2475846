import Foundation
import TestSupport
import Testing

/// One `pickerreel preview` started as a user starts it: the built binary on a free port, in the folder of its spec
/// (with an icon and two variants) and with a temporary folder of its own, so the test can see it wrote nothing.
final class PreviewRun {
    let process = Process()
    /// The page's address, the first line the tool printed.
    let url: String
    let port: Int
    /// The token in the page's address (`?t=…`), which every request must carry; empty when there is none.
    let token: String
    /// Where the spec and its icon are: the tool's working folder.
    let specFolder: URL
    /// The tool's TMPDIR, empty at the start.
    let toolTemporaryFolder: URL
    private let output: LineCollector
    private let errors: LineCollector

    var spec: URL { specFolder.appendingPathComponent("spec.json") }
    var icon: URL { specFolder.appendingPathComponent("icons/sun.svg") }

    static let specText = """
        {
          "items": [{ "value": "Day", "icon": "icons/sun.svg" }, { "value": "Week" }, { "value": "Month" }],
          "selection": { "initial": "Day", "sequence": [{ "select": "Week", "after": 0.3 }, { "select": "Month", "after": 0.4 }], "tail": 0.3 },
          "style": { "preset": "segmented" },
          "output": { "fps": 30, "scale": 2 },
          "variants": { "colorScheme": ["light", "dark"] }
        }

        """

    /// Writes the spec (`specText` unless another is given) and its icon and starts the tool with `arguments` after
    /// the spec (default `--port 0`).
    init(specText: String = PreviewRun.specText, arguments: [String] = ["--port", "0"], environment: [String: String] = [:]) throws {
        specFolder = try temporaryFolder()
        toolTemporaryFolder = try temporaryFolder()
        try FileManager.default.createDirectory(at: specFolder.appendingPathComponent("icons"), withIntermediateDirectories: true)
        try Data(specText.utf8).write(to: specFolder.appendingPathComponent("spec.json"))
        let sun = repositoryRoot.appendingPathComponent("Fixtures/gallery/icons/sun.svg")
        try FileManager.default.copyItem(at: sun, to: specFolder.appendingPathComponent("icons/sun.svg"))
        process.executableURL = try toolURL()
        process.arguments = ["preview", "spec.json"] + arguments
        process.currentDirectoryURL = specFolder
        var variables = ProcessInfo.processInfo.environment
        variables["TMPDIR"] = toolTemporaryFolder.path
        for (name, value) in environment { variables[name] = value }
        process.environment = variables
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        output = LineCollector(out)
        errors = LineCollector(err)
        try process.run()
        guard let first = output.firstLine(within: 30, while: { [process] in process.isRunning }) else {
            process.terminate()
            throw PreviewDidNotStart(stderr: errors.text)
        }
        url = first
        let address = URLComponents(string: first)
        port = address?.port ?? 0
        token = address?.queryItems?.first { $0.name == "t" }?.value ?? ""
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// What the tool printed on standard error so far.
    var stderr: String { errors.text }
    /// What the tool printed on standard output so far.
    var stdout: String { output.text }

    /// Sends `signal` and waits up to `seconds` for the tool to end; its exit status, or nil when it did not end
    /// (it is then killed).
    func stop(_ signal: Int32 = SIGTERM, seconds: Double = 10) -> Int32? {
        kill(process.processIdentifier, signal)
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        guard !process.isRunning else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return nil
        }
        process.waitUntilExit()
        return process.terminationReason == .exit ? process.terminationStatus : 128 + process.terminationStatus
    }

    /// Sends `GET path` to the tool over a plain socket, with the page's token added to its query, and returns the
    /// answer's status and body.
    func get(_ path: String) throws -> (status: Int, body: Data) {
        let answer = try ask(target: path + (path.contains("?") ? "&" : "?") + "t=" + token)
        return (answer.status, answer.body)
    }

    /// Sends `GET target` exactly as given, with a Host of 127.0.0.1 at the tool's port and `headers`; the answer's
    /// status (0 when none came within `seconds`) and body.
    func ask(target: String, headers: [String] = [], seconds: Int = 30) throws -> (status: Int, body: Data) {
        try Self.ask(port: port, target: target, headers: headers, seconds: seconds)
    }

    /// `ask(target:headers:seconds:)` of the tool on `port`, from any thread.
    static func ask(port: Int, target: String, headers: [String] = [], seconds: Int = 30) throws -> (status: Int, body: Data) {
        let descriptor = try Self.connectedSocket(port: port)
        defer { close(descriptor) }
        var limit = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        let lines = ["GET \(target) HTTP/1.1", "Host: 127.0.0.1:\(port)"] + headers + ["Connection: close", "", ""]
        let request = Array(lines.joined(separator: "\r\n").utf8)
        _ = request.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var answer = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            answer.append(contentsOf: buffer[0..<count])
        }
        guard let end = answer.range(of: Data("\r\n\r\n".utf8)) else { return (0, Data()) }
        let head = String(decoding: answer[..<end.lowerBound], as: UTF8.self)
        let status = head.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        return (status, answer[end.upperBound...])
    }

    /// A TCP socket connected to 127.0.0.1:`port`.
    static func connectedSocket(port: Int) throws -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw PythonFailed(message: "no socket") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(descriptor)
            throw PythonFailed(message: "cannot connect to port \(port)")
        }
        return descriptor
    }

    /// The tool's `/state`: its generation, its error or NSNull, and its spec.
    func state() throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: try get("/state").body) as? [String: Any] ?? [:]
    }

    /// Waits up to 5 s for `condition` to hold of `/state`; records an issue naming `what` when it does not.
    func waitForState(_ what: String, _ condition: ([String: Any]) -> Bool) throws {
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            if condition(try state()) { return }
            usleep(20_000)
        }
        Issue.record("waited 5 s for \(what); the state is \(try state())")
    }

    /// Runs `script` with python3 and `arguments`, killed after `seconds`; its standard output, or the failure.
    static func python(_ script: String, _ arguments: [String], seconds: Double = 120) throws -> String {
        let folder = try temporaryFolder()
        let file = folder.appendingPathComponent("script.py")
        try Data(script.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try runProgram("python3", [file.path] + arguments, timeLimit: seconds, timeoutFailsTest: false)
        if run.timedOut {
            throw PythonFailed(message: "the script did not finish within \(seconds) s; it printed: \(run.stderr)")
        }
        guard run.status == 0 else {
            throw PythonFailed(message: "python3 exited \(run.status): \(run.stderr.suffix(3000))")
        }
        return run.stdout
    }
}

struct PreviewDidNotStart: Error, CustomStringConvertible {
    var stderr: String
    var description: String { "pickerreel preview printed no address; standard error: \(stderr)" }
}

struct PythonFailed: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// Collects a pipe's output on a thread of its own, so the tool never stalls on a full pipe.
final class LineCollector: @unchecked Sendable {
    // @unchecked: `data` is only touched while holding `lock`.
    private let lock = NSLock()
    private var data = Data()

    init(_ pipe: Pipe) {
        let handle = pipe.fileHandleForReading
        Thread.detachNewThread { [self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                lock.lock()
                data.append(chunk)
                lock.unlock()
            }
        }
    }

    var text: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: data, as: UTF8.self)
    }

    /// The first line, once it has been written completely; nil after `seconds`, or once `writing` is false and no
    /// line came.
    func firstLine(within seconds: Double, while writing: () -> Bool) -> String? {
        let deadline = Date().addingTimeInterval(seconds)
        var lastLook = false
        while Date() < deadline {
            let text = self.text
            if let end = text.firstIndex(of: "\n") { return String(text[..<end]) }
            if lastLook { return nil }
            lastLook = !writing()
            usleep(20_000)
        }
        return nil
    }
}
