import Foundation

/// A fresh directory under the system's temporary folder, removed when the value goes away.
final class TemporaryDirectory {
    let path: String

    init() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("PickerCompareTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        path = url.path
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The path of `name` inside the directory.
    func file(_ name: String) -> String {
        (path as NSString).appendingPathComponent(name)
    }

    /// Makes a subdirectory and returns its path.
    func folder(_ name: String) throws -> String {
        let folderPath = file(name)
        try FileManager.default.createDirectory(atPath: folderPath, withIntermediateDirectories: true)
        return folderPath
    }
}
