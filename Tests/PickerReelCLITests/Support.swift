import Foundation
import Testing

/// The repository's root, found from this file's path.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// What one run of the tool did.
struct ToolRun {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// The built `pickerreel` next to the test bundle, or the one `PICKERREEL_TOOL` names (to run the regression tests
/// against an older build and see them fail there).
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

struct ToolNotFound: Error, CustomStringConvertible {
    var description: String { "the pickerreel executable was not built; run `swift build` first" }
}

/// Runs the tool as a user would, in `directory`, and collects its output.
func runTool(_ arguments: [String], in directory: URL? = nil) throws -> ToolRun {
    let process = Process()
    process.executableURL = try toolURL()
    process.arguments = arguments
    process.currentDirectoryURL = directory ?? repositoryRoot
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    // Read before waiting, so a large output cannot fill the pipe and stall the tool.
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return ToolRun(
        status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
        stderr: String(decoding: errData, as: UTF8.self))
}

/// A new empty temporary folder.
func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("pickerreel-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

func fixture(_ name: String) -> String {
    repositoryRoot.appendingPathComponent("Fixtures/specs/\(name)").path
}

/// Every file under `folder` with its bytes, for before/after comparisons.
func snapshot(of folder: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return files }
    while let name = enumerator.nextObject() as? String {
        let url = folder.appendingPathComponent(name)
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
            files[name] = try Data(contentsOf: url)
        } else {
            files[name + "/"] = Data()
        }
    }
    return files
}
