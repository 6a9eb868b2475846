import Foundation

/// The repository's root, found from this file's path.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

/// What one run of the tool did.
struct ToolRun {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Why the tool cannot be run.
struct ToolNotFound: Error, CustomStringConvertible {
    var description: String { "the pickerreel executable was not built; run `swift build` first" }
}

/// The built `pickerreel` beside the test bundle, or the one `PICKERREEL_TOOL` names.
func toolURL() throws -> URL {
    if let override = ProcessInfo.processInfo.environment["PICKERREEL_TOOL"], !override.isEmpty {
        return URL(fileURLWithPath: override)
    }
    let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("pickerreel")
    if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
    let debug = repositoryRoot.appendingPathComponent(".build/debug/pickerreel")
    if FileManager.default.isExecutableFile(atPath: debug.path) { return debug }
    throw ToolNotFound()
}

/// Runs the tool in `directory` and collects its output.
func runTool(_ arguments: [String], in directory: URL) throws -> ToolRun {
    let process = Process()
    process.executableURL = try toolURL()
    process.arguments = arguments
    process.currentDirectoryURL = directory
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    // Both pipes are drained at once, so neither can fill up and stall the tool.
    let errors = ReadInBackground(err.fileHandleForReading)
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = errors.wait()
    process.waitUntilExit()
    return ToolRun(
        status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
        stderr: String(decoding: errData, as: UTF8.self))
}

/// Reads a file handle to its end on another thread.
private final class ReadInBackground: @unchecked Sendable {
    // @unchecked: `data` is written once by the reading thread before `done` is signalled and read only after.
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}

/// A new empty temporary folder.
func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("pickerreel-property-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
