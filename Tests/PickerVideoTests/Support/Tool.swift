import Foundation

/// Runs the ffmpeg and ffprobe executables (Debian's ffmpeg package), the independent decoder of these tests.
enum Tool {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Standard error, filled by one reader thread and read after it has finished (the group orders the two).
    private final class ErrorText: @unchecked Sendable {
        var data = Data()
    }

    /// Runs `name` (found on PATH) with `arguments` and returns its standard output; throws when it fails.
    static func run(_ name: String, _ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [name] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Read both pipes while the process runs so that neither fills up and blocks it.
        let errorText = ErrorText()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errorText.data = errors.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        let errorData = errorText.data
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(
                description: "\(name) \(arguments.joined(separator: " ")) exited with \(process.terminationStatus): "
                    + String(decoding: errorData, as: UTF8.self))
        }
        return data
    }
}
