import Foundation
import Testing

/// The `pickerreel` the tests run: the one `PICKERREEL_TOOL` names (`make test` names the release build users
/// install; a path to an older build shows a regression test failing there), else the debug build beside the test
/// bundle that `swift build --build-tests` makes.
public func toolURL() throws -> URL {
    if let named = ProcessInfo.processInfo.environment["PICKERREEL_TOOL"], !named.isEmpty {
        return URL(fileURLWithPath: named)
    }
    let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("pickerreel")
    if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
    let debug = repositoryRoot.appendingPathComponent(".build/debug/pickerreel")
    if FileManager.default.isExecutableFile(atPath: debug.path) { return debug }
    throw ToolNotFound()
}

/// Why the tool cannot be run.
public struct ToolNotFound: Error, CustomStringConvertible {
    public var description: String { "the pickerreel executable was not built; run `swift build` first" }
}

/// Runs the tool as a user would, in `directory` (the repository's root when nil), like `runProcess`.
///
/// The run has a time limit, `environment` added and `input` as its standard input. Its description names the
/// binary, so a failure message says whether the release or the debug build was tested.
public func runTool(
    _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:], input: Data? = nil,
    timeLimit: Double = defaultTimeLimit, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) throws -> ProcessRun {
    try runProcess(
        try toolURL(), arguments, in: directory, environment: environment, input: input, timeLimit: timeLimit,
        fileID: fileID, filePath: filePath, line: line, column: column)
}
