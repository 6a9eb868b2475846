import Foundation

/// Writes whole files so that a reader never sees a half-written one: the bytes go to a hidden temporary name in
/// the same folder, then `rename(2)` puts them in place in one step (same folder, so the same file system).
enum AtomicFile {
    /// Writes `bytes` to `path`, replacing any file there; throws `CompareError.cannotWriteDiff` naming `path`.
    static func write(_ bytes: [UInt8], to path: String) throws(CompareError) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        do {
            try Data(bytes).write(to: temporary)
        } catch {
            throw CompareError(.cannotWriteDiff(path: path, reason: FileReasons.reason(error)))
        }
        guard rename(temporary.path, url.path) == 0 else {
            let reason = FileReasons.currentErrno()
            try? FileManager.default.removeItem(at: temporary)
            throw CompareError(.cannotWriteDiff(path: path, reason: reason))
        }
    }

    /// Makes `folder` and its parents when missing; throws `CompareError.cannotWriteDiff` naming it.
    static func makeFolder(_ folder: String) throws(CompareError) {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw CompareError(.cannotWriteDiff(path: folder, reason: FileReasons.reason(error)))
        }
    }
}
