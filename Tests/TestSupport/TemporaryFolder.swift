import Foundation

/// The folder that holds this test process's temporary folders, removed when the process exits; folders left by a
/// test process that was killed are removed by the next one.
private let runFolder: URL = {
    let temporary = FileManager.default.temporaryDirectory
    let prefix = "pickerreel-test-run-"
    for name in (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? [] where name.hasPrefix(prefix) {
        if let pid = Int32(name.dropFirst(prefix.count)), kill(pid, 0) != 0, errno == ESRCH {
            removeInTheBackground(temporary.appendingPathComponent(name))
        }
    }
    let folder = temporary.appendingPathComponent("\(prefix)\(getpid())")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    atexit { removeInTheBackground(runFolder) }
    return folder
}()

/// Starts `rm -rf folder`, its output going nowhere, and does not wait for it: the CLI suites leave over a gigabyte
/// of renders, whose removal would otherwise hold up the end of the test run by minutes.
private func removeInTheBackground(_ folder: URL) {
    let remove = Process()
    remove.executableURL = URL(fileURLWithPath: "/bin/rm")
    remove.arguments = ["-rf", folder.path]
    remove.standardInput = FileHandle.nullDevice
    remove.standardOutput = FileHandle.nullDevice
    remove.standardError = FileHandle.nullDevice
    try? remove.run()
}

/// A new empty temporary folder, removed when the test process exits (a `TemporaryFolder` is removed as soon as
/// the value goes away).
public func temporaryFolder() throws -> URL {
    let url = runFolder.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// A new empty temporary folder that is removed when the value goes away (and when the test process exits at the
/// latest): keep the value, not only its `url`, for as long as the folder is used.
public final class TemporaryFolder {
    public let url: URL
    public var path: String { url.path }

    public init() throws {
        url = try temporaryFolder()
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// The path of `name` inside the folder.
    public func file(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }

    /// Makes the folder `name` inside the folder and returns its path.
    public func folder(_ name: String) throws -> String {
        try FileManager.default.createDirectory(atPath: file(name), withIntermediateDirectories: true)
        return file(name)
    }

    /// Writes `bytes` to the file `name` inside the folder and returns its path.
    public func write(_ bytes: [UInt8], as name: String) throws -> String {
        try Data(bytes).write(to: url.appendingPathComponent(name))
        return file(name)
    }
}
