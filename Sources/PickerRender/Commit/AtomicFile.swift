import FoundationEssentials
import Glibc

/// Writes one file so that readers never see half of it: the bytes go to a hidden temporary file in the same
/// folder, which is then renamed over the destination.
package enum AtomicFile {
    /// Writes `bytes` to `path`, creating missing parent folders (and removing them again when it fails).
    ///
    /// Throws `RenderError.file` naming the path and the system's reason when the folder cannot be written.
    package static func write(_ bytes: [UInt8], to path: String) throws(RenderError) {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        let folder = url.deletingLastPathComponent()
        var isFolder = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder {
            throw RenderError.file(path: path, reason: "is a folder; give a file name")
        }
        // The folders made for the file are removed again if it cannot be written: a failure leaves nothing.
        let made = try OutputFolder.createFolders(upTo: folder)
        var written = false
        defer { if !written { OutputFolder.removeEmpty(made) } }
        // A short name of its own, not derived from the destination's: `.NAME.pickerreel-PID` was longer than the
        // 255 bytes a name may have when NAME was near that length, and the write failed for a valid name.
        let temporary = folder.appendingPathComponent(".pickerreel-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp")
        do {
            try Data(bytes).write(to: temporary)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw RenderError.file(path: path, reason: "cannot write (\(FileErrors.reason(error)))")
        }
        if rename(temporary.path, url.path) != 0 {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw RenderError.file(path: path, reason: "cannot write (\(reason))")
        }
        written = true
    }
}
