import Foundation

/// Runs the tool like `runTool`, with `environment` added to this process's environment.
func runTool(_ arguments: [String], environment: [String: String], in directory: URL? = nil) throws -> ToolRun {
    let process = Process()
    process.executableURL = try toolURL()
    process.arguments = arguments
    process.currentDirectoryURL = directory ?? repositoryRoot
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return ToolRun(
        status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
        stderr: String(decoding: errData, as: UTF8.self))
}

/// Two batch renders of both example specs into `folder/expected` and `folder/actual` (one folder per spec),
/// made with the tool itself.
func batchRenders(in folder: URL) throws -> (expected: URL, actual: URL) {
    let expected = folder.appendingPathComponent("expected")
    let actual = folder.appendingPathComponent("actual")
    for output in [expected, actual] {
        let run = try runTool(["render", fixture("seed-demo.json"), fixture("numbers-vertical.json"), "-o", output.path, "-q"])
        guard run.status == 0 else { throw RenderFailed(message: run.stderr) }
    }
    return (expected, actual)
}

struct RenderFailed: Error {
    var message: String
}
